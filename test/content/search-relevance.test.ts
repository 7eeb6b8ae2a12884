/**
 * Search relevance on the real site: real queries (function names, keywords, concepts,
 * configuration keys, error messages, misspellings, readers' words for our terms, and
 * newcomers' questions), each with the page it must return among the first 3 pages of hits. The built-in engine runs over the index the build
 * emits for the browser. `npm run bench` times the same queries.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import type { SearchEngine } from '../../src/shared/search/engine.ts';
import { realSiteSearch } from '../helpers/real-site-search.ts';
import { RELEVANCE_QUERIES } from './search-queries.ts';

let engine: SearchEngine;

before(async () => {
  ({ engine } = await realSiteSearch());
});

/** The first `n` distinct pages of a query's hits. */
export function topPages(e: SearchEngine, query: string, n = 3): string[] {
  const pages: string[] = [];
  for (const hit of e.searchOne({ query, hitsPerPage: 20 }).hits) {
    const page = hit.url.split('#')[0]!;
    if (!pages.includes(page)) pages.push(page);
    if (pages.length === n) break;
  }
  return pages;
}

test(`at least 150 queries (40 of them in newcomers' words), each finding its page in the top 3`, () => {
  assert.ok(RELEVANCE_QUERIES.length >= 150, `${RELEVANCE_QUERIES.length} queries`);
  assert.ok(RELEVANCE_QUERIES.filter((r) => r.newcomer).length >= 40);
  assert.equal(new Set(RELEVANCE_QUERIES.map((r) => r.query)).size, RELEVANCE_QUERIES.length, 'no query twice');
  const misses: string[] = [];
  for (const { query, page } of RELEVANCE_QUERIES) {
    const top = topPages(engine, query);
    if (!top.includes(page)) misses.push(`"${query}" → expected ${page}, got ${top.join(', ') || 'nothing'}`);
  }
  assert.deepEqual(misses, []);
});

test('a function or configuration key lands on its own section first', () => {
  for (const [query, url] of [
    ['avg', '/docs/reference/function/aggregation/#avg'],
    ['to_timezone', '/docs/reference/function/date-time/#to_timezone'],
    ['vwap', '/docs/reference/function/finance/#vwap'],
    ['first_value', '/docs/reference/function/window/#first_value'],
    ['http.net.bind.to', '/docs/configuration/#http.net.bind.to'],
    ['cairo.sql.copy.root', '/docs/configuration/#cairo.sql.copy.root'],
  ]) {
    assert.equal(engine.searchOne({ query: query!, hitsPerPage: 1 }).hits[0]?.url, url, query);
  }
});
