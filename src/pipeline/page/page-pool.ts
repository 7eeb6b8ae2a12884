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
  close(): Promise<void>;
}

export function createPagePool(setup: PageWorkerSetup, threads: number): PagePool {
  const pool = new Piscina({
    filename: WORKER_URL,
    minThreads: threads,
    maxThreads: threads,
    // Workers stay for the whole build; the pool is closed at its end.
    idleTimeout: Infinity,
    workerData: setup,
  });
  return {
    run: (pages) => pool.run(pages) as Promise<BuiltPage[]>,
    close: () => pool.destroy(),
  };
}
