/**
 * The built-in search side by side with Pagefind and MiniSearch, over the same pages and
 * the relevance suite (test/content/search-queries.ts) and the real questions from public
 * issue threads (test/content/search-real-questions.ts):
 *
 * - ours: the headings and content index the build writes, the engine the modal runs;
 * - Pagefind 1.6 with its default settings, indexing the article only (`rootSelector`),
 *   searched in Chromium through its own `pagefind.js` and WebAssembly (on a bare page:
 *   Pagefind needs `'wasm-unsafe-eval'` in the CSP, which our pages do not allow);
 * - MiniSearch set up as VitePress's local search sets it up: one document per section
 *   (a heading and the text under it, its parent headings as `titles`), fields title,
 *   titles and text, `fuzzy: 0.2`, `prefix: true`, boost title 4, text 2, titles 1.
 *
 * For each: top-1 and top-3 hit rates (pages), the gzip bytes the first query downloads,
 * and query latency p50/p95 (ours and MiniSearch in Node, Pagefind in the page).
 */
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import MiniSearch from 'minisearch';
import * as pagefind from 'pagefind';
import { SearchEngine, recordsFromIndex } from '../../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile, SearchRecord } from '../../src/shared/search/types.ts';
import { RELEVANCE_QUERIES } from '../../test/content/search-queries.ts';
import { REAL_QUESTIONS } from '../../test/content/search-real-questions.ts';
import { launchBrowser, serveBuild } from '../../test/helpers/browser.ts';
import { percentile } from './stats.ts';
import { indexBytes } from './search.ts';

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const pageOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').split('#')[0]!;

/** A query set: each query and the page that answers it. */
interface Suite {
  name: string;
  queries: readonly { query: string; page: string }[];
}
const SUITES: Suite[] = [
  { name: 'relevance queries', queries: RELEVANCE_QUERIES },
  { name: 'real questions', queries: REAL_QUESTIONS },
];

interface EngineFigures {
  name: string;
  top1: number;
  top3: number;
  firstQueryBytes: number;
  p50: number;
  p95: number;
  misses: string[];
}

/** Top pages of each query → hit rates. */
function rates(name: string, suite: Suite, tops: string[][], firstQueryBytes: number, times: number[]): EngineFigures {
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  suite.queries.forEach(({ query, page }, i) => {
    const t = tops[i]!;
    if (t[0] === page) top1++;
    if (t.slice(0, 3).includes(page)) top3++;
    else misses.push(query);
  });
  const n = suite.queries.length;
  return { name, top1: top1 / n, top3: top3 / n, firstQueryBytes, p50: percentile(times, 50), p95: percentile(times, 95), misses };
}

function distinctPages(urls: string[], n = 3): string[] {
  const out: string[] = [];
  for (const u of urls) {
    const p = pageOf(u);
    if (!out.includes(p)) out.push(p);
    if (out.length === n) break;
  }
  return out;
}

async function ours(buildDir: string, runs: number, suite: Suite): Promise<EngineFigures> {
  const headings = JSON.parse(await readFile(join(buildDir, 'search/headings.json'), 'utf8')) as HeadingsIndexFile;
  const content = JSON.parse(await readFile(join(buildDir, 'search/content.json'), 'utf8')) as ContentIndexFile;
  const engine = new SearchEngine(recordsFromIndex(headings, content));
  const times: number[] = [];
  let tops: string[][] = [];
  for (let r = 0; r < runs; r++) {
    tops = suite.queries.map(({ query }) => {
      const start = performance.now();
      const hits = engine.searchOne({ query, hitsPerPage: 20 }).hits;
      times.push(performance.now() - start);
      return distinctPages(hits.map((h) => h.url));
    });
  }
  const bytes = await indexBytes(buildDir);
  // The first query needs the modal and the headings index; the content index follows behind it.
  return rates('ours', suite, tops, bytes.modal + bytes.headings, times);
}

