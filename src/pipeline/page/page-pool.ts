/**
 * The page pool: worker threads (piscina) that each run `buildPages` on batches of pages,
 * write the HTML themselves and send back only the compact results, so neither the trees
 * nor the HTML cross between threads.
 *
 * A worker costs a start-up (node, tsx, and importing the pipeline, unified and React: see
 * the README for the measured figure), so small sites build in the main thread: the pool
 * is used from POOL_MIN_PAGES pages on, or whenever `--jobs N` (N > 1) asks for it.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PageSource } from '../../shared/types.ts';
import type { CompileContextData } from '../compile/index.ts';
import type { Navigation } from '../site/index.ts';
import type { RenderContext } from '../render/render-page.tsx';
import type { BuiltPage } from './build-page.ts';
import type { PageCacheSetup } from '../cache/page-cache.ts';

/** The bundled worker's URL, defined by scripts/launch.mjs when the pipeline runs from its bundle. */
declare const BUNDLED_PAGE_WORKER: string | undefined;
const WORKER_URL = typeof BUNDLED_PAGE_WORKER === 'string' ? BUNDLED_PAGE_WORKER : new URL('./page-worker.ts', import.meta.url).href;

/** Below this many pages the workers' start-up costs more than the second core gains. */
export const POOL_MIN_PAGES = 400;

/**
 * Each worker's heap limit (MB). Unlimited, a worker's heap settled at 300–350 MB, mostly
 * garbage awaiting V8's next full collection; with a limit V8 collects sooner: 10,000
 * synthetic pages peaked at 760–810 MB with 256 or 300 MB instead of ~990 unlimited, in about
 * the same time (with `--no-concurrent-marking`, see the README); 200 MB made the build 30%
 * slower. A batch whose worker runs out of it (a page of megabytes) is built again in the main
 * thread, which has no such limit.
 */
export const WORKER_HEAP_MB = 256;

/** What each worker is given once, at start: plain data it rebuilds its page environment from. */
export interface PageWorkerSetup {
  compile: CompileContextData;
  navigation: Pick<Navigation, 'sidebar' | 'byRoute'>;
  render: RenderContext;
  /** Where the worker writes the pages' files; absent, the HTML comes back (tests). */
  outDir?: string;
  /** The persistent page cache, when on: workers store the pages they build. */
  cache?: PageCacheSetup;
}

/** How many threads build pages: `requested` when given (1 = in the main thread), else every core for a large site. */
export function pageJobs(pageCount: number, requested?: number): number {
  if (requested !== undefined && Number.isFinite(requested)) return Math.max(1, Math.floor(requested));
  return pageCount >= POOL_MIN_PAGES ? availableParallelism() : 1;
}

export interface PagePool {
  /** Builds a batch of pages in some worker; results in the batch's order. */
  run(pages: PageSource[]): Promise<BuiltPage[]>;
  /** Called when a worker dies outside a batch (a batch's own failure rejects its run). */
  onError(listener: (e: unknown) => void): void;
  close(): Promise<void>;
}

export function createPagePool(setup: PageWorkerSetup, threads: number, heapMb = WORKER_HEAP_MB): PagePool {
  const pool = new Piscina({
    filename: WORKER_URL,
    minThreads: threads,
    maxThreads: threads,
    // Workers stay for the whole build; the pool is closed at its end.
    idleTimeout: Infinity,
    workerData: setup,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  return {
    run: (pages) => pool.run(pages) as Promise<BuiltPage[]>,
    onError: (listener) => pool.on('error', listener),
    close: () => pool.destroy(),
  };
}

/** A worker stopped by its heap limit; piscina starts another in its place. */
function outOfMemory(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * Builds every batch in a pool of `threads` workers, all queued at once; `done` takes each
 * batch's result as it comes. A batch whose worker ran out of heap is built by `inThisThread`
 * once the pool is closed; so is every batch not yet built when a worker dies outside a batch
 * (at start-up, say), as the pool would only start another one to die the same way. Results
 * come back in the batches' order, so diagnostics come in the same order as in one thread.
 */
export async function buildInPool(
  setup: PageWorkerSetup,
  threads: number,
  batches: PageSource[][],
  inThisThread: (batch: PageSource[]) => Promise<BuiltPage[]>,
  done: (batch: PageSource[], built: BuiltPage[]) => BuiltPage[],
  heapMb?: number,
): Promise<{ built: BuiltPage[][]; inThisThread: number; stopped?: string }> {
  const pool = createPagePool(setup, threads, heapMb);
  let stopped: string | undefined;
  pool.onError((e) => {
    stopped ??= (e as Error).message ?? String(e);
    void pool.close();
  });
  const left: number[] = [];
  let built: (BuiltPage[] | undefined)[];
  try {
    built = await Promise.all(
      batches.map(async (batch, i) => {
        try {
          return done(batch, await pool.run(batch));
        } catch (e) {
          if (!outOfMemory(e) && stopped === undefined) throw e;
          left.push(i);
          return undefined;
        }
      }),
    );
  } finally {
    await pool.close();
  }
  for (const i of left.sort((a, b) => a - b)) built[i] = done(batches[i]!, await inThisThread(batches[i]!));
  return { built: built as BuiltPage[][], inThisThread: left.length, stopped };
}
