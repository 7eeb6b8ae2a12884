/**
 * The build as a list of named stages (load → compile → site → render → emit), each a
 * function from data to data, timed and logged. Watch mode calls the same stages.
 *
 * Pages go through compile → render → emit in batches (page/build-page.ts), and a page's
 * tree is dropped once its HTML is written: the site stage needs only each page's links
 * and anchors, so memory stays flat however many pages there are. A large site's batches
 * run in a pool of worker threads (page/page-pool.ts), with the same output byte for byte.
 */
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { CompiledPage, Diagnostic } from '../shared/types.ts';
import { siteConfig } from '../shared/site-config.ts';
import { loadSite, type LoadedSite } from './load/index.ts';
import { compileContextData, compileContextFrom } from './compile/make-context.ts';
import { buildNavigation, type Navigation } from './site/index.ts';
import { checkLinks } from './site/check-links.ts';
import { buildAssets, type BuiltAssets } from './render/assets.ts';
import { renderNotFoundPage, type RenderContext } from './render/render-page.tsx';
import { FULL_SIDEBAR_FILE, fullSidebarFile, renderSidebarBase } from './render/sidebar-html.ts';
import { bytesOfPiece, inMemory, written, type FileDigest, type OutputFile, type Piece } from './emit/output.ts';
import { renderSitemap } from './emit/sitemap.ts';
import { renderManifest } from './emit/manifest.ts';
import { publicFiles } from './emit/public-files.ts';
import { writeBuiltFiles } from './emit/write-output.ts';
import { OutputFolder } from './emit/output-folder.ts';
import { outputPathForRoute } from './load/routes.ts';
import { llmsSections, writeLlmsFiles, type LlmsLayout } from './markdown/llms.ts';
import { llmsPaths, writeLlmsInto, writeLlmsInWorker, type LlmsContent } from './markdown/llms-output.ts';
import { sidebarSections } from './site/sidebar-sections.ts';
import { markdownOutputPath } from './markdown/paths.ts';
import { SERVICE_WORKER_FILE, writeServiceWorker } from './emit/service-worker.ts';
import type { PageSearchData } from './search/records.ts';
// Loaded only when a page must be built: compiling needs unified, micromark, refractor and
// more (about 0.3 s of start-up), which a build served wholly from the cache never uses.
import type { BuiltPage, PageEnvironment } from './page/build-page.ts';
import { buildInPool, createPagePool, pageJobs, POOL_MIN_PAGES, startPagePool, type EarlyPool } from './page/page-pool.ts';
import { availableParallelism } from 'node:os';
import { listPageFiles, readBody } from './load/load-pages.ts';
import { cachedOutputs, lookupPage, pruneCache, type PageCacheSetup } from './cache/page-cache.ts';
import { siteKey } from './cache/site-key.ts';
import { beginStamp, writeStamp, type StampCheck, type StampPlace } from './cache/build-stamp.ts';
import { PagePack, writePack } from './cache/page-pack.ts';
import { CONTENT_FILE, CONTENT_GROUPS, RECORDS_FILE, searchFiles, type SearchReuse } from './search/index-files.ts';
import { RECORD_GROUPS } from './search/records-file.ts';
import { closePreviousFile, openPreviousFile } from './search/fragment-file.ts';
import { shardPathsIn } from './search/shards.ts';
import { searchSettings } from './search/settings.ts';
import { renderOfflinePage, renderSearchPage, siteHeaders } from './render/render-page.tsx';
import { headersFile } from './policy/csp.ts';
import { inside, outputTarget } from './policy/paths.ts';
import { checkSiteConfigUrls } from './policy/site-config-urls.ts';

/** Pages compiled and rendered together; small enough to keep memory flat, large enough to keep the pipeline busy. */
const BATCH = 48;

export interface BuildOptions {
  root: string;
  /** Where to write; default `<root>/build`. */
  outDir?: string;
  /** False keeps the output in memory (tests). */
  write?: boolean;
  log?: (line: string) => void;
  /** Threads that build pages; 1 builds them in this thread. Default: every core from POOL_MIN_PAGES pages on. */
  jobs?: number;
  /** A folder for the persistent page cache (see cache/page-cache.ts); none by default. */
  cacheDir?: string;
  /** Each pool worker's heap limit in MB; default WORKER_HEAP_MB (tests set a small one). */
  workerHeapMb?: number;
  /** The build stamp's check, when the caller has just made it (cache/build-stamp.ts's checkStamp). */
  stampCheck?: StampCheck;
}

