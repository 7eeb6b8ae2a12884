/**
 * The persistent page cache: a warm build gives the same bytes as a cold one, and every
 * kind of change that can alter a page (its text, a file it includes, another page's
 * title in the sidebar, the build's settings) makes that page, or all, build again.
 * A damaged entry is rebuilt, never trusted.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtemp, readFile, readdir, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import fg from 'fast-glob';
import { buildAll } from '../../src/pipeline/build.ts';
import { copyFixture } from '../helpers/fixture.ts';

let root: string;
let work: string;
let cacheDir: string;
before(async () => {
  root = await copyFixture('site');
  work = await mkdtemp(join(tmpdir(), 'qdb-cache-test-'));
  cacheDir = join(work, 'cache');
});
after(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

let n = 0;
/** Builds into a fresh folder; answers the folder and how many pages came from the cache. */
async function build(): Promise<{ out: string; cached: number; total: number }> {
  const out = join(work, `out-${n++}`);
  const lines: string[] = [];
  const result = await buildAll({ root, outDir: out, cacheDir, log: (l) => lines.push(l) });
  const m = /cache: (\d+) of (\d+) pages/.exec(lines.join('\n'));
  assert.ok(m, 'the build says how many pages came from the cache');
  assert.equal(Number(m[2]), result.compiled.length);
  return { out, cached: Number(m[1]), total: Number(m[2]) };
}

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir })).sort();
  // The service worker names its caches after the build id, which is the same for the same assets.
  return new Map(await Promise.all(files.map(async (f) => [f, (await readFile(join(dir, f))).toString('base64')] as [string, string])));
}

