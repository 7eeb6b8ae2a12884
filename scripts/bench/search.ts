/**
 * Search figures for `npm run bench`: the gzip bytes the first query downloads (the
 * headings index, the modal's code and styles) and what follows behind (the content
 * index); the time from opening the modal on a cold page to its first results (Chromium,
 * local server); and the engine's query latency over the relevance suite, for whole
 * queries and for every prefix typed on the way.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { SearchEngine, recordsFromIndex } from '../../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile } from '../../src/shared/search/types.ts';
import { RELEVANCE_QUERIES } from '../../test/content/search-queries.ts';
import { CHROMIUM, launchBrowser, serveBuild } from '../../test/helpers/browser.ts';
import { median, percentile } from './stats.ts';
import { queryShardKeys, SHARDS_DIR, SHARDS_MANIFEST, type ShardManifest } from '../../src/shared/search/shards.ts';

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Gzip bytes of the index files and of the modal's own code (the chunks only the modal imports) and styles. */
export async function indexBytes(buildDir: string): Promise<{ headings: number; content: number; modal: number }> {
  const headings = gz(await readFile(join(buildDir, 'search/headings.json')));
  const content = gz(await readFile(join(buildDir, 'search/content.json')));
  // The modal chunk is the one holding DocSearch; its CSS is search.<hash>.css.
  let modal = 0;
  for (const f of await fg('assets/js/chunk.*.js', { cwd: buildDir })) {
    const text = await readFile(join(buildDir, f), 'utf8');
    if (text.includes('DocSearch-Modal') || text.includes('algoliasearch')) modal += gz(text);
  }
  for (const f of await fg('assets/css/search.*.css', { cwd: buildDir })) modal += gz(await readFile(join(buildDir, f)));
  return { headings, content, modal };
}

/** Opens a page in a fresh browser context, opens the modal, types a query: ms until the first hit shows. */
async function firstResults(buildDir: string, runs: number, query: string): Promise<number[]> {
  const site = await serveBuild(buildDir);
  const base = site.url;
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/docs/`);
      await page.locator('.search-button[data-ready]').waitFor();
      // Timed inside the page, from the Ctrl+K keydown to the first hit on screen, so the
      // figure is the reader's wait and not the test driver's round trips.
      await page.evaluate(() => {
        const w = window as unknown as { __opened?: number; __hit?: number };
        addEventListener('keydown', () => (w.__opened ??= performance.now()), { capture: true, once: true });
        new MutationObserver(() => {
          if (w.__hit === undefined && document.querySelector('.DocSearch-Hit')) w.__hit = performance.now();
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill(query);
      await page.locator('.DocSearch-Hit').first().waitFor({ timeout: 30_000 });
      times.push(Math.round(await page.evaluate(() => {
        const w = window as unknown as { __opened: number; __hit: number };
        return w.__hit - w.__opened;
      })));
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return times;
}

/**
 * Gzip bytes the first query downloads: the modal's code and styles, and the headings
 * index, or on a sharded site the shard manifest and the shards of the query's words.
 */
export async function firstQueryBytes(buildDir: string, query: string): Promise<{ modal: number; index: number; files: string[] }> {
  const { modal, headings } = await indexBytes(buildDir);
  const manifestPath = join(buildDir, SHARDS_MANIFEST);
  if (!existsSync(manifestPath)) return { modal, index: headings, files: ['search/headings.json'] };
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ShardManifest;
  const files = [SHARDS_MANIFEST];
  for (const word of new SearchEngine([]).wordsOf(query)) for (const key of queryShardKeys(word)) if (manifest.keys.includes(key)) files.push(`${SHARDS_DIR}/${encodeURIComponent(key)}.json`);
  let index = 0;
  for (const f of new Set(files)) index += gz(await readFile(join(buildDir, f)));
  return { modal, index, files: [...new Set(files)] };
}

export async function benchSearch(buildDir: string, label: string, runs: number): Promise<void> {
  if (!existsSync(join(buildDir, 'search/headings.json'))) return;
  const bytes = await indexBytes(buildDir);
  console.log(`\nsearch, ${label}`);
  console.log(`  first query downloads (gzip): headings index ${kb(bytes.headings)} + modal code and styles ${kb(bytes.modal)} = ${kb(bytes.headings + bytes.modal)} (target < 150 KB on 300 pages)`);
  console.log(`  then, behind it: content index ${kb(bytes.content)}`);

  const headings = JSON.parse(await readFile(join(buildDir, 'search/headings.json'), 'utf8')) as HeadingsIndexFile;
  const content = JSON.parse(await readFile(join(buildDir, 'search/content.json'), 'utf8')) as ContentIndexFile;
  const built = performance.now();
  const engine = new SearchEngine(recordsFromIndex(headings, content));
  console.log(`  engine built from both files in ${(performance.now() - built).toFixed(0)} ms (${engine.size} records)`);
  const whole: number[] = [];
  const typed: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const { query } of RELEVANCE_QUERIES) {
      let t = performance.now();
      engine.searchOne({ query, hitsPerPage: 20, attributesToSnippet: ['content:10'] });
      if (round > 0) whole.push(performance.now() - t);
      for (let n = 1; n < query.length; n++) {
        t = performance.now();
        engine.searchOne({ query: query.slice(0, n), hitsPerPage: 20, attributesToSnippet: ['content:10'] });
        if (round > 0) typed.push(performance.now() - t);
      }
    }
  }
  console.log(`  query latency over the ${RELEVANCE_QUERIES.length}-query suite: p50 ${percentile(whole, 50).toFixed(2)} ms, p95 ${percentile(whole, 95).toFixed(2)} ms (target p95 < 10 ms)`);
  console.log(`  as typed (every prefix of those queries): p50 ${percentile(typed, 50).toFixed(2)} ms, p95 ${percentile(typed, 95).toFixed(2)} ms`);
  if (!existsSync(CHROMIUM)) {
    console.log('  first results in the browser: skipped (no /usr/bin/chromium)');
    return;
  }
  // A page title of this site (the synthetic sites have no "sample by").
  const query = headings.pages[1]?.[2] ?? headings.pages[0]?.[2] ?? 'docs';
  try {
    const times = await firstResults(buildDir, runs, query);
    console.log(`  open the modal on a cold page, type "${query}" → first results: ${median(times)} ms (runs: ${times.join(', ')}; target < 300 ms)`);
  } catch (e) {
    console.log(`  first results in the browser: failed (${(e as Error).message.split('\n')[0]})`);
  }
}
