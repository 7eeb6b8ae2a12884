/**
 * The build as a list of named stages (load → compile → site → render → emit), each a
 * function from data to data, timed and logged. Watch mode calls the same stages.
 *
 * Pages go through compile → render → emit in batches (page/build-page.ts), and a page's
 * tree is dropped once its HTML is written: the site stage needs only each page's links
 * and anchors, so memory stays flat however many pages there are. A large site's batches
 * run in a pool of worker threads (page/page-pool.ts), with the same output byte for byte.
 *
 * The stages live in build/: prepare.ts (load, navigation, assets, output folder), pages.ts
 * (compile, render and write each page, or take it from the cache), emit.ts (the site-wide
 * files, link check, service worker and stamp).
 */
import { availableParallelism } from 'node:os';
import { listPageFiles } from './load/load-pages.ts';
import { POOL_MIN_PAGES, startPagePool, type EarlyPool } from './page/page-pool.ts';
import { prepareBuild } from './build/prepare.ts';
import { buildSitePages } from './build/pages.ts';
import { emitSite } from './build/emit.ts';
import type { BuildOptions, BuildResult } from './build/options.ts';
import type { Timings } from './build/timed.ts';

export type { BuildOptions, BuildResult } from './build/options.ts';

/** A full build. Never throws for content problems: they come back as diagnostics. */
export async function buildAll(options: BuildOptions): Promise<BuildResult> {
  startEsbuild();
  // A site big enough for the pool starts its workers now, so their start-up overlaps the loading.
  // Whether the pool will build the pages is decided as pageJobs will decide it from the pages
  // loaded: by --jobs, or else by counting the page files (the same list loadSite then reads).
  const mayStartEarly = options.write !== false && options.cacheDir === undefined;
  const pageFiles = mayStartEarly && options.jobs === undefined ? await listPageFiles(options.root) : undefined;
  const usesPool = options.jobs !== undefined ? options.jobs > 1 : (pageFiles?.length ?? 0) >= POOL_MIN_PAGES;
  const early = mayStartEarly && usesPool ? startPagePool(options.jobs ?? availableParallelism(), options.workerHeapMb) : undefined;
  try {
    return await buildWith(options, early, pageFiles);
  } finally {
    await early?.close();
  }
}

/**
 * Starts esbuild's service process now, so that it is up by the time the sidebar is compiled
 * (its start-up, ~50 ms, was spent waiting there). Once per process: later builds find it running.
 */
function startEsbuild(): void {
  import('esbuild')
    .then((esbuild) => esbuild.initialize({}))
    .catch(() => {}); // already started, or it fails again where it is used, and is reported there
}

/** The stages in order: load, pages (compile and render), emit (with the site stage's link check). */
async function buildWith(options: BuildOptions, early: EarlyPool | undefined, pageFiles: string[] | undefined): Promise<BuildResult> {
  const timings: Timings = {};
  const log = options.log ?? (() => {});
  const prep = await prepareBuild(options, pageFiles, timings);
  const done = await buildSitePages(prep, options, early, timings, log);
  const emitted = await emitSite(prep, done, options, timings, log);
  const { site, navigation } = prep;
  return { site, compiled: done.compiled, navigation, outputs: [...done.outputs, ...emitted.outputs], diagnostics: emitted.diagnostics, timings };
}