export interface BuildResult {
  site: LoadedSite;
  /** Every page's compile result; trees are emptied once rendered. */
  compiled: CompiledPage[];
  navigation: Navigation;
  /** Every output file (HTML contents are kept only when not writing). */
  outputs: OutputFile[];
  diagnostics: Diagnostic[];
  timings: Record<string, number>;
}

/** Runs `fn` and adds its duration to `timings[name]`. */
export async function timed<T>(name: string, timings: Record<string, number>, fn: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[name] = (timings[name] ?? 0) + performance.now() - start;
  }
}

/**
 * The render context every page of a build shares (watch mode passes the sidebar it keeps
 * between edits). Throws SearchConfigError when Algolia is half configured.
 */
export function renderContext(site: LoadedSite, navigation: Navigation, assets: BuiltAssets, devScript?: string, sidebarHtml = renderSidebarBase(navigation.sidebar)): RenderContext {
  const indexed = site.pages.filter((p) => !p.frontMatter.noindex && !p.hidden).length;
  const config = { ...siteConfig, search: searchSettings(process.env, assets.searchCss, siteConfig.docsRepository, indexed) };
  return { config, release: site.release, sidebar: navigation.sidebar, sidebarHtml, assets: assets.assets, devScript, mermaid: assets.mermaid };
}

/**
 * What a cached build over its own output gives the llms files: each page's cache entry key
 * by route, and the previous whole-site file's layout; `layout` gets the new one's (for the stamp).
 */
export interface LlmsReuse {
  keys: Map<string, string>;
  previous?: LlmsLayout;
  layout?: LlmsLayout;
}

/** The search index files; emitted with Algolia too, as records.json is what `npm run search:upload` sends. */
export function searchOutputFiles(pages: PageSearchData[], navigation: Navigation, reuse?: SearchReuse): OutputFile[] {
  return searchFiles(inSidebarOrder(pages, navigation), siteConfig.url, reuse);
}

/** Pages in sidebar order (the search index's tie-break), unlisted ones last. */
function inSidebarOrder(pages: PageSearchData[], navigation: Navigation): PageSearchData[] {
  const order = new Map([...navigation.byRoute.keys()].map((route, i) => [route, i]));
  return [...pages].sort((a, b) => (order.get(a.route) ?? Infinity) - (order.get(b.route) ?? Infinity));
}

/**
 * The site files made from the render context and the indexable routes alone: 404, search
 * page, sitemap, manifest, headers, the full sidebar. A cached build over its own output keeps
 * them in place when their key (the site key, which covers the render context, and the
 * indexable routes) is the previous build's.
 */
async function contextFiles(ctx: RenderContext, indexable: string[]): Promise<OutputFile[]> {
  return [
    { path: '404.html', contents: renderNotFoundPage(ctx) },
    { path: 'search/index.html', contents: renderSearchPage(ctx) },
    { path: 'offline/index.html', contents: renderOfflinePage(ctx) },
    { path: 'sitemap.xml', contents: await renderSitemap(siteConfig.url, indexable) },
    { path: 'manifest.webmanifest', contents: renderManifest(siteConfig) },
    // A very large sidebar is drawn per page as an outline; the whole list is this one file.
    ...(ctx.sidebarHtml?.outline ? [{ path: FULL_SIDEBAR_FILE, contents: fullSidebarFile(ctx.sidebarHtml) }] : []),
    // The CSP and the other security headers, for hosts that read Netlify's format.
    { path: '_headers', contents: headersFile(ctx.config.basePath, siteHeaders(ctx)) },
  ];
}

const indexableRoutes = (compiled: CompiledPage[]) => compiled.filter((c) => !c.source.frontMatter.noindex).map((c) => c.source.route);

/** The key of contextFiles' files: the site key and the indexable routes. */
const contextFilesKey = (siteKey: string, compiled: CompiledPage[]) => createHash('sha256').update(siteKey).update('\0').update(indexableRoutes(compiled).join('\n')).digest('hex');

