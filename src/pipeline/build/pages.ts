/**
 * Stage 2, pages: each page compiled, rendered and written (page/build-page.ts), in batches,
 * in this thread or a pool of workers, or taken from the persistent cache when its entry
 * still matches; then every page's result back in the pages' order.
 */
import type { CompiledPage } from '../../shared/types.ts';
import { siteConfig } from '../../shared/site-config.ts';
import type { LoadedSite } from '../load/index.ts';
import { readBody } from '../load/load-pages.ts';
import type { FileDigest, OutputFile } from '../emit/output.ts';
import { writeBuiltFiles } from '../emit/write-output.ts';
import type { PageSearchData } from '../search/records.ts';
// Loaded only when a page must be built: compiling needs unified, micromark, refractor and
// more (about 0.3 s of start-up), which a build served wholly from the cache never uses.
import type { PageEnvironment } from '../page/build-page.ts';
import type { BuiltPage } from '../built-page.ts';
import { buildInPool, createPagePool, pageJobs, type EarlyPool } from '../page/page-pool.ts';
import { cachedOutputs, lookupPage, type PageCacheSetup } from '../cache/page-cache.ts';
import { siteKey } from '../cache/site-key.ts';
import type { PagePack } from '../cache/page-pack.ts';
import type { Prepared } from './prepare.ts';
import type { BuildOptions } from './options.ts';
import { timed, type Timings } from './timed.ts';

/** Pages compiled and rendered together; small enough to keep memory flat, large enough to keep the pipeline busy. */
const BATCH = 48;

/** Every page built or taken from the cache, in the pages' order. */
export interface PagesDone {
  compiled: CompiledPage[];
  outputs: OutputFile[];
  search: PageSearchData[];
  digests: Map<string, FileDigest>;
  /** Each page's cache entry key, by page file (for the stamp) and by route (for the search records). */
  pageKeys: Map<string, string>;
  routeKeys: Map<string, string>;
  builtByFile: Map<string, BuiltPage>;
  cache?: PageCacheSetup;
}

/** The pages stage. */
export async function buildSitePages(prep: Prepared, options: BuildOptions, early: EarlyPool | undefined, timings: Timings, log: (line: string) => void): Promise<PagesDone> {
  const { site } = prep;
  const pageOutDir = prep.write ? prep.outDir : undefined;
  // With the cache on, pages whose entry still matches are taken from it; only the others are built.
  const cache = options.cacheDir === undefined ? undefined : await timed('load', timings, () => openCache(options.cacheDir!, prep));
  /** Page files whose outputs were left in place, as the previous build wrote them. */
  const leftInPlace = new Set<string>();
  const results: (BuiltPage | undefined)[] = cache ? await timed('pages', timings, () => cachedPages(cache, site.pages, pageOutDir, prep.inPlace, leftInPlace, prep.pack, prep.fileHashes)) : [];
  results.forEach((b, i) => b && dropBodies([site.pages[i]!], [b]));
  const toBuild = site.pages.filter((_, i) => results[i] === undefined);
  // Pages loaded from the pack are read now that they must be built.
  for (const page of toBuild) if (site.unread?.has(page)) readBody(prep.root, page);
  if (cache) log(`  cache: ${site.pages.length - toBuild.length} of ${site.pages.length} pages from ${options.cacheDir}`);
  const env: PageEnvironment = { compile: prep.context, navigation: prep.navigation, render: prep.ctx, cache };
  const built = await timed('pages', timings, () => buildPagesOf(toBuild, env, pageOutDir, options, early, prep, log));
  return inPageOrder(site.pages, results, built, leftInPlace, prep, cache);
}

/** The pages that the cache did not give, built in this thread or in the pool. */
async function buildPagesOf(toBuild: LoadedSite['pages'], env: PageEnvironment, pageOutDir: string | undefined, options: BuildOptions, early: EarlyPool | undefined, prep: Prepared, log: (line: string) => void): Promise<BuiltPage[]> {
  if (toBuild.length === 0) return []; // everything came from the cache
  const batches: (typeof toBuild)[] = [];
  for (let i = 0; i < toBuild.length; i += BATCH) batches.push(toBuild.slice(i, i + BATCH));
  const jobs = pageJobs(toBuild.length, options.jobs);
  // One batch in this thread: every batch with --jobs 1, a pool's batches its workers could not build.
  const inThisThread = async (batch: typeof toBuild) => {
    const { buildPages } = await import('../page/build-page.ts');
    return buildPages(batch, env, pageOutDir);
  };
  const built: BuiltPage[] = [];
  if (jobs === 1) {
    for (const batch of batches) built.push(...dropBodies(batch, await inThisThread(batch)));
    return built;
  }
  const { navigation } = prep;
  const setup = { compile: prep.contextData, navigation: { sidebar: navigation.sidebar, byRoute: navigation.byRoute }, render: prep.ctx, outDir: pageOutDir, cache: env.cache };
  early?.provide(setup);
  const pool = early?.pool ?? createPagePool(setup, jobs, options.workerHeapMb);
  const pooled = await buildInPool(pool, batches, inThisThread, dropBodies);
  for (const b of pooled.built) built.push(...b);
  if (pooled.stopped !== undefined) {
    log(`  the page workers stopped (${pooled.stopped}); ${pooled.inThisThread} batch(es) built in the main thread`);
    return built;
  }
  if (pooled.inThisThread > 0) log(`  ${pooled.inThisThread} batch(es) built in the main thread: their worker ran out of its heap`);
  log(`  pages built by ${jobs} worker threads`);
  return built;
}

