/**
 * The service worker's precache manifest (src/pipeline/emit/service-worker.ts) is made from
 * digests taken while the build wrote its files: every entry must still name a file of the
 * build with the revision of its bytes, the list must be what the precache patterns select,
 * and a file over the size limit is left out with workbox's warning.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildAll } from '../../src/pipeline/build.ts';
import { revisionOf } from '../../src/pipeline/emit/write-output.ts';
import { FIXTURES } from '../helpers/fixture.ts';

function manifestOf(outDir: string): { url: string; revision: string | null }[] {
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
  const list = /precacheAndRoute\((\[\{"revision"[^\]]*\])/.exec(sw) ?? /(\[\{"revision"[^\]]*\])/.exec(sw);
  assert.ok(list, 'sw.js holds a manifest');
  return JSON.parse(list[1]!);
}

test('every precache entry names a file of the build with the revision of its bytes; over 4 MB is left out with a warning', async () => {
  const root = mkdtempSync(join(tmpdir(), 'qdb-precache-'));
  const out = mkdtempSync(join(tmpdir(), 'qdb-precache-out-'));
  try {
    cpSync(join(FIXTURES, 'site'), root, { recursive: true });
    writeFileSync(join(root, 'public/big.json'), JSON.stringify({ data: 'x'.repeat(5 * 1024 * 1024) }));
    const log: string[] = [];
    await buildAll({ root, outDir: out, jobs: 1, log: (l) => log.push(l) });
    const entries = manifestOf(out);
    const selected = fg.sync('**/*.{html,css,js,json,svg,png,ico,woff2,webmanifest}', { cwd: out, ignore: ['sw.js', 'search/records.json', 'assets/vendor/**', 'big.json'] }).sort();
    assert.deepEqual(entries.map((e) => e.url).sort(), selected.map((f) => `/docs/${f}`).sort());
    for (const e of entries) {
      const file = e.url.slice('/docs/'.length);
      if (/\.[0-9a-z]{8,}\.(js|css)$/i.test(file)) assert.equal(e.revision, null, `${file} has a hashed name`);
      else assert.equal(e.revision, revisionOf(readFileSync(join(out, file))), `${file}: its revision is of its bytes`);
    }
    assert.ok(entries.some((e) => e.url === '/docs/concept/constructs/index.html' && e.revision !== null), 'pages are precached with revisions');
    assert.ok(log.some((l) => /service worker warning: big\.json is 5\.24 MB, and won't be precached/.test(l)), log.join('\n'));

    // A build over the same folder with a page changed: its revision follows.
    const before = entries.find((e) => e.url === '/docs/concept/constructs/index.html')!.revision;
    const page = join(root, 'content/docs/concept/constructs.md');
    writeFileSync(page, readFileSync(page, 'utf8') + '\nOne more sentence.\n');
    await buildAll({ root, outDir: out, jobs: 1 });
    const after = manifestOf(out).find((e) => e.url === '/docs/concept/constructs/index.html')!.revision;
    assert.notEqual(after, before);
    assert.equal(after, revisionOf(readFileSync(join(out, 'concept/constructs/index.html'))));
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});

test('a warm build from the page cache writes the same service worker as a cold one', async () => {
  const cache = mkdtempSync(join(tmpdir(), 'qdb-precache-cache-'));
  const cold = mkdtempSync(join(tmpdir(), 'qdb-precache-cold-'));
  const warm = mkdtempSync(join(tmpdir(), 'qdb-precache-warm-'));
  try {
    await buildAll({ root: join(FIXTURES, 'site'), outDir: cold, jobs: 1, cacheDir: cache });
    const log: string[] = [];
    await buildAll({ root: join(FIXTURES, 'site'), outDir: warm, jobs: 1, cacheDir: cache, log: (l) => log.push(l) });
    assert.ok(log.some((l) => /cache: (\d+) of \1 pages/.test(l)), log.join('\n'));
    assert.equal(readFileSync(join(warm, 'sw.js'), 'utf8'), readFileSync(join(cold, 'sw.js'), 'utf8'));
  } finally {
    for (const d of [cache, cold, warm]) rmSync(d, { recursive: true, force: true });
  }
});