/** VitePress's section documents, from the same records. */
function sectionDocuments(records: SearchRecord[]): { id: string; title: string; titles: string[]; text: string; url: string }[] {
  const byUrl = new Map<string, { id: string; title: string; titles: string[]; text: string; url: string }>();
  for (const r of records) {
    const levels = (['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const).map((l) => r.hierarchy[l]).filter((t): t is string => !!t);
    let doc = byUrl.get(r.url);
    if (!doc) byUrl.set(r.url, (doc = { id: r.url, title: levels[levels.length - 1] ?? '', titles: levels.slice(0, -1), text: '', url: r.url }));
    if (r.content) doc.text += (doc.text ? ' ' : '') + r.content;
  }
  return [...byUrl.values()];
}

async function miniSearch(buildDir: string, runs: number, suite: Suite): Promise<EngineFigures> {
  const headings = JSON.parse(await readFile(join(buildDir, 'search/headings.json'), 'utf8')) as HeadingsIndexFile;
  const content = JSON.parse(await readFile(join(buildDir, 'search/content.json'), 'utf8')) as ContentIndexFile;
  const docs = sectionDocuments(recordsFromIndex(headings, content));
  const options = { fields: ['title', 'titles', 'text'], storeFields: ['title', 'titles'], searchOptions: { fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 } } };
  const index = new MiniSearch(options);
  index.addAll(docs);
  // VitePress ships the serialised index (one file per locale) and MiniSearch's code to the browser.
  const serialised = JSON.stringify(index);
  const require = createRequire(import.meta.url);
  // The library as a browser gets it (the minified UMD build stands in for VitePress's bundled copy).
  const library = await readFile(join(dirname(dirname(require.resolve('minisearch'))), 'umd', 'index.min.js')).catch(() => readFile(require.resolve('minisearch')));
  const loaded = MiniSearch.loadJSON(serialised, options);
  const times: number[] = [];
  let tops: string[][] = [];
  for (let r = 0; r < runs; r++) {
    tops = suite.queries.map(({ query }) => {
      const start = performance.now();
      const hits = loaded.search(query);
      times.push(performance.now() - start);
      return distinctPages(hits.map((h) => String(h.id)));
    });
  }
  return rates('MiniSearch (VitePress set-up)', suite, tops, gz(serialised) + gz(library), times);
}

async function pagefindFigures(buildDir: string, runs: number, suites: Suite[]): Promise<EngineFigures[]> {
  const out = join(buildDir, 'pagefind');
  const { index } = await pagefind.createIndex({ rootSelector: 'article.doc' });
  if (!index) throw new Error('pagefind: no index');
  await index.addDirectory({ path: buildDir });
  await index.writeFiles({ outputPath: out });
  await pagefind.close();
  const site = await serveBuild(buildDir);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    // Pagefind's files without our security headers: its worker compiles WebAssembly, which
    // the site's CSP (sent with every file, the worker's script included) does not allow.
    await context.route('**/docs/pagefind/**', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    const page = await context.newPage();
    let firstQueryBytes = 0;
    let counting = true;
    page.on('response', async (res) => {
      if (!counting || !res.url().includes('/docs/pagefind/')) return;
      try {
        firstQueryBytes += gz(await res.body());
      } catch {
        /* redirects have no body */
      }
    });
    // A bare page on the same origin: our pages' CSP forbids compiling WebAssembly, which
    // Pagefind needs ('wasm-unsafe-eval'), so the bench loads it where no policy applies.
    await page.route('**/docs/__pagefind-bench.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Pagefind bench</title>' }));
    await page.goto(`${site.url}/docs/__pagefind-bench.html`);
    const search = (query: string) =>
      page.evaluate(async (q) => {
        const w = window as unknown as { __pf?: { search: (q: string) => Promise<{ results: { data: () => Promise<{ url: string }> }[] }> } };
        w.__pf ??= await import('/docs/pagefind/pagefind.js' as string);
        const start = performance.now();
        const found = await w.__pf!.search(q);
        const data = await Promise.all(found.results.slice(0, 5).map((r) => r.data()));
        return { urls: data.map((d) => d.url), ms: performance.now() - start };
      }, query);
    await search(RELEVANCE_QUERIES[0]!.query);
    await page.waitForTimeout(300);
    counting = false;
    const figures: EngineFigures[] = [];
    for (const suite of suites) {
      const times: number[] = [];
      let tops: string[][] = [];
      for (let r = 0; r < runs; r++) {
        tops = [];
        for (const { query } of suite.queries) {
          const { urls, ms } = await search(query);
          times.push(ms);
          // Pagefind's urls are the pages' paths as served (it reads them from each page's canonical location).
          tops.push(distinctPages(urls.map((u) => (u.startsWith('/docs/') ? u : '/docs' + u))));
        }
      }
      figures.push(rates('Pagefind (defaults, article only)', suite, tops, firstQueryBytes, times));
    }
    return figures;
  } finally {
    await browser.close();
    await site.close();
    await rm(out, { recursive: true, force: true });
  }
}

/** Prints the three engines' figures over each query set. */
export async function benchSearchCompare(buildDir: string, runs: number): Promise<void> {
  const pagefindResults = await pagefindFigures(buildDir, runs, SUITES);
  for (const [k, suite] of SUITES.entries()) {
    const results = [await ours(buildDir, runs, suite), pagefindResults[k]!, await miniSearch(buildDir, runs, suite)];
    console.log(`\nsearch engines side by side, real site, ${suite.queries.length} ${suite.name} (top-N = the query's page among the first N pages)`);
    console.log(`  ${'engine'.padEnd(36)} ${'top-1'.padStart(6)} ${'top-3'.padStart(6)} ${'first query'.padStart(12)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}`);
    for (const r of results) {
      console.log(`  ${r.name.padEnd(36)} ${(r.top1 * 100).toFixed(1).padStart(5)}% ${(r.top3 * 100).toFixed(1).padStart(5)}% ${(r.firstQueryBytes / 1024).toFixed(0).padStart(8)} KB ${r.p50.toFixed(2).padStart(6)}ms ${r.p95.toFixed(2).padStart(6)}ms`);
    }
    for (const r of results) console.log(`  ${r.name} misses ${r.misses.length}: ${r.misses.slice(0, 12).map((q) => JSON.stringify(q)).join(', ')}${r.misses.length > 12 ? ', …' : ''}`);
  }
}
