/**
 * Stage 5, emit: the site-wide files beside the pages (search index, 404 and search pages,
 * sitemap, manifest, headers, assets, public/, llms files), stale files removed, the service
 * worker, and for a cached build its stamp and page pack. The link check (stage 3's last
 * part) runs while the large files are written.
 */
import type { Diagnostic } from '../../shared/types.ts';
import { siteConfig } from '../../shared/site-config.ts';
import { checkLinks } from '../site/check-links.ts';
import { inMemory, written, type OutputFile } from '../emit/output.ts';
import type { OutputFolder } from '../emit/output-folder.ts';
import { SERVICE_WORKER_FILE, writeServiceWorker } from '../emit/service-worker.ts';
import { pageJobs } from '../page/page-pool.ts';
import { pruneCache } from '../cache/page-cache.ts';
import { writeStamp, type KeyedFiles } from '../cache/build-stamp.ts';
import { writePack } from '../cache/page-pack.ts';
import { CONTENT_FILE, CONTENT_GROUPS, RECORDS_FILE, type SearchReuse } from '../search/index-files.ts';
import { RECORD_GROUPS } from '../search/records-file.ts';
import { closePreviousFile, openPreviousFile } from '../search/fragment-file.ts';
import { shardPathsIn } from '../search/shards.ts';
import { outputTarget } from '../policy/paths.ts';
import { checkSiteConfigUrls } from '../policy/site-config-urls.ts';
import { contextFiles, contextFilesKey, indexableRoutes, siteFiles } from './site-files.ts';
import { emitLlmsFiles, type LlmsReuse } from './llms-files.ts';
import type { Prepared } from './prepare.ts';
import type { PagesDone } from './pages.ts';
import type { BuildOptions } from './options.ts';
import { STAGE_NAMES, timed, type Timings } from './timed.ts';

type Log = (line: string) => void;

/** The 404 and search pages and the like, kept from the previous build when their key is the same. */
interface ContextPlan {
  key?: string;
  kept?: KeyedFiles;
  paths: string[];
}

/** The emit stage: every file besides the pages, then the stamp. Answers the outputs added and every diagnostic of the build. */
export async function emitSite(prep: Prepared, done: PagesDone, options: BuildOptions, timings: Timings, log: Log): Promise<{ outputs: OutputFile[]; diagnostics: Diagnostic[] }> {
  const { folder, stamp, site } = prep;
  // The next build's pack, written meanwhile (awaited before the stamp).
  const packWrite = prep.pack && site.reads ? writePack(prep.stampPlace!.cacheDir, prep.root, site.reads, done.builtByFile, prep.pack) : undefined;
  const reuse = searchReuse(prep, done);
  const contextKey = done.cache && folder ? contextFilesKey(done.cache.siteKey, done.compiled) : undefined;
  const kept = prep.inPlace !== undefined && contextKey !== undefined && stamp?.contextFiles?.key === contextKey ? stamp.contextFiles : undefined;
  const context: ContextPlan = { key: contextKey, kept, paths: [] };
  // The llms files are made in a worker thread meanwhile (when the build's pages are), and the
  // two large search files written on libuv's threads: all are awaited before stale files are removed.
  const llmsReuse: LlmsReuse = { keys: done.routeKeys, previous: folder ? stamp?.search?.llms : undefined };
  const llmsWrite = emitLlmsFiles(done.compiled, prep.navigation, site.release, done.outputs, folder, log, pageJobs(site.pages.length, options.jobs) > 1, llmsReuse);
  llmsWrite.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled before then
  const background: Promise<unknown>[] = [];
  const closePrevious = () => [reuse.previousRecords, reuse.previousContent].forEach(closePreviousFile);
  const outputs: OutputFile[] = [];
  try {
    outputs.push(...(await timed('emit', timings, () => writeSiteFiles(prep, done, reuse, context, background, log))));
  } catch (e) {
    // Nothing is left writing into the folder, or holding the previous files open, when the build fails.
    await Promise.allSettled([llmsWrite, ...background]);
    closePrevious();
    throw e;
  }
  // Checked while the files above are written.
  const linkDiagnostics = await timed('site', timings, () => checkLinks(done.compiled, prep.context.hasStaticFile));
  if (done.cache) await pruneCache(done.cache, site.pages.map((p) => p.file));
  outputs.push(...(await timed('emit', timings, () => llmsWrite)));
  try {
    await timed('emit', timings, () => Promise.all(background));
  } finally {
    closePrevious();
  }
  const notes = folder ? await finishFolder(prep, folder, done, timings, log) : [];
  notes.forEach(log);
  for (const name of STAGE_NAMES) log(`  ${name.padEnd(8)} ${(timings[name] ?? 0).toFixed(0).padStart(6)} ms`);
  const diagnostics = [...checkSiteConfigUrls(siteConfig), ...site.diagnostics, ...prep.navigation.diagnostics, ...done.compiled.flatMap((p) => p.diagnostics), ...linkDiagnostics];
  await packWrite;
  await stampBuild(prep, done, { diagnostics, notes, reuse, llmsReuse, context }, timings);
  return { outputs, diagnostics };
}

