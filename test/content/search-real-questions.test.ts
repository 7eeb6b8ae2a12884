/**
 * Search on real questions (search-real-questions.ts): what people asked and pasted in
 * public issue threads, each with the page that answers it. The built-in engine runs over
 * the index the build emits for the browser; the page must come first in 75% of them and
 * among the first 3 pages in 95%. `npm run bench` runs the same set through Pagefind and
 * MiniSearch.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import type { SearchEngine } from '../../src/shared/search/engine.ts';
import { realSiteSearch } from '../helpers/real-site-search.ts';
import { MAX_QUERY_LENGTH } from '../../src/shared/search/engine.ts';
import type { HeadingsIndexFile } from '../../src/shared/search/types.ts';
import { REAL_QUESTIONS } from './search-real-questions.ts';

let engine: SearchEngine;
let headings: HeadingsIndexFile;

before(async () => {
  ({ engine, headings } = await realSiteSearch());
});

/** The first `n` distinct pages of a query's hits. */
function topPages(query: string, n = 3): string[] {
  const pages: string[] = [];
  for (const hit of engine.searchOne({ query, hitsPerPage: 20 }).hits) {
    const page = hit.url.split('#')[0]!;
    if (!pages.includes(page)) pages.push(page);
    if (pages.length === n) break;
  }
  return pages;
}

test('at least 150 real questions, each from a named thread, fitting the search box, answered by a built page', () => {
  assert.ok(REAL_QUESTIONS.length >= 150, `${REAL_QUESTIONS.length} questions`);
  assert.equal(new Set(REAL_QUESTIONS.map((q) => q.query)).size, REAL_QUESTIONS.length, 'no question twice');
  const routes = new Set(headings.pages.map(([route]) => route));
  const anchors = new Set(headings.headings.map(([page, , anchor]) => `${headings.pages[page]![0]}#${anchor}`));
  for (const q of REAL_QUESTIONS) {
    assert.match(q.source, /^[\w.-]+\/[\w.-]+#\d+$/, `${q.query}: source is owner/repo#number`);
    assert.ok(q.query.length <= MAX_QUERY_LENGTH, `${q.query}: longer than the search box takes`);
    assert.ok(routes.has(q.page), `${q.query}: ${q.page} is not a page of the site`);
    if (q.anchor) assert.ok(anchors.has(`${q.page}#${q.anchor}`), `${q.query}: ${q.page}#${q.anchor} is not a heading`);
  }
});

test('the answering page comes first in 75% of the real questions and in the top 3 in 95%', () => {
  let top1 = 0;
  const misses: string[] = [];
  for (const { query, page, source } of REAL_QUESTIONS) {
    const top = topPages(query);
    if (top[0] === page) top1++;
    if (!top.includes(page)) misses.push(`"${query}" (${source}) → expected ${page}, got ${top.join(', ') || 'nothing'}`);
  }
  const n = REAL_QUESTIONS.length;
  const top3 = n - misses.length;
  const report = `top-1 ${top1}/${n}, top-3 ${top3}/${n}; misses:\n${misses.join('\n')}`;
  assert.ok(top3 / n >= 0.95, report);
  assert.ok(top1 / n >= 0.75, report);
});
