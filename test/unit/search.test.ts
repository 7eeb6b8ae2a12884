/** Search: records from compiled pages, the built-in engine and the build settings (the index files' writing is in search-index-files.test.ts). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildFixture, FIXTURES } from '../helpers/fixture.ts';
import { SearchEngine, recordsFromIndex } from '../../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile, SearchRecord, SearchRequest } from '../../src/shared/search/types.ts';
import { hitHref, missingResultsUrl } from '../../src/shared/search/config.ts';
import { searchSettings, SearchConfigError } from '../../src/pipeline/search/settings.ts';
import { buildAll } from '../../src/pipeline/build.ts';
import { typoDistance } from '../../src/shared/search/text.ts';

async function fixtureIndex() {
  const built = await buildFixture('search');
  const headings = JSON.parse(built.files.get('search/headings.json')!) as HeadingsIndexFile;
  const content = JSON.parse(built.files.get('search/content.json')!) as ContentIndexFile;
  const records = JSON.parse(built.files.get('search/records.json')!) as SearchRecord[];
  return { built, headings, content, records };
}

const docsearchRequest = (query: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query,
  indexName: 'docs',
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
  ...extra,
});

describe('search records', () => {
  test('one record per title, heading and text block, with the hierarchy above it', async () => {
    const { records } = await fixtureIndex();
    const byType = (type: string, url: string) => records.filter((r) => r.type === type && r.url === `https://questdb.com${url}`);
    const [title] = byType('lvl1', '/docs/sql/sample-by/');
    assert.equal(title?.hierarchy.lvl0, 'Query & SQL');
    assert.equal(title?.hierarchy.lvl1, 'SAMPLE BY keyword');
    assert.equal(title?.content, null);
    const [linear] = byType('lvl3', '/docs/sql/sample-by/#fill-with-linear');
    assert.deepEqual([linear?.hierarchy.lvl2, linear?.hierarchy.lvl3], ['Fill options', 'FILL with LINEAR']);
    const texts = byType('content', '/docs/sql/sample-by/#fill-options').map((r) => r.content);
    // List items without their nested list, then the nested item; no duplicates from the <p> inside.
    assert.deepEqual(texts, ['NONE leaves empty buckets out.', 'PREV repeats the previous value.', 'Nested items explain the previous value further.', 'LINEAR interpolates between neighbours.']);
    const rows = byType('content', '/docs/sql/sample-by/#fill-with-linear').map((r) => r.content);
    assert.ok(rows.includes('LINEAR interpolate between buckets'), `table rows: ${JSON.stringify(rows)}`);
    assert.ok(!rows.some((r) => r === 'Option Meaning'), 'header rows are left out');
    assert.ok(rows.includes('Sampling uses the designated timestamp.'), 'admonition text is indexed without its "Note" title');
  });

  test('leaves out code blocks, button labels, the # of heading links, noindex pages and hidden pages', async () => {
    const { records } = await fixtureIndex();
    const all = JSON.stringify(records);
    assert.ok(!all.includes('SELECT timestamp'), 'code block text');
    assert.ok(!records.some((r) => r.content === 'Copy' || r.content === 'Wrap'), 'code block buttons');
    assert.ok(!records.some((r) => Object.values(r.hierarchy).some((v) => v?.endsWith('#'))), 'hash links');
    assert.ok(!all.includes('zebracorn'), 'noindex page');
    assert.ok(records.every((r) => r.url.startsWith('https://questdb.com/docs/')), 'absolute urls for upload');
  });

  test('object ids are stable across builds and unique', async () => {
    const { records } = await fixtureIndex();
    const again = await buildAll({ root: join(FIXTURES, 'search'), write: false });
    const file = again.outputs.find((f) => f.path === 'search/records.json');
    const second = JSON.parse(String(file && 'contents' in file ? file.contents : '[]')) as SearchRecord[];
    assert.deepEqual(second.map((r) => r.objectID), records.map((r) => r.objectID));
    assert.equal(new Set(records.map((r) => r.objectID)).size, records.length);
  });

  test('the compact index turns back into the same records', async () => {
    const { headings, content, records } = await fixtureIndex();
    const local = recordsFromIndex(headings, content);
    assert.equal(local.length, records.length);
    assert.deepEqual(
      local.map((r) => [r.type, r.url, r.hierarchy, r.content]),
      records.map((r) => [r.type, r.url.replace('https://questdb.com', ''), r.hierarchy, r.content]),
    );
  });

  test('the results page is built, noindex, with every listed page for readers without JavaScript', async () => {
    const { built } = await fixtureIndex();
    const html = built.files.get('search/index.html')!;
    assert.match(html, /<meta name="robots" content="noindex/);
    assert.match(html, /<input id="search-page-q" name="q" type="search" maxLength="64" placeholder="Search docs"/i);
    assert.match(html, /<a href="\/docs\/functions\/aggregation\/">Aggregate functions<\/a>/);
    assert.match(built.html('/docs/sql/sample-by/'), /<a class="search-button" href="\/docs\/search\/" data-island="search"/);
  });
});

describe('the built-in engine', () => {
  const engine = async () => {
    const { headings, content } = await fixtureIndex();
    return new SearchEngine(recordsFromIndex(headings, content), { queryId: () => 'q1' });
  };

  test('answers in the shape of an Algolia multi-search', async () => {
    const e = await engine();
    const { results } = e.search({ requests: [docsearchRequest('avg', { clickAnalytics: true }), docsearchRequest('sum')] });
    assert.equal(results.length, 2);
    const [r] = results;
    assert.equal(r!.queryID, 'q1');
    assert.equal(r!.index, 'docs');
    assert.ok(r!.nbHits >= 2);
    const hit = r!.hits[0]!;
    assert.equal(hit.url, '/docs/functions/aggregation/#avg');
    assert.equal(hit._highlightResult.hierarchy.lvl2?.value, '<mark>avg</mark>');
    assert.equal(hit._highlightResult.hierarchy.lvl2?.matchLevel, 'full');
    assert.equal(e.search([docsearchRequest('avg')]).results[0]!.queryID, undefined, 'no queryID without clickAnalytics');
  });

  test('a function name lands on its definition, a keyword on its page', async () => {
    const e = await engine();
    assert.equal(e.searchOne(docsearchRequest('avg')).hits[0]?.url, '/docs/functions/aggregation/#avg');
    assert.equal(e.searchOne(docsearchRequest('count')).hits[0]?.url, '/docs/functions/aggregation/#count');
    assert.equal(e.searchOne(docsearchRequest('sample by')).hits[0]?.url, '/docs/sql/sample-by/');
  });

  test('matches the last word as a prefix while typing, and whole words after a space', async () => {
    const e = await engine();
    const typing = e.searchOne(docsearchRequest('interpol'));
    assert.ok(typing.nbHits > 0);
    assert.match(typing.hits[0]!._snippetResult.content!.value, /<mark>interpol<\/mark>ates/);
    assert.equal(e.searchOne(docsearchRequest('interpol ')).nbHits, 0);
  });

  test('tolerates typos: one from 4 letters, two from 8', async () => {
    const e = await engine();
    assert.equal(e.searchOne(docsearchRequest('smu ')).nbHits, 0, 'three letters: no typo allowed');
    assert.equal(e.searchOne(docsearchRequest('aggregaet ')).hits[0]?.hierarchy.lvl1, 'Aggregate functions');
    assert.equal(e.searchOne(docsearchRequest('sampel by ')).hits[0]?.url, '/docs/sql/sample-by/');
    assert.equal(typoDistance('sample', 'sampel', 1), 1, 'a swap is one typo');
  });

  test('is distinct by url and pages through 20 hits at a time', async () => {
    const e = await engine();
    const r = e.searchOne(docsearchRequest('window', { hitsPerPage: 5 }));
    assert.equal(new Set(r.hits.map((h) => h.url)).size, r.hits.length);
    assert.equal(r.hits.length, 5);
    assert.ok(r.nbHits > 8);
    assert.equal(r.nbPages, Math.ceil(r.nbHits / 5));
    const next = e.searchOne(docsearchRequest('window', { hitsPerPage: 5, page: 1 }));
    assert.ok(next.hits.every((h) => !r.hits.some((x) => x.url === h.url)));
  });

  test('snippets are cut to the asked number of words with ellipses', async () => {
    const e = await engine();
    const hit = e.searchOne(docsearchRequest('straight', { attributesToSnippet: ['content:5'] })).hits[0]!;
    const words = hit._snippetResult.content!.value.replace(/<\/?mark>/g, '').split(/\s+/).filter((w) => w !== '…');
    assert.equal(words.length, 5, hit._snippetResult.content!.value);
    assert.match(hit._snippetResult.content!.value, /…/);
  });

  test('escapes the indexed text before adding highlight tags', async () => {
    const e = await engine();
    const title = e.searchOne(docsearchRequest('onerror')).hits[0]!;
    assert.equal(title.hierarchy.lvl1, '<img src=x onerror=alert(1)>');
    assert.equal(title._highlightResult.hierarchy.lvl1.value, '&lt;img src=x <mark>onerror</mark>=alert(1)&gt;');
    const amp = e.searchOne(docsearchRequest('ampersands')).hits[0]!;
    assert.match(amp._highlightResult.hierarchy.lvl2!.value, /<mark>Ampersands<\/mark> &amp; angle/);
    for (const hit of e.searchOne(docsearchRequest('sardine')).hits) {
      assert.ok(!/<(?!\/?mark>)/.test(hit._snippetResult.content?.value ?? ''), hit._snippetResult.content?.value);
    }
  });

  test('common words are optional; a query of unknown words finds nothing', async () => {
    const e = await engine();
    assert.equal(e.searchOne(docsearchRequest('how to fill with linear')).hits[0]?.url, '/docs/sql/sample-by/#fill-with-linear');
    assert.equal(e.searchOne(docsearchRequest('qwxzv')).nbHits, 0);
    assert.equal(e.searchOne(docsearchRequest('')).nbHits, 0);
  });

  test('queries are cut at 64 characters', async () => {
    const e = await engine();
    const r = e.searchOne(docsearchRequest('avg ' + 'x'.repeat(100)));
    assert.equal(r.query.length, 64);
  });
});

describe('search settings', () => {
  const css = '/docs/assets/css/search.css';
  test('no Algolia variables: the built-in index', () => {
    const s = searchSettings({}, css, 'questdb/documentation');
    assert.deepEqual(s.local, { headings: '/docs/search/headings.json', content: '/docs/search/content.json' });
    assert.equal(s.algolia, undefined);
    assert.equal(s.issueUrl, 'https://github.com/questdb/documentation/issues/new');
  });
  test('a missing application id or key stops the build with the client\'s message', () => {
    assert.throws(() => searchSettings({ ALGOLIA_API_KEY: 'k', ALGOLIA_INDEX_NAME: 'docs' }, css, 'r'), (e: Error) => e instanceof SearchConfigError && e.message === '`appId` is missing.');
    assert.throws(() => searchSettings({ ALGOLIA_APP_ID: 'APP', ALGOLIA_INDEX_NAME: 'docs' }, css, 'r'), { message: '`apiKey` is missing.' });
    assert.throws(() => searchSettings({ ALGOLIA_APP_ID: 'APP', ALGOLIA_API_KEY: 'k' }, css, 'r'), { message: '`indexName` is missing.' });
  });
  test('Algolia settings with insights and custom hosts', () => {
    const s = searchSettings({ ALGOLIA_APP_ID: 'APP', ALGOLIA_API_KEY: 'k', ALGOLIA_INDEX_NAME: 'docs', ALGOLIA_INSIGHTS: 'true', ALGOLIA_HOSTS: 'http://127.0.0.1:1, http://127.0.0.1:2' }, css, 'r');
    assert.deepEqual(s.algolia, { appId: 'APP', apiKey: 'k', indexName: 'docs', insights: true, hosts: ['http://127.0.0.1:1', 'http://127.0.0.1:2'] });
    assert.equal(s.local, undefined);
  });
  test('hits under /docs/glossary/ and /docs/blog/ lose the /docs prefix; others keep their path', () => {
    assert.equal(hitHref('https://questdb.com/docs/glossary/ohlc/', 'https://questdb.com'), '/glossary/ohlc/');
    assert.equal(hitHref('/docs/blog/2024/post/#a', 'http://localhost'), '/blog/2024/post/#a');
    assert.equal(hitHref('/docs/concept/ttl/#x', 'http://localhost'), '/docs/concept/ttl/#x');
    assert.equal(missingResultsUrl('https://github.com/o/r/issues/new', 'a&b'), 'https://github.com/o/r/issues/new?title=Search%3A%20no%20results%20for%20%22a%26b%22&labels=search');
  });
});