/** Cached and built pages back in the pages' order, with what the later stages collect from them. */
function inPageOrder(pages: LoadedSite['pages'], results: (BuiltPage | undefined)[], built: BuiltPage[], leftInPlace: Set<string>, prep: Prepared, cache?: PageCacheSetup): PagesDone {
  const done: PagesDone = { compiled: [], outputs: [], search: [], digests: new Map(), pageKeys: new Map(), routeKeys: new Map(), builtByFile: new Map(), cache };
  let next = 0;
  for (let i = 0; i < pages.length; i++) {
    const b = results[i] ?? built[next++]!;
    done.builtByFile.set(pages[i]!.file, b);
    done.compiled.push(b.page);
    done.outputs.push(...b.outputs);
    const paths = b.outputs.map((f) => f.path);
    if (leftInPlace.has(b.page.source.file)) prep.folder?.kept(paths);
    else prep.folder?.wrote(paths);
    if (b.search) done.search.push(b.search);
    for (const d of b.digests ?? []) done.digests.set(d.path, d);
    if (b.cacheKey !== undefined) {
      done.pageKeys.set(b.page.source.file, b.cacheKey);
      done.routeKeys.set(b.page.source.route, b.cacheKey);
    }
  }
  return done;
}

/**
 * Once a batch is built, its pages' markdown is needed no more: both copies of each body (the
 * loaded page and, from a worker, the one sent back) are emptied, so the build holds no page
 * text for the rest of the run (130 MB at 10,000 synthetic pages).
 */
function dropBodies(sources: LoadedSite['pages'], built: BuiltPage[]): BuiltPage[] {
  for (const s of sources) s.body = '';
  for (const b of built) b.page.source.body = '';
  return built;
}

/** The cache for this build: its folder and the site key every entry must match. */
async function openCache(dir: string, prep: Prepared): Promise<PageCacheSetup> {
  const { site, ctx, navigation, contextData } = prep;
  const shared = {
    render: { config: ctx.config, release: ctx.release, assets: ctx.assets, mermaid: ctx.mermaid },
    navigation: { sidebar: navigation.sidebar, byRoute: navigation.byRoute },
    routes: contextData.routesByFile,
    examples: contextData.examples,
    repository: site.repository,
    sidebars: site.sidebarsText,
    url: siteConfig.url,
  };
  return { dir, root: site.root, siteKey: await siteKey({ root: site.root, pageFiles: site.pages.map((p) => p.file), shared, fileHashes: prep.fileHashes }) };
}

/**
 * Each page's cached result, or undefined where it must be built. With `outDir`, a page's
 * files are written as soon as its entry is read and then dropped, so a warm build holds one
 * page's HTML at a time, as a cold one holds a batch; without, their text is kept as strings.
 */
async function cachedPages(cache: PageCacheSetup, pages: LoadedSite['pages'], outDir: string | undefined, inPlace: Map<string, string> | undefined, leftInPlace: Set<string>, pack?: PagePack, fileHashes?: ReadonlyMap<string, string>): Promise<(BuiltPage | undefined)[]> {
  const results: (BuiltPage | undefined)[] = new Array(pages.length);
  for (const [i, page] of pages.entries()) {
    const packed = pack?.built(page.file);
    const built = await lookupPage(cache, page, packed, fileHashes);
    if (built === undefined) continue;
    if (outDir !== undefined && inPlace?.get(page.file) === built.cacheKey) {
      // Its files are as the previous build wrote them from this same entry: nothing to write.
      results[i] = built;
      leftInPlace.add(page.file);
      if (built === packed) pack!.taken(page.file);
      continue;
    }
    const outputs = cachedOutputs(cache, page, built.cacheKey);
    if (outputs === undefined) continue; // the bytes are gone: the page is built again
    if (outDir !== undefined) {
      built.outputs = outputs;
      await writeBuiltFiles(outDir, built);
    } else {
      built.outputs = outputs.map((f) => ('contents' in f && typeof f.contents !== 'string' ? { path: f.path, contents: new TextDecoder().decode(f.contents) } : f));
    }
    results[i] = built;
    if (built === packed) pack!.taken(page.file);
  }
  return results;
}
