/** Watch mode: serves from memory, rebuilds what an edit affects, reloads, shows broken pages' errors. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DevServer } from '../../src/pipeline/dev/dev-server.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { unhashedInlineScripts } from '../helpers/csp.ts';

let root: string;
let server: DevServer;
let base: string;
const logs: string[] = [];

async function text(path: string): Promise<{ status: number; body: string }> {
  const r = await fetch(base + path);
  return { status: r.status, body: await r.text() };
}

/** Polls until the page at `path` satisfies `ok` (edits reach the server through the file watcher). */
async function until(path: string, ok: (r: { status: number; body: string }) => boolean, timeoutMs = 8000): Promise<{ status: number; body: string }> {
  const start = Date.now();
  for (;;) {
    const r = await text(path);
    if (ok(r)) return r;
    if (Date.now() - start > timeoutMs) assert.fail(`timed out waiting on ${path}; last status ${r.status}; server log:\n${logs.slice(-8).join('\n')}\n${r.body.slice(0, 300)}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

before(async () => {
  root = await copyFixture('site');
  server = new DevServer({ root, port: 0, log: (l) => logs.push(l) });
  const { url } = await server.start();
  base = url.replace(/\/docs\/$/, '');
});
after(async () => {
  await server.stop();
  await rm(root, { recursive: true, force: true });
});

describe('watch mode', () => {
  test('serves pages with the live-reload client', async () => {
    const r = await text('/docs/concept/links/');
    assert.equal(r.status, 200);
    assert.match(r.body, /<h1 class="doc__title">Links and anchors<\/h1>/);
    assert.match(r.body, /<script src="\/__live-reload.js" data-revision="\d+"><\/script>/);
    assert.deepEqual(unhashedInlineScripts(r.body), [], 'every inline script is allowed by the CSP (the client is a file)');
    const client = await text('/__live-reload.js');
    assert.equal(client.status, 200);
    assert.match(client.body, /new EventSource\("\/__live-reload"\)/);
    assert.equal((await text('/docs/nope/')).status, 404);
  });

  test('serves the search index, the results page and a worker that removes itself', async () => {
    const headings = await text('/docs/search/headings.json');
    assert.equal(headings.status, 200);
    const index = JSON.parse(headings.body) as { pages: [string, number, string][] };
    assert.ok(index.pages.some(([route, , title]) => route === '/docs/concept/links/' && title === 'Links and anchors'));
    assert.equal((await text('/docs/search/content.json')).status, 200);
    assert.match((await text('/docs/search/')).body, /Search the documentation/);
    assert.match((await text('/docs/sw.js')).body, /unregister\(\)/);
  });

  test('serves the Markdown copy of each page and the llms files', async () => {
    const md = await text('/docs/concept/links/index.md');
    assert.equal(md.status, 200);
    assert.match(md.body, /^# Links and anchors\n/);
    assert.equal((await text('/docs/nope/index.md')).status, 404);
    const llms = await text('/docs/llms.txt');
    assert.equal(llms.status, 200);
    assert.match(llms.body, /^# QuestDB\n/);
    assert.match(llms.body, /\(https:\/\/questdb\.com\/docs\/concept\/links\/index\.md\)/);
    const full = await text('/docs/llms-full.txt');
    assert.match(full.body, /^Source: https:\/\/questdb\.com\/docs\//);
    assert.ok(full.body.includes('# Links and anchors'));
  });

  test('an edit to a page is served after the rebuild, and open pages are told to reload', async () => {
    const events = await fetch(base + '/__live-reload');
    const reader = events.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const revision = Number(/data: (\d+)/.exec(first)![1]);
    const file = join(root, 'content/docs/concept/links.md');
    await writeFile(file, (await readFile(file, 'utf8')) + '\nA freshly written sentence.\n');
    await until('/docs/concept/links/', (r) => r.body.includes('A freshly written sentence.'));
    const next = new TextDecoder().decode((await reader.read()).value);
    assert.ok(Number(/data: (\d+)/.exec(next)![1]) > revision);
    await reader.cancel();
    assert.ok(logs.some((l) => /rebuilt 1 page\(s\) in \d+ ms/.test(l)), logs.join('\n'));
  });

  test('an edit to a fragment rebuilds the pages that include it', async () => {
    await writeFile(join(root, 'content/docs/partials/_nested.md'), 'Nested fragment, second edition.\n');
    await until('/docs/concept/constructs/', (r) => r.body.includes('Nested fragment, second edition.'));
  });

  test('a broken page shows its error in the browser and the terminal; the rest keeps working', async () => {
    const file = join(root, 'content/docs/concept/links.md');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('title: Links and anchors', 'title: [oops'));
    const r = await until('/docs/concept/links/', (x) => x.body.includes('This page cannot be built'));
    assert.match(r.body, /content\/docs\/concept\/links.md:\d+/);
    assert.match(r.body, /Invalid YAML/);
    assert.ok(logs.some((l) => l.includes('content/docs/concept/links.md') && l.includes('error')));
    assert.equal((await text('/docs/')).status, 200);
    await writeFile(file, good);
    await until('/docs/concept/links/', (x) => x.body.includes('<h1 class="doc__title">Links and anchors</h1>'));
  });

  test('a title change updates the navigation of every page', async () => {
    const file = join(root, 'content/docs/concept/constructs.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: Every construct', 'title: All the constructs'));
    await until('/docs/', (r) => r.body.includes('>All the constructs</a>'));
  });

  test('new and deleted files are picked up', async () => {
    const file = join(root, 'content/docs/concept/brand-new.md');
    await writeFile(file, '---\ntitle: Brand new\ndescription: Written while the server runs.\n---\n\nHello there.\n');
    await until('/docs/concept/brand-new/', (r) => r.status === 200 && r.body.includes('Hello there.'));
    await rm(file);
    await until('/docs/concept/brand-new/', (r) => r.status === 404);
  });

  test('a new page makes links that pointed to it resolve on the other pages', async () => {
    const before = await text('/docs/concept/links/');
    assert.match(before.body, /<a href="missing-page.md">broken page<\/a>/);
    await writeFile(join(root, 'content/docs/concept/missing-page.md'), '---\ntitle: No longer missing\ndescription: Appears while the server runs.\n---\n\nHere now.\n');
    await until('/docs/concept/links/', (r) => r.body.includes('<a href="/docs/concept/missing-page/">broken page</a>'));
  });

  test('a sidebar change re-renders the navigation', async () => {
    const file = join(root, 'content/sidebars.ts');
    await writeFile(file, (await readFile(file, 'utf8')).replace("label: 'Concepts'", "label: 'Core ideas'"));
    await until('/docs/concept/links/', (r) => r.body.includes('Core ideas'));
  });
  test('a crash while serving shows the message and where, never a stack trace; the terminal gets the stack', async () => {
    const target = server as unknown as { lookup: (rel: string) => Promise<unknown> };
    const original = target.lookup;
    target.lookup = async () => {
      const e = new Error('boom: the renderer fell over');
      e.stack = `Error: boom: the renderer fell over\n    at render (${root}/src/pipeline/render/render-page.tsx:42:7)\n    at lookup (node:internal/x:1:1)`;
      throw e;
    };
    try {
      const r = await text('/docs/concept/links/');
      assert.equal(r.status, 500);
      assert.match(r.body, /Watch mode could not serve this page/);
      assert.match(r.body, /boom: the renderer fell over/);
      assert.match(r.body, /src\/pipeline\/render\/render-page\.tsx:42/);
      assert.doesNotMatch(r.body, /\bat (render|lookup) \(/, 'no stack frames in the browser');
      assert.ok(logs.some((l) => l.includes('at lookup (node:internal/x:1:1)')), 'the terminal has the stack');
    } finally {
      target.lookup = original;
    }
  });
});


describe('watch mode with a heavy page', () => {
  test('a page that takes seconds to compile does not hold up other requests, and then is served', async () => {
    const heavyRoot = await copyFixture('site');
    // About 1.5 MB of tables and lists: seconds of compiling.
    const rows = Array.from({ length: 12000 }, (_, i) => `| row ${i} | **bold ${i}** | [link](links.md) | \`code\` |`).join('\n');
    await writeFile(join(heavyRoot, 'content/docs/concept/heavy.md'), `---\ntitle: Heavy\ndescription: A very long page.\n---\n\n| a | b | c | d |\n|---|---|---|---|\n${rows}\n`);
    const heavyServer = new DevServer({ root: heavyRoot, port: 0, log: () => {} });
    const { url } = await heavyServer.start();
    const origin = url.replace(/\/docs\/$/, '');
    try {
      let heavyDone = false;
      const heavy = fetch(origin + '/docs/concept/heavy/').then(async (r) => {
        heavyDone = true;
        return { status: r.status, body: await r.text() };
      });
      await new Promise((r) => setTimeout(r, 100));
      for (const path of ['/docs/concept/links/', '/docs/', '/docs/nope/', '/docs/manifest.webmanifest']) {
        const started = Date.now();
        const r = await fetch(origin + path);
        await r.text();
        assert.ok(r.status === 200 || r.status === 404, path);
        assert.equal(heavyDone, false, `${path} was answered only after the heavy page (${Date.now() - started} ms)`);
      }
      const h = await heavy;
      assert.equal(h.status, 200);
      assert.match(h.body, /row 11999/);
    } finally {
      await heavyServer.stop();
      await rm(heavyRoot, { recursive: true, force: true });
    }
  });
});