describe('the page cache', () => {
  test('a warm build takes every page from the cache and writes the same bytes as the cold one', async () => {
    const cold = await build();
    assert.equal(cold.cached, 0);
    const warm = await build();
    assert.equal(warm.cached, warm.total);
    assert.deepEqual(await snapshot(warm.out), await snapshot(cold.out));
  });

  test('an edited page is built again, and only it', async () => {
    await appendFile(join(root, 'content/docs/concept/links.md'), '\nA sentence added after the cache was filled.\n');
    const r = await build();
    assert.equal(r.cached, r.total - 1);
    assert.match(await readFile(join(r.out, 'concept/links/index.html'), 'utf8'), /A sentence added after the cache was filled\./);
    assert.match(await readFile(join(r.out, 'concept/links/index.md'), 'utf8'), /A sentence added after the cache was filled\./);
  });

  test('an edited fragment rebuilds the pages that include it', async () => {
    const fragment = join(root, 'content/docs/partials/_nested.md');
    await writeFile(fragment, (await readFile(fragment, 'utf8')).replace('Nested fragment text.', 'Nested fragment text, edited.'));
    const r = await build();
    assert.ok(r.cached < r.total);
    assert.match(await readFile(join(r.out, 'concept/constructs/index.html'), 'utf8'), /Nested fragment text, edited\./);
  });

  test('a new title (shown in the sidebar of every page) rebuilds every page', async () => {
    const page = join(root, 'content/docs/concept/constructs.md');
    await writeFile(page, (await readFile(page, 'utf8')).replace(/^title: .*$/m, 'title: Every construct there is'));
    const before = await readdir(join(cacheDir, 'pages'));
    const r = await build();
    assert.equal(r.cached, 0);
    assert.match(await readFile(join(r.out, 'concept/links/index.html'), 'utf8'), /Every construct there is/);
    // A new site key names new entries: the old ones were not overwritten, and are pruned.
    const entries = (await readdir(join(cacheDir, 'pages'))).filter((f) => f.endsWith('.bin'));
    assert.equal(entries.length, r.total);
    assert.equal(entries.filter((f) => before.includes(f)).length, 0);
  });

  test('a damaged entry is rebuilt, not trusted', async () => {
    const dir = join(cacheDir, 'pages');
    const [first] = (await readdir(dir)).filter((f) => f.endsWith('.bin'));
    const name = first!.slice(0, -'.bin'.length);
    for (const kind of ['.bin', '.out']) await writeFile(join(dir, name + kind), 'not an entry');
    const r = await build();
    assert.equal(r.cached, r.total - 1);
  });

  test('a page with text beyond ASCII comes from the pack as it was built', async () => {
    const page = join(root, 'content/docs/concept/unicode.md');
    await writeFile(page, '---\ntitle: Zürich — 東京 😀\ndescription: Ünïcödé all the way.\n---\n\n## Grüße 😀\n\nText with ß and 漢字, [a link](#grüße-).\n');
    try {
      await build(); // a new route is a new site key: every page again
      // The pack holds the page (see cache/page-pack.ts), so the warm build reads it from there.
      const [pack] = await readdir(join(cacheDir, 'packs'));
      assert.ok((await readFile(join(cacheDir, 'packs', pack!))).includes('"title":"Zürich — 東京 😀"'));
      const warm = await build();
      assert.equal(warm.cached, warm.total);
      const plain = join(work, 'plain-unicode');
      await buildAll({ root, outDir: plain });
      assert.deepEqual(await snapshot(warm.out), await snapshot(plain));
      assert.match(await readFile(join(warm.out, 'search/headings.json'), 'utf8'), /Grüße 😀/);
    } finally {
      await rm(page);
      await build(); // the cache warm again for the site without it
    }
  });

  test('a damaged page pack is not trusted: the pages come from their entries', async () => {
    const [pack] = await readdir(join(cacheDir, 'packs'));
    const path = join(cacheDir, 'packs', pack!);
    const bytes = await readFile(path);
    // Cut short, then garbage where the records were: neither may give a page.
    await writeFile(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = await build();
    assert.equal(cut.cached, cut.total);
    await writeFile(path, Buffer.concat([bytes.subarray(0, 64), Buffer.alloc(bytes.length - 64, 0x7b)]));
    const garbage = await build();
    assert.equal(garbage.cached, garbage.total);
  });

  test('after all these edits, the cached build is byte for byte a build without the cache', async () => {
    const warm = await build();
    assert.equal(warm.cached, warm.total);
    const plain = join(work, 'plain');
    await buildAll({ root, outDir: plain });
    assert.deepEqual(await snapshot(warm.out), await snapshot(plain));
  });
});

/**
 * Cached builds into the same folder: a page's files left as the previous cached build wrote
 * them are not written again, nor read from the cache (src/pipeline/cache/build-stamp.ts), and
 * anything that may have changed them makes the build write them from the cache again.
 */
describe('cached builds into their own previous output', () => {
  let site: string;
  let dir: string;
  let out: string;
  let pagesCache: string;
  before(async () => {
    site = await copyFixture('site');
    dir = await mkdtemp(join(tmpdir(), 'qdb-inplace-test-'));
    out = join(dir, 'out');
    pagesCache = join(dir, 'cache');
  });
  after(async () => {
    await rm(site, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  /** The last cached build's log. */
  let lines: string[] = [];
  async function cachedBuild(into = out): Promise<number> {
    lines = [];
    await buildAll({ root: site, outDir: into, cacheDir: pagesCache, log: (l) => lines.push(l) });
    return Number(/cache: (\d+) of/.exec(lines.join('\n'))![1]);
  }
  /** How many pages' search records the last cached build copied from the previous records.json; undefined when it copied none. */
  const recordsCopied = (): [number, number] | undefined => {
    const m = /search records: (\d+) of (\d+) pages' records copied/.exec(lines.join('\n'));
    return m ? [Number(m[1]), Number(m[2])] : undefined;
  };
  /** A build without the cache into a fresh folder: what every cached build must equal. */
  async function plainSnapshot(): Promise<Map<string, string>> {
    const plain = await mkdtemp(join(dir, 'plain-'));
    await buildAll({ root: site, outDir: plain });
    return snapshot(plain);
  }
  const outputBytes = async () => (await readdir(join(pagesCache, 'pages'))).filter((f) => f.endsWith('.out'));

  test('one page edited: the others come from the cache without their bytes, and the folder equals a plain build', async () => {
    await cachedBuild();
    const pages = (await readdir(join(pagesCache, 'pages'))).filter((f) => f.endsWith('.bin')).length;
    // Without the outputs' bytes, a cached page could only be used by leaving its files in place.
    for (const f of await outputBytes()) await rm(join(pagesCache, 'pages', f));
    await appendFile(join(site, 'content/docs/concept/links.md'), '\nA sentence added for the in-place build.\n');
    assert.equal(await cachedBuild(), pages - 1);
    assert.match(await readFile(join(out, 'concept/links/index.html'), 'utf8'), /A sentence added for the in-place build\./);
    // The search records of every other indexed page were copied from the records.json in place.
    const [copied, indexed] = recordsCopied()!;
    assert.ok(indexed >= 3 && copied === indexed - 1, `${copied} of ${indexed}`);
    assert.match(await readFile(join(out, 'search/records.json'), 'utf8'), /A sentence added for the in-place build\./);
    assert.deepEqual(await snapshot(out), await plainSnapshot());
  });

  test('a hand-edited output file makes the next build write the cached pages again', async () => {
    await cachedBuild();
    await appendFile(join(site, 'content/docs/concept/links.md'), '\nAnother sentence.\n');
    const page = join(out, 'concept/constructs/index.html');
    await writeFile(page, 'edited by hand');
    await cachedBuild();
    assert.equal(recordsCopied(), undefined, 'a folder changed since: records.json is made anew');
    assert.doesNotMatch(await readFile(page, 'utf8'), /edited by hand/);
    assert.deepEqual(await snapshot(out), await plainSnapshot());
  });

  test('a page built into another folder with the same cache is written again here', async () => {
    await cachedBuild();
    const before = await readFile(join(out, 'concept/links/index.html'), 'utf8');
    await appendFile(join(site, 'content/docs/concept/links.md'), '\nA sentence built elsewhere first.\n');
    // The cache entry now holds the edited page; this folder still holds the older one.
    await cachedBuild(join(dir, 'elsewhere'));
    await cachedBuild();
    const after = await readFile(join(out, 'concept/links/index.html'), 'utf8');
    assert.notEqual(after, before);
    assert.match(after, /A sentence built elsewhere first\./);
    assert.deepEqual(await snapshot(out), await plainSnapshot());
  });

  test('a page removed from the site has its files removed from the folder (listed once, by the stamp check)', async () => {
    const source = join(site, 'content/docs/short-lived.md');
    await writeFile(source, '---\ntitle: Short-lived\n---\n\nA page removed after one build.\n');
    await cachedBuild();
    const page = join(out, 'short-lived/index.html');
    assert.ok(existsSync(page), `${page} was built`);
    await rm(source);
    await cachedBuild();
    assert.ok(!existsSync(page), 'the removed page is gone from the folder');
    assert.deepEqual(await snapshot(out), await plainSnapshot());
  });

  test('a cached page whose bytes are gone and whose files are not in place is built again', async () => {
    await cachedBuild();
    for (const f of await outputBytes()) await rm(join(pagesCache, 'pages', f));
    await rm(join(out, 'concept/constructs/index.html'));
    const pages = (await readdir(join(pagesCache, 'pages'))).filter((f) => f.endsWith('.bin')).length;
    assert.equal(await cachedBuild(), 0, 'no page could be taken: the folder changed, and no entry has its bytes');
    assert.equal((await outputBytes()).length, pages, 'every page stored again, with its bytes');
    assert.deepEqual(await snapshot(out), await plainSnapshot());
  });
});
