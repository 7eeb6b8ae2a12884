/**
 * The page pool: worker threads (piscina) that each run `buildPages` on batches of pages,
 * write the HTML themselves and send back only the compact results, so neither the trees
 * nor the HTML cross between threads.
 *
 * A worker costs a start-up (node, tsx, and importing the pipeline, unified and React: see
 * docs/performance.md for the measured figure), so small sites build in the main thread: the pool
 * is used from POOL_MIN_PAGES pages on, or whenever `--jobs N` (N > 1) asks for it.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PageSource } from '../../shared/types.ts';
import type { CompileContextData } from '../compile/index.ts';
import type { Navigation } from '../site/index.ts';
import type { RenderContext } from '../render/render-page.tsx';
import type { BuiltPage } from '../built-page.ts';
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
 * the same time (with `--no-concurrent-marking`, see docs/performance.md); 200 MB made the build 30%
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

/** What a worker is started with: its setup, or the name of the channel its setup will come on (see startPagePool). */
export type PageWorkerData = { setup: PageWorkerSetup } | { setupChannel: string };
/** Messages on a setup channel: a worker asks, the main thread answers with the setup. */
export type SetupMessage = { kind: 'ready' } | { kind: 'setup'; setup: PageWorkerSetup };

export function createPagePool(setup: PageWorkerSetup, threads: number, heapMb = WORKER_HEAP_MB): PagePool {
  return poolOf({ setup }, threads, heapMb);
}

function poolOf(workerData: PageWorkerData, threads: number, heapMb: number): PagePool {
  const pool = new Piscina({
    filename: WORKER_URL,
    minThreads: threads,
    maxThreads: threads,
    // Workers stay for the whole build; the pool is closed at its end.
    idleTimeout: Infinity,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  // A worker can die before anyone listens (a pool started early, see startPagePool): the
  // error is kept for the listener to come, and never left unhandled.
  const errors: unknown[] = [];
  const listeners: ((e: unknown) => void)[] = [];
  pool.on('error', (e) => {
    errors.push(e);
    for (const listener of listeners) listener(e);
  });
  let closed: Promise<void> | undefined;
  return {
    run: (pages) => pool.run(pages) as Promise<BuiltPage[]>,
    onError: (listener) => {
      listeners.push(listener);
      for (const e of errors) listener(e);
    },
    close: () => (closed ??= pool.destroy()),
  };
}

/** A pool started before its setup is known; `provide` gives the setup to every worker, now or when it asks. */
export interface EarlyPool {
  pool: PagePool;
  provide(setup: PageWorkerSetup): void;
  /** Stops answering workers and closes the pool (a pool closes once; later calls wait for it). */
  close(): Promise<void>;
}

let channels = 0;

/**
 * Starts the pool's workers while the site is still loading: a worker's start-up (importing
 * the pipeline, unified, micromark, React; ~0.9 s) then overlaps the loading, which at 10,000
 * pages takes about as long, instead of following it. Each worker says it is ready on a
 * BroadcastChannel and takes the first setup it hears; the setup is sent once it is known and
 * again to any worker that says it is ready later.
 */
export function startPagePool(threads: number, heapMb = WORKER_HEAP_MB): EarlyPool {
  const name = `questdb-docs-page-setup-${process.pid}-${++channels}`;
  const channel = new BroadcastChannel(name);
  let setup: PageWorkerSetup | undefined;
  const send = () => setup !== undefined && channel.postMessage({ kind: 'setup', setup } satisfies SetupMessage);
  channel.onmessage = (event) => {
    if ((event as MessageEvent<SetupMessage>).data.kind === 'ready') send();
  };
  const pool = poolOf({ setupChannel: name }, threads, heapMb);
  return {
    pool,
    provide(given) {
      setup = given;
      send();
    },
    close() {
      channel.close();
      return pool.close();
    },
  };
}

/** A worker stopped by its heap limit; piscina starts another in its place. */
function outOfMemory(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * Builds every batch in `pool` (closed at the end), all queued at once; `done` takes each
 * batch's result as it comes. A batch whose worker ran out of heap is built by `inThisThread`
 * once the pool is closed; so is every batch not yet built when a worker dies outside a batch
 * (at start-up, say), as the pool would only start another one to die the same way. Results
 * come back in the batches' order, so diagnostics come in the same order as in one thread.
 */
export async function buildInPool(
  pool: PagePool,
  batches: PageSource[][],
  inThisThread: (batch: PageSource[]) => Promise<BuiltPage[]>,
  done: (batch: PageSource[], built: BuiltPage[]) => BuiltPage[],
): Promise<{ built: BuiltPage[][]; inThisThread: number; stopped?: string }> {
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
