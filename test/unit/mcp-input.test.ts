/**
 * The MCP server's input checks and site sources: page references (routes, URLs, resource
 * URIs) and what they refuse, the folder source's trust boundary (`..`, absolute paths,
 * symlinks out of the site), and the HTTPS source's limits (size, other sites, redirects).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePageRef } from '../../src/mcp/routes.ts';
import { folderSource } from '../../src/mcp/site-source.ts';
import { checkBaseUrl, httpSource } from '../../src/mcp/site-http.ts';
import { parseMcpArgs } from '../../src/mcp/args.ts';
import { cutAt, headingText, markdownHeadings } from '../../src/mcp/markdown-sections.ts';
import { parseLlms } from '../../src/mcp/llms.ts';

test('page references: routes, URLs on the docs site and resource URIs name a route', () => {
  for (const [input, route, anchor] of [
    ['/docs/concept/ttl/', '/docs/concept/ttl/'],
    ['/docs/concept/ttl', '/docs/concept/ttl/'],
    ['concept/ttl', '/docs/concept/ttl/'],
    ['/docs/concept/ttl/index.md', '/docs/concept/ttl/'],
    ['https://questdb.com/docs/concept/ttl/#caveats', '/docs/concept/ttl/', 'caveats'],
    ['https://questdb.com/docs/concept/ttl/index.md', '/docs/concept/ttl/'],
    ['questdb-docs:///docs/concept/ttl/', '/docs/concept/ttl/'],
    ['/docs/', '/docs/'],
    ['https://questdb.com/docs/', '/docs/'],
    ['/', undefined],
  ] as const) {
    const p = parsePageRef(input);
    if (route === undefined) assert.equal(p.ok, false, input);
    else assert.deepEqual(p, { ok: true, route, ...(anchor ? { anchor } : {}) }, input);
  }
});

test('page references: other sites, `..`, filesystem paths and odd characters are refused with a reason', () => {
  for (const input of ['https://example.com/docs/x/', 'https://questdb.com.evil.example/docs/x/', 'file:///etc/passwd', '../etc/passwd', '/docs/../etc/passwd', 'https://questdb.com/docs/a/../../etc/passwd', '/etc/passwd', '/home/user/build/x', 'C:\\x', 'c:/x', '~/x', 'a\0b', 'questdb-docs://host/docs/x/', 'https://questdb.com/docs/x/?q=1', '/docs/a%2e%2e/', 'https://questdb.com/docs/%E0%A4%A/', '', '   ', 'x'.repeat(501)]) {
    const p = parsePageRef(input);
    assert.equal(p.ok, false, input);
    if (!p.ok) assert.ok(p.message.length > 10, input);
  }
});

test('the folder source reads inside the site only: no `..`, no absolute path, no symlink out', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-site-'));
  const outside = await mkdtemp(join(tmpdir(), 'mcp-outside-'));
  try {
    await mkdir(join(dir, 'a'));
    await writeFile(join(dir, 'a/index.md'), '# A\n');
    await writeFile(join(outside, 'secret.md'), 'secret');
    await symlink(join(outside, 'secret.md'), join(dir, 'a/link.md'));
    const source = folderSource(dir);
    assert.equal(await source.read('a/index.md'), '# A\n');
    assert.equal(await source.read('a/missing.md'), undefined);
    for (const bad of ['../' + outside.split('/').pop() + '/secret.md', join(outside, 'secret.md'), 'a/link.md', 'a/../../x', 'a\0b']) {
      await assert.rejects(source.read(bad), /not a path inside|outside/, bad);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  }
});

test('the HTTPS source: https only (http on loopback), a size limit, no other site, a cache', async () => {
  assert.throws(() => checkBaseUrl('http://example.com/docs/'), /https/);
  assert.throws(() => checkBaseUrl('https://user:pw@example.com/docs/'), /credentials/);
  assert.equal(checkBaseUrl('https://questdb.com/docs').href, 'https://questdb.com/docs/');
  let calls = 0;
  const fake: typeof fetch = async (input) => {
    calls++;
    const url = String(input);
    if (url.endsWith('/big.json')) return new Response(new ReadableStream({ pull(c) { c.enqueue(new Uint8Array(1024 * 1024)); } }), { status: 200 });
    if (url.endsWith('/missing.md')) return new Response('no', { status: 404 });
    if (url.endsWith('/moved.md')) return Object.defineProperty(new Response('x'), 'url', { value: 'https://evil.example/x' });
    return Object.defineProperty(new Response(`text of ${url}`), 'url', { value: url });
  };
  const source = httpSource('https://docs.example/docs/', fake);
  assert.equal(await source.read('concept/ttl/index.md'), 'text of https://docs.example/docs/concept/ttl/index.md');
  assert.equal(await source.read('concept/ttl/index.md'), 'text of https://docs.example/docs/concept/ttl/index.md');
  assert.equal(calls, 1, 'the second read comes from the cache');
  assert.equal(await source.read('missing.md'), undefined);
  await assert.rejects(source.read('big.json'), /limit/);
  await assert.rejects(source.read('moved.md'), /another site/);
  await assert.rejects(source.read('../secret'), /not a path inside/);
  await assert.rejects(source.read('/etc/passwd'), /not a path inside/);
});

test('command line: --http takes a port, --host goes with it, --site and --base-url exclude each other', () => {
  assert.deepEqual(parseMcpArgs([]), { http: undefined, host: '127.0.0.1', site: 'build', baseUrl: undefined });
  assert.equal(parseMcpArgs(['--http', '3333']).http, 3333);
  assert.throws(() => parseMcpArgs(['--http', 'abc']), /port/);
  assert.throws(() => parseMcpArgs(['--host', '0.0.0.0']), /--host goes with --http/);
  assert.throws(() => parseMcpArgs(['--site', 'a', '--base-url', 'https://x/']), /not both/);
  assert.throws(() => parseMcpArgs(['--nope']));
});

test('Markdown sections: headings outside code fences, tied to the page anchors, each up to the next heading of its level', () => {
  const md = '# T\n\nintro\n\n## One `x`\n\na\n\n```sql\n## not a heading\n```\n\n### Sub\n\nb\n\n#### Tab\n\n## first\\_value\n\nc\n';
  const hs = markdownHeadings(md, [{ level: 2, anchor: 'one-x', text: 'One x' }, { level: 3, anchor: 'sub', text: 'Sub' }, { level: 2, anchor: 'first_value', text: 'first_value' }]);
  assert.deepEqual(hs.map((h) => [h.level, h.text, h.anchor]), [[1, 'T', undefined], [2, 'One x', 'one-x'], [3, 'Sub', 'sub'], [4, 'Tab', undefined], [2, 'first_value', 'first_value']]);
  const one = hs[1]!;
  assert.equal(md.slice(one.start, one.end), '## One `x`\n\na\n\n```sql\n## not a heading\n```\n\n### Sub\n\nb\n\n#### Tab\n\n');
  assert.equal(headingText('[**Bold** link](https://x) and `code`'), 'Bold link and code');
  assert.deepEqual(cutAt('aaaa\nbbbb\ncccc\n', 0, 12), { text: 'aaaa\nbbbb\n', next: 10 });
  assert.deepEqual(cutAt('aaaa\nbbbb\ncccc\n', 10, 12), { text: 'cccc\n' });
});

test('llms.txt is read back into sections and entries, escapes undone', () => {
  const parsed = parseLlms('# QuestDB\n\n> x\n\n## Concepts\n\n- [Time to live (TTL)](https://questdb.com/docs/concept/ttl/index.md): Drop \\[old\\] partitions.\n\n## Full text\n\n- [All pages](https://questdb.com/docs/llms-full.txt): every page\n');
  assert.deepEqual(parsed[0], { section: 'Concepts', entries: [{ title: 'Time to live (TTL)', url: 'https://questdb.com/docs/concept/ttl/index.md', description: 'Drop [old] partitions.' }] });
  assert.equal(parsed[1]?.section, 'Full text');
});
