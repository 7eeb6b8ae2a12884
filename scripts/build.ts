#!/usr/bin/env tsx
// Builds the site into build/ (served at /docs/). Exit status 1 only for errors that make
// a page unbuildable or ambiguous (invalid front matter, duplicate routes); warnings never fail.
// Usage: npm run build [-- --root DIR] [-- --out DIR] [-- --quiet] [-- --jobs N] [-- --cache [--cache-dir DIR]]
// --jobs N: threads that build pages (1 = this thread only); default every core from 400 pages on.
// --cache: keep a persistent page cache (default <root>/node_modules/.cache/questdb-docs) and
//   take unchanged pages from it; entries are keyed by content hashes, so it is never stale.
//   When neither the inputs nor the output folder changed since the last cached build, nothing
//   is built at all (src/pipeline/cache/build-stamp.ts).
import './production-env.ts';
import { join, resolve } from 'node:path';
import { checkStamp, type StampCheck, type StampedBuild } from '../src/pipeline/cache/build-stamp.ts';
import { hasErrors, printDiagnostics } from '../src/pipeline/diagnostics.ts';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = resolve(opt('--root') ?? '.');
const quiet = args.includes('--quiet');
const jobsArg = opt('--jobs');
const jobs = jobsArg === undefined ? undefined : Number(jobsArg);
if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1)) {
  console.error(`error: --jobs takes a whole number of threads, 1 or more (got ${jobsArg}).`);
  process.exit(1);
}
const cacheDir = args.includes('--cache') || opt('--cache-dir') ? resolve(opt('--cache-dir') ?? resolve(root, 'node_modules/.cache/questdb-docs')) : undefined;
const outDir = opt('--out') ? resolve(opt('--out')!) : join(root, 'build');
const start = performance.now();
/** Wall-clock times (ms since the epoch) of this process's start, the launcher's start and the build's start and end, for the bench's breakdown. */
const clock = { processStart: performance.timeOrigin, launched: Number(process.env.QDB_LAUNCHED_AT) || undefined, started: performance.timeOrigin + start, ended: 0 };
console.log(`Building ${root}`);
const check = cacheDir !== undefined ? await checkStamp({ cacheDir, root, outDir }) : {};
const result = (check.build && upToDate(check.build)) || (await build(check));
printDiagnostics(quiet ? result.diagnostics.filter((d) => d.severity === 'error') : result.diagnostics);
const total = performance.now() - start;
const pages = result.pages;
if (result.upToDate) console.log(`Checked ${pages} pages in ${(total / 1000).toFixed(2)} s: up to date, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
else console.log(`Built ${pages} pages in ${(total / 1000).toFixed(2)} s (${(pages / (total / 1000)).toFixed(0)} pages/s), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
if (process.env.BUILD_STATS_JSON) {
  clock.ended = performance.timeOrigin + performance.now();
  console.log('BUILD_STATS ' + JSON.stringify({ clock, totalMs: total, pages, maxRssKb: process.resourceUsage().maxRSS, timings: result.timings, nodeFlags: [...process.execArgv, ...(process.env.QDB_V8_FLAGS?.split(' ') ?? [])] }));
}
process.exit(hasErrors(result.diagnostics) ? 1 : 0);

/** A build, given what the stamp check found (it took the inputs' hash; it may have found the previous build's files in place). */
async function build(stampCheck: StampCheck) {
  // Imported only when there is something to build: the pipeline's packages take 0.2–0.3 s to load.
  const { buildAll } = await import('../src/pipeline/build.ts');
  const { SearchConfigError } = await import('../src/pipeline/search/settings.ts');
  const built = await buildAll({ root, outDir, log: (l) => console.log(l), jobs, cacheDir, stampCheck }).catch((e: unknown) => {
    // A half-configured search service stops the build with the search client's own message.
    if (e instanceof SearchConfigError) {
      console.error(`error: ${e.message} Set ALGOLIA_APP_ID, ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME together, or none of them for the built-in search.`);
      process.exit(1);
    }
    throw e;
  });
  return { pages: built.compiled.length, diagnostics: built.diagnostics, timings: built.timings, upToDate: false };
}

/** The last cached build again: nothing it was built from and nothing it wrote has changed since. */
function upToDate(stamped: StampedBuild) {
  console.log(`  up to date: content/, public/, the build's code and settings and ${outDir} are as the last cached build left them; nothing to build`);
  for (const note of stamped.notes) console.log(note);
  return { pages: stamped.pages, diagnostics: stamped.diagnostics, timings: {}, upToDate: true };
}