/** Site-wide files besides the pages and contextFiles': search index, assets (feature files only when used), public/. */
async function siteFiles(root: string, compiled: CompiledPage[], assets: BuiltAssets, search: PageSearchData[], navigation: Navigation, reuse?: SearchReuse): Promise<OutputFile[]> {
  return [
    ...searchOutputFiles(search, navigation, reuse),
    ...assets.files,
    ...(compiled.some((c) => c.features.math) ? assets.featureFiles.math : []),
    ...(compiled.some((c) => c.features.mermaidPending) ? assets.featureFiles.mermaidPending : []),
    ...(await publicFiles(root)),
  ];
}

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

async function buildWith(options: BuildOptions, early: EarlyPool | undefined, pageFiles: string[] | undefined): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const { root } = options;
  const log = options.log ?? (() => {});
  const write = options.write !== false;
  const outDir = options.outDir ?? join(root, 'build');
  // A cached build that writes is stamped when done (cache/build-stamp.ts), from its inputs as they are now.
  const stampPlace: StampPlace | undefined = options.cacheDir !== undefined && write ? { cacheDir: options.cacheDir, root, outDir } : undefined;
  // The assets depend on the build's code alone: esbuild bundles them in its own process while this one loads the site.
  const assetsBuilt = buildAssets({});
  assetsBuilt.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled before then
  const stamp = stampPlace && (await timed('load', timings, () => beginStamp(stampPlace, options.stampCheck)));
  // The page pack (cache/page-pack.ts): pages whose bytes the stamp check found as the pack has them are not read again.
  const pack = stampPlace && (await timed('load', timings, () => PagePack.open(stampPlace.cacheDir, root)));
  const fileHashes = stamp?.fileHashes;
  const site = await timed('load', timings, () => loadSite(root, pageFiles, pack && { fileHashes, previous: (file, hash) => pack.read(file, hash) }));
  const contextData = compileContextData(site);
  const context = compileContextFrom(contextData);
  const navigation = await timed('site', timings, () => buildNavigation(site));
  const assets = await timed('render', timings, () => assetsBuilt);
  const ctx = renderContext(site, navigation, assets);
  // The previous build's files are written over, not removed first (see emit/output-folder.ts).
  // The stamp check's listing of the folder, unless the cache (and so the stamp removed since) lies inside it.
  const listing = stampPlace && !inside(resolve(stampPlace.cacheDir), resolve(outDir)) ? stamp?.listing : undefined;
  const folder = write ? await timed('emit', timings, () => OutputFolder.open(outDir, listing)) : undefined;
  const madeWay = folder?.makeWay(site.pages.flatMap((p) => [outputPathForRoute(p.route), markdownOutputPath(p.route)]));
  // The previous build's page files still in place (unless making way for this build's removed any).
  const inPlace = madeWay === false ? stamp?.inPlace : undefined;

  const compiled: CompiledPage[] = [];
  const outputs: OutputFile[] = [];
  const search: PageSearchData[] = [];
  const digests = new Map<string, FileDigest>();
  const pageOutDir = write ? outDir : undefined;

  // With the cache on, pages whose entry still matches are taken from it; only the others are built.
  const cache = options.cacheDir === undefined ? undefined : await timed('load', timings, () => openCache(options.cacheDir!, site, contextData, navigation, ctx, fileHashes));
  /** Page files whose outputs were left in place, as the previous build wrote them. */
  const leftInPlace = new Set<string>();
  const results: (BuiltPage | undefined)[] = cache ? await timed('pages', timings, () => cachedPages(cache, site.pages, pageOutDir, inPlace, leftInPlace, pack, fileHashes)) : [];
  results.forEach((b, i) => b && dropBodies([site.pages[i]!], [b]));
  const toBuild = site.pages.filter((_, i) => results[i] === undefined);
  // Pages loaded from the pack are read now that they must be built.
  for (const page of toBuild) if (site.unread?.has(page)) readBody(root, page);
  if (cache) log(`  cache: ${site.pages.length - toBuild.length} of ${site.pages.length} pages from ${options.cacheDir}`);

  const batches: (typeof site.pages)[] = [];
  for (let i = 0; i < toBuild.length; i += BATCH) batches.push(toBuild.slice(i, i + BATCH));
  const jobs = pageJobs(toBuild.length, options.jobs);
  const built: BuiltPage[] = [];
  const env: PageEnvironment = { compile: context, navigation, render: ctx, cache };
  // One batch in this thread: every batch with --jobs 1, a pool's batches its workers could not build.
  const inThisThread = async (batch: typeof site.pages) => {
    const { buildPages } = await import('./page/build-page.ts');
    return buildPages(batch, env, pageOutDir);
  };
  if (toBuild.length === 0) {
    // Everything came from the cache.
  } else if (jobs === 1) {
    await timed('pages', timings, async () => {
      for (const batch of batches) built.push(...dropBodies(batch, await inThisThread(batch)));
    });
  } else {
    await timed('pages', timings, async () => {
      const setup = { compile: contextData, navigation: { sidebar: navigation.sidebar, byRoute: navigation.byRoute }, render: ctx, outDir: pageOutDir, cache };
      early?.provide(setup);
      const pool = early?.pool ?? createPagePool(setup, jobs, options.workerHeapMb);
      const pooled = await buildInPool(pool, batches, inThisThread, dropBodies);
      for (const b of pooled.built) built.push(...b);
      if (pooled.stopped !== undefined) {
        log(`  the page workers stopped (${pooled.stopped}); ${pooled.inThisThread} batch(es) built in the main thread`);
        return;
      }
      if (pooled.inThisThread > 0) log(`  ${pooled.inThisThread} batch(es) built in the main thread: their worker ran out of its heap`);
      log(`  pages built by ${jobs} worker threads`);
    });
  }
  // Cached and built pages back in the pages' order.
  /** Each page's cache entry key, by page file (for the stamp) and by route (for the search records). */
  const pageKeys = new Map<string, string>();
  const routeKeys = new Map<string, string>();
  const builtByFile = new Map<string, BuiltPage>();
  let next = 0;
  for (let i = 0; i < site.pages.length; i++) {
    const b = results[i] ?? built[next++]!;
    builtByFile.set(site.pages[i]!.file, b);
    compiled.push(b.page);
    outputs.push(...b.outputs);
    const paths = b.outputs.map((f) => f.path);
    if (leftInPlace.has(b.page.source.file)) folder?.kept(paths);
    else folder?.wrote(paths);
    if (b.search) search.push(b.search);
    for (const d of b.digests ?? []) digests.set(d.path, d);
    if (b.cacheKey !== undefined) {
      pageKeys.set(b.page.source.file, b.cacheKey);
      routeKeys.set(b.page.source.route, b.cacheKey);
    }
  }
  // The next build's pack, written meanwhile (awaited before the stamp).
  const packWrite = pack && site.reads ? writePack(stampPlace.cacheDir, root, site.reads, builtByFile, pack) : undefined;
  // Over its own previous output, a cached build copies unchanged pages' parts of the two large
  // search files from the files there, and keeps its shards when they would be the same.
  const reuse: SearchReuse = {
    keys: routeKeys,
    records: { size: 0, pages: [] },
    content: { size: 0, pages: [] },
    siteKey: cache?.siteKey,
    previousShards: folder ? stamp?.search?.shards : undefined,
    keepShards: () => (folder ? shardPathsIn(folder.dir) : undefined),
  };
  const closePrevious = () => [reuse.previousRecords, reuse.previousContent].forEach(closePreviousFile);
  // The 404 and search pages, sitemap and the like stay in place when made from the same context and routes.
  const contextKey = cache && folder ? contextFilesKey(cache.siteKey, compiled) : undefined;
  const keptContext = inPlace !== undefined && contextKey !== undefined && stamp?.contextFiles?.key === contextKey ? stamp.contextFiles : undefined;
  let contextPaths: string[] = [];
  // The llms files are made in a worker thread meanwhile (when the build's pages are), and the
  // two large search files written on libuv's threads: all are awaited before stale files are removed.
  const llmsReuse: LlmsReuse = { keys: routeKeys, previous: folder ? stamp?.search?.llms : undefined };
  const llmsWrite = emitLlmsFiles(compiled, navigation, site.release, outputs, folder, log, pageJobs(site.pages.length, options.jobs) > 1, llmsReuse);
  llmsWrite.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled before then
  const background: Promise<unknown>[] = [];
  let rest: OutputFile[];
  try {
    rest = await timed('emit', timings, async () => {
      const previous = folder ? stamp?.search : undefined;
      if (previous?.records) reuse.previousRecords = openPreviousFile(outputTarget(outDir, RECORDS_FILE), previous.records, RECORD_GROUPS);
      if (previous?.content) reuse.previousContent = openPreviousFile(outputTarget(outDir, CONTENT_FILE), previous.content, CONTENT_GROUPS);
      const context = keptContext ? [] : await contextFiles(ctx, indexableRoutes(compiled));
      contextPaths = keptContext?.digests.map((d) => d.path) ?? context.map((f) => f.path);
      if (keptContext && folder) {
        folder.kept(contextPaths);
        for (const d of keptContext.digests) digests.set(d.path, d);
      }
      const files = [...context, ...(await siteFiles(root, compiled, assets, search, navigation, reuse))];
      if (reuse.previousRecords) log(`  search records: ${search.filter((s) => reuse.previousRecords!.byKey.has(routeKeys.get(s.route) ?? '')).length} of ${search.length} pages' records copied from the previous build`);
      if (!folder) return files.map(inMemory);
      const large = (f: OutputFile): f is Extract<OutputFile, { pieces: unknown }> => (f.path === RECORDS_FILE || f.path === CONTENT_FILE) && 'pieces' in f;
      for (const f of files.filter(large)) {
        // content.json is precached (its revision is needed); records.json is not.
        const write = folder.streamInBackground(f.path, f.pieces(), f.path === CONTENT_FILE).then((d) => f.path === CONTENT_FILE && digests.set(d.path, d));
        write.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled before then
        background.push(write);
      }
      for (const d of await folder.write(files.filter((f) => !large(f)))) digests.set(d.path, d);
      if (reuse.keptShards) {
        folder.kept(reuse.keptShards);
        log(`  search shards: ${reuse.keptShards.length - 1} kept from the previous build (the headings index is the same)`);
      }
      // Written files keep only their paths, as pages do: the search files of a big site are 100+ MB.
      return files.map(written);
    });
  } catch (e) {
    // Nothing is left writing into the folder, or holding the previous files open, when the build fails.
    await Promise.allSettled([llmsWrite, ...background]);
    closePrevious();
    throw e;
  }
  outputs.push(...rest);
  // Checked while the files above are written.
  const linkDiagnostics = await timed('site', timings, () => checkLinks(compiled, context.hasStaticFile));
  if (cache) await pruneCache(cache, site.pages.map((p) => p.file));
  outputs.push(...(await timed('emit', timings, () => llmsWrite)));
  try {
    await timed('emit', timings, () => Promise.all(background));
  } finally {
    closePrevious();
  }
  const notes: string[] = [];
  if (folder) {
    folder.wrote([SERVICE_WORKER_FILE]); // written next, once the folder holds only this build's files
    await timed('emit', timings, () => folder.removeStale());
    const sw = await timed('emit', timings, () => writeServiceWorker(outDir, assets.assets.buildId, folder.files(), digests));
    log(`  service worker: ${sw.precached} files (${(sw.bytes / 1024 / 1024).toFixed(1)} MB) precached in offline mode`);
    notes.push(...sw.warnings.map((w) => `  service worker warning: ${w}`));
  }
  notes.forEach(log);
  for (const name of ['load', 'pages', 'site', 'render', 'emit']) log(`  ${name.padEnd(8)} ${(timings[name] ?? 0).toFixed(0).padStart(6)} ms`);
  const diagnostics = [...checkSiteConfigUrls(siteConfig), ...site.diagnostics, ...navigation.diagnostics, ...compiled.flatMap((p) => p.diagnostics), ...linkDiagnostics];
  await packWrite;
  if (stampPlace && stamp?.inputs !== undefined) {
    // The folder as this build leaves it, from its listing at the start and the files written since (see writeStamp).
    const after = folder && listing ? { before: listing, files: folder.files(), kept: folder.keptFiles() } : undefined;
    // Kept next time only with a digest for each of them (the service worker lists them from these).
    const contextDigests = contextPaths.flatMap((path) => digests.get(path) ?? []);
    const keyed = contextKey !== undefined && contextDigests.length === contextPaths.length ? { key: contextKey, digests: contextDigests } : undefined;
    const search = { records: reuse.records, content: reuse.content, shards: reuse.shards, llms: llmsReuse.layout };
    await timed('emit', timings, () => writeStamp(stampPlace, stamp.inputs!, stamp.inputStates, { pages: compiled.length, diagnostics, notes, pageKeys, search, contextFiles: keyed }, after));
  }
  return { site, compiled, navigation, outputs, diagnostics, timings };
}