/**
 * Over its own previous output, a cached build copies unchanged pages' parts of the two large
 * search files from the files there, and keeps its shards when they would be the same.
 */
function searchReuse(prep: Prepared, done: PagesDone): SearchReuse {
  const { folder, stamp } = prep;
  return {
    keys: done.routeKeys,
    records: { size: 0, pages: [] },
    content: { size: 0, pages: [] },
    siteKey: done.cache?.siteKey,
    previousShards: folder ? stamp?.search?.shards : undefined,
    keepShards: () => (folder ? shardPathsIn(folder.dir) : undefined),
  };
}

/** The context files and the site files, written (the two large search files in the background) or kept in memory. */
async function writeSiteFiles(prep: Prepared, done: PagesDone, reuse: SearchReuse, plan: ContextPlan, background: Promise<unknown>[], log: Log): Promise<OutputFile[]> {
  const { folder, stamp, outDir } = prep;
  const { digests, search, routeKeys } = done;
  const previous = folder ? stamp?.search : undefined;
  if (previous?.records) reuse.previousRecords = openPreviousFile(outputTarget(outDir, RECORDS_FILE), previous.records, RECORD_GROUPS);
  if (previous?.content) reuse.previousContent = openPreviousFile(outputTarget(outDir, CONTENT_FILE), previous.content, CONTENT_GROUPS);
  const context = plan.kept ? [] : await contextFiles(prep.ctx, indexableRoutes(done.compiled));
  plan.paths = plan.kept?.digests.map((d) => d.path) ?? context.map((f) => f.path);
  if (plan.kept && folder) {
    folder.kept(plan.paths);
    for (const d of plan.kept.digests) digests.set(d.path, d);
  }
  const files = [...context, ...(await siteFiles(prep.root, done.compiled, prep.assets, search, prep.navigation, reuse))];
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
}

/** Stale files removed and the service worker written, once the folder holds only this build's files. Answers notes for the log. */
async function finishFolder(prep: Prepared, folder: OutputFolder, done: PagesDone, timings: Timings, log: Log): Promise<string[]> {
  folder.wrote([SERVICE_WORKER_FILE]); // written next, once the folder holds only this build's files
  await timed('emit', timings, () => folder.removeStale());
  const sw = await timed('emit', timings, () => writeServiceWorker(prep.outDir, prep.assets.assets.buildId, folder.files(), done.digests));
  log(`  service worker: ${sw.precached} files (${(sw.bytes / 1024 / 1024).toFixed(1)} MB) precached in offline mode`);
  return sw.warnings.map((w) => `  service worker warning: ${w}`);
}

/** A cached build's stamp (cache/build-stamp.ts): what the next build compares its inputs and folder with. */
async function stampBuild(prep: Prepared, done: PagesDone, made: { diagnostics: Diagnostic[]; notes: string[]; reuse: SearchReuse; llmsReuse: LlmsReuse; context: ContextPlan }, timings: Timings): Promise<void> {
  const { stampPlace, stamp, folder, listing } = prep;
  if (!stampPlace || stamp?.inputs === undefined) return;
  // The folder as this build leaves it, from its listing at the start and the files written since (see writeStamp).
  const after = folder && listing ? { before: listing, files: folder.files(), kept: folder.keptFiles() } : undefined;
  // Kept next time only with a digest for each of them (the service worker lists them from these).
  const { key, paths } = made.context;
  const contextDigests = paths.flatMap((path) => done.digests.get(path) ?? []);
  const keyed = key !== undefined && contextDigests.length === paths.length ? { key, digests: contextDigests } : undefined;
  const { reuse } = made;
  const search = { records: reuse.records, content: reuse.content, shards: reuse.shards, llms: made.llmsReuse.layout };
  const finished = { pages: done.compiled.length, diagnostics: made.diagnostics, notes: made.notes, pageKeys: done.pageKeys, search, contextFiles: keyed };
  await timed('emit', timings, () => writeStamp(stampPlace, stamp.inputs!, stamp.inputStates, finished, after));
}
