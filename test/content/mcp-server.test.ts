/**
 * The MCP server on the real site, driven by the SDK's own client over stdio and over
 * Streamable HTTP: its tools and resources, the same first hits as the engine the search
 * modal runs (the 167-query relevance suite), the question it exists for ("how do I drop old
 * partitions automatically" → the TTL page and its Markdown), and every kind of bad input.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SearchEngine, recordsFromIndex } from '../../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile } from '../../src/shared/search/types.ts';
import { MAX_CHARS } from '../../src/mcp/tools/get-page.ts';
import { buildToTemp, serveBuild } from '../helpers/browser.ts';
import { loadDocs } from '../../src/mcp/docs.ts';
import { httpSource } from '../../src/mcp/site-http.ts';
import { getPage } from '../../src/mcp/tools/get-page.ts';
import { searchDocs } from '../../src/mcp/tools/search-docs.ts';
import { REPO, httpClient, startHttpServer, stdioClient, textOf, type HttpServer } from '../helpers/mcp.ts';
import { RELEVANCE_QUERIES } from './search-queries.ts';

let site: string;
let engine: SearchEngine;
let stdio: Client;
let http: Client;
let server: HttpServer;

before(async () => {
  site = await buildToTemp(REPO);
  const json = async <T>(p: string) => JSON.parse(await readFile(join(site, p), 'utf8')) as T;
  engine = new SearchEngine(recordsFromIndex(await json<HeadingsIndexFile>('search/headings.json'), await json<ContentIndexFile>('search/content.json')));
  [stdio, server] = await Promise.all([stdioClient(site), startHttpServer(site)]);
  http = await httpClient(server.url);
});

after(async () => {
  await Promise.allSettled([stdio?.close(), http?.close()]);
  await server?.close();
  if (site) await rm(site, { recursive: true, force: true });
});

const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
type Hit = { title: string; section: string; url: string; route: string; anchor: string | null; heading: string | null; snippet: string; matched_words: string[] };
const hitsOf = (result: unknown) => (result as { structuredContent: { hits: Hit[] } }).structuredContent.hits;

test('both transports list the three tools, with descriptions and input and output schemas, and every page as a resource', async () => {
  for (const client of [stdio, http]) {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['get_page', 'list_sections', 'search_docs']);
    for (const t of tools) {
      assert.ok(t.description && t.description.length > 40, t.name);
      assert.equal(t.inputSchema.type, 'object');
      assert.equal(t.outputSchema?.type, 'object', t.name);
    }
    const { resources } = await client.listResources();
    assert.ok(resources.length >= 200, `${resources.length} resources`);
    const ttl = resources.find((r) => r.uri === 'questdb-docs:///docs/concept/ttl/');
    assert.equal(ttl?.title, 'Time to live (TTL)');
    assert.equal(ttl?.mimeType, 'text/markdown');
    const read = await client.readResource({ uri: 'questdb-docs:///docs/concept/ttl/' });
    assert.equal((read.contents[0] as { text: string }).text, await readFile(join(site, 'concept/ttl/index.md'), 'utf8'));
  }
});

test('"how do I drop old partitions automatically" finds the TTL page first, and get_page gives its Markdown', async () => {
  for (const client of [stdio, http]) {
    const hits = hitsOf(await call(client, 'search_docs', { query: 'how do I drop old partitions automatically' }));
    assert.equal(hits[0]?.route, '/docs/concept/ttl/');
    assert.equal(hits[0]?.url, 'https://questdb.com/docs/concept/ttl/');
    assert.equal(hits[0]?.title, 'Time to live (TTL)');
    const page = await call(client, 'get_page', { url_or_route: hits[0]!.url });
    assert.equal(page.isError, undefined);
    const md = await readFile(join(site, 'concept/ttl/index.md'), 'utf8');
    assert.equal((page.structuredContent as { markdown: string }).markdown, md);
    assert.equal(textOf(page), md);
    assert.match(md, /^# Time to live \(TTL\)\n/);
  }
});

test('the 167 relevance queries get the same first hit as the engine the search modal runs', async () => {
  assert.ok(RELEVANCE_QUERIES.length >= 167);
  const differ: string[] = [];
  for (const { query } of RELEVANCE_QUERIES) {
    const expected = engine.searchOne({ query, hitsPerPage: 20 }).hits[0]?.url;
    const hits = hitsOf(await call(stdio, 'search_docs', { query }));
    const got = hits[0] ? hits[0].route + (hits[0].anchor ? `#${hits[0].anchor}` : '') : undefined;
    if (got !== expected) differ.push(`"${query}": engine ${expected}, server ${got}`);
    for (const h of hits) assert.doesNotMatch(h.snippet + (h.heading ?? '') + h.title, /<\/?mark>|&(?:amp|lt|gt|quot|#39);/, `markup in a hit for "${query}"`);
  }
  assert.deepEqual(differ, []);
});

test('search_docs: limit, section filter, and plain-text snippets with the matched words', async () => {
  assert.equal(hitsOf(await call(stdio, 'search_docs', { query: 'partition' })).length, 5);
  assert.equal(hitsOf(await call(stdio, 'search_docs', { query: 'partition', limit: 20 })).length, 20);
  const inSql = hitsOf(await call(http, 'search_docs', { query: 'partition', section: 'query & sql', limit: 10 }));
  assert.ok(inSql.length > 0);
  for (const h of inSql) assert.equal(h.section, 'Query & SQL');
  const title = hitsOf(await call(stdio, 'search_docs', { query: 'SAMPLE BY' }))[0]!;
  // A page's hit has no text of its own: its snippet is the best matching text of its section, as the results page shows it.
  assert.deepEqual([title.title, title.matched_words], ['SAMPLE BY keyword', ['sample', 'by']]);
  assert.match(title.snippet, /^SAMPLE BY groups rows into time buckets/);
  // A text hit's snippet is its paragraph cut to about 30 words, as plain text.
  // A paragraph's hit: its text cut to 30 words around the match, with ellipses, as plain text.
  const text = hitsOf(await call(stdio, 'search_docs', { query: 'predictable size' }))[0]!;
  assert.equal(text.route, '/docs/concept/ttl/');
  assert.match(text.snippet, /^… .*a predictable size without a scheduled clean-up job\..* …$/);
  assert.equal(text.snippet.split(/\s+/).length, 32, text.snippet);
  assert.deepEqual(text.matched_words.sort(), ['predictable', 'size']);
  const none = await call(stdio, 'search_docs', { query: 'zzqqxxvv' });
  assert.deepEqual(hitsOf(none), []);
  assert.match(textOf(none), /No page matches/);
});

test('get_page: one section by anchor, by #anchor in the URL, and a long page in pieces', async () => {
  const section = await call(stdio, 'get_page', { url_or_route: '/docs/concept/ttl/', anchor: 'caveats' });
  const text = (section.structuredContent as { markdown: string }).markdown;
  assert.match(text, /^## Caveats\n/);
  assert.doesNotMatch(text, /^## (Setting a TTL|Related pages)/m);
  const byUrl = await call(http, 'get_page', { url_or_route: 'https://questdb.com/docs/concept/ttl/#caveats' });
  assert.equal((byUrl.structuredContent as { markdown: string }).markdown, text);
  for (const ref of ['concept/ttl', '/docs/concept/ttl', '/docs/concept/ttl/index.md', 'questdb-docs:///docs/concept/ttl/']) {
    const r = await call(stdio, 'get_page', { url_or_route: ref });
    assert.equal((r.structuredContent as { route: string }).route, '/docs/concept/ttl/', ref);
  }
  const whole = await readFile(join(site, 'configuration/index.md'), 'utf8');
  assert.ok(whole.length > MAX_CHARS, 'the configuration page is long');
  let joined = '';
  let offset: number | null = 0;
  for (let i = 0; offset !== null && i < 20; i++) {
    const r = await call(stdio, 'get_page', { url_or_route: '/docs/configuration/', offset });
    const out = r.structuredContent as { markdown: string; next_offset: number | null; sections: { anchor: string }[] };
    assert.ok(out.markdown.length <= MAX_CHARS);
    if (out.next_offset !== null) assert.match(textOf(r), /offset: \d+ to read on/);
    assert.ok(out.sections.length > 5);
    joined += out.markdown;
    offset = out.next_offset;
  }
  assert.equal(joined, whole);
});

test('list_sections gives the llms.txt sections with page titles, routes, URLs and descriptions', async () => {
  const out = (await call(http, 'list_sections')).structuredContent as { sections: { section: string; pages: { title: string; route: string; url: string; description: string }[] }[] };
  const llms = await readFile(join(site, 'llms.txt'), 'utf8');
  const headings = [...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1]).filter((s) => s !== 'Full text');
  assert.deepEqual(out.sections.map((s) => s.section), headings);
  const ttl = out.sections.flatMap((s) => s.pages).find((p) => p.route === '/docs/concept/ttl/');
  assert.equal(ttl?.url, 'https://questdb.com/docs/concept/ttl/');
  assert.match(ttl?.description ?? '', /time-to-live/);
  assert.equal(out.sections.flatMap((s) => s.pages).length, [...llms.matchAll(/^- \[.*index\.md\)/gm)].length);
});

test('an unknown page or anchor is a tool error naming the closest pages or anchors', async () => {
  for (const client of [stdio, http]) {
    const page = await call(client, 'get_page', { url_or_route: '/docs/ttl/' });
    assert.equal(page.isError, true);
    assert.match(textOf(page), /no page \/docs\/ttl\/.*\/docs\/concept\/ttl\//);
    const anchor = await call(client, 'get_page', { url_or_route: '/docs/concept/ttl/', anchor: 'cavets' });
    assert.equal(anchor.isError, true);
    assert.match(textOf(anchor), /no heading with the anchor "cavets".*Closest anchors: caveats/);
    const section = await call(client, 'search_docs', { query: 'ttl', section: 'Nowhere' });
    assert.equal(section.isError, true);
    assert.match(textOf(section), /no section "Nowhere".*Query & SQL/);
  }
});

test('bad input is a validation error, and nothing outside the site is read', async () => {
  const cases: [string, Record<string, unknown>][] = [
    ['search_docs', { query: '' }],
    ['search_docs', { query: '   ' }],
    ['search_docs', { query: 'x'.repeat(65) }],
    ['search_docs', { query: 'ttl', limit: 0 }],
    ['search_docs', { query: 'ttl', limit: 21 }],
    ['search_docs', { query: 'ttl', limit: 2.5 }],
    ['search_docs', {}],
    ['get_page', { url_or_route: 'https://example.com/docs/concept/ttl/' }],
    ['get_page', { url_or_route: 'http://questdb.com.evil.example/docs/concept/ttl/' }],
    ['get_page', { url_or_route: '../../etc/passwd' }],
    ['get_page', { url_or_route: '/docs/../../etc/passwd' }],
    ['get_page', { url_or_route: 'https://questdb.com/docs/../../etc/passwd' }],
    ['get_page', { url_or_route: '/etc/passwd' }],
    ['get_page', { url_or_route: site }],
    ['get_page', { url_or_route: 'C:\\Windows\\win.ini' }],
    ['get_page', { url_or_route: 'file:///etc/passwd' }],
    ['get_page', { url_or_route: 'questdb-docs://evil.example/docs/concept/ttl/' }],
    ['get_page', { url_or_route: '/docs/concept/ttl/', anchor: 'a b' }],
    ['get_page', { url_or_route: '/docs/concept/ttl/', offset: -1 }],
  ];
  for (const client of [stdio, http]) {
    for (const [name, args] of cases) {
      const r = await call(client, name, args);
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(textOf(r), /Input validation error/, `${name} ${JSON.stringify(args)}: ${textOf(r)}`);
      assert.doesNotMatch(textOf(r), /root:|\[fonts\]/, 'no file outside the site is shown');
    }
  }
});

test('--base-url reads the same site over HTTP: search files, llms.txt and Markdown copies', async () => {
  const served = await serveBuild(site);
  try {
    const docs = await loadDocs(httpSource(`${served.url}/docs/`), 'https://questdb.com/docs/');
    const found = await searchDocs(docs, { query: 'how do I drop old partitions automatically' });
    assert.equal(hitsOf(found)[0]?.url, `${served.url}/docs/concept/ttl/`);
    const page = await getPage(docs, { url_or_route: `${served.url}/docs/concept/ttl/` });
    assert.equal((page as { structuredContent?: { markdown: string } }).structuredContent?.markdown, await readFile(join(site, 'concept/ttl/index.md'), 'utf8'));
    const other = await getPage(docs, { url_or_route: 'https://example.com/docs/concept/ttl/' });
    assert.equal((other as { isError?: boolean }).isError, true);
  } finally {
    await served.close();
  }
});