/**
 * llms.txt and the llms-full.txt files, from the pages' Markdown copies: read back from the
 * output folder when the build writes (so no page's text is held; in a worker thread, see
 * markdown/llms-output.ts), else from the pages' `outputs`. Answers the new files (as paths
 * only once written).
 */
export async function emitLlmsFiles(compiled: CompiledPage[], navigation: Navigation, release: LoadedSite['release'], outputs: OutputFile[], folder?: OutputFolder, log: (line: string) => void = () => {}, inWorker = false, reuse?: LlmsReuse): Promise<OutputFile[]> {
  const pages = new Map(compiled.map((c) => [c.source.route, { route: c.source.route, title: c.source.frontMatter.title, description: c.source.frontMatter.description ?? '', noindex: c.source.frontMatter.noindex, key: reuse?.keys.get(c.source.route) }]));
  const content: LlmsContent = { sections: llmsSections(sidebarSections(navigation.sidebar), pages), origin: siteConfig.url, basePath: siteConfig.basePath, tagline: siteConfig.tagline, release, previous: folder && reuse?.previous };
  if (folder !== undefined) {
    const paths = llmsPaths(content);
    folder.makeWay(paths);
    folder.wrote(paths);
    // A worker thread pays for its start-up only on a large site: `inWorker` when the build uses
    // worker threads for its pages; on a small site it only adds its memory (a 5 MB page: +40-60 MB at the peak).
    const written = inWorker ? await writeLlmsInWorker(folder.dir, content) : await writeLlmsInto(folder.dir, content);
    if ('failed' in written && written.failed) log(`  llms files: written in the main thread, as their worker thread failed (${written.failed})`);
    if (reuse) reuse.layout = written.layout;
    return paths.map((path) => ({ path, contents: '' }));
  }
  const inMemory = new Map<string, string>();
  for (const f of outputs) if (f.path.endsWith('.md') && 'contents' in f) inMemory.set(f.path, String(f.contents));
  const made = new Map<string, Buffer>();
  const files: OutputFile[] = [];
  const keep = async (path: string, pieces: Iterable<Piece> | AsyncIterable<Piece>) => {
    const parts: Buffer[] = [];
    for await (const piece of pieces) parts.push(bytesOfPiece(piece));
    const bytes = Buffer.concat(parts);
    made.set(path, bytes);
    files.push({ path, contents: bytes.toString() });
    return bytes.length;
  };
  await writeLlmsFiles({
    ...content,
    previous: undefined,
    read: async (route) => inMemory.get(markdownOutputPath(route)) ?? '',
    write: keep,
    copy: async (from, start, end, to) => keep(to, [made.get(from)!.subarray(start, end)]),
  });
  return files;
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
async function openCache(dir: string, site: LoadedSite, contextData: ReturnType<typeof compileContextData>, navigation: Navigation, ctx: RenderContext, fileHashes?: ReadonlyMap<string, string>): Promise<PageCacheSetup> {
  const shared = {
    render: { config: ctx.config, release: ctx.release, assets: ctx.assets, mermaid: ctx.mermaid },
    navigation: { sidebar: navigation.sidebar, byRoute: navigation.byRoute },
    routes: contextData.routesByFile,
    examples: contextData.examples,
    repository: site.repository,
    sidebars: site.sidebarsText,
    url: siteConfig.url,
  };
  return { dir, root: site.root, siteKey: await siteKey({ root: site.root, pageFiles: site.pages.map((p) => p.file), shared, fileHashes }) };
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
