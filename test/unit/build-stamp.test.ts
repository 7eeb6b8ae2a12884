/**
 * The up-to-date check of cached builds (src/pipeline/cache/build-stamp.ts): a cached build
 * with nothing changed builds nothing and reports what the last one did, and every change
 * to what a build reads or to the folder it wrote makes the next one build again.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, rename, rm, stat, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { buildAll } from '../../src/pipeline/build.ts';
import { beginStamp, STAMP_ENV, stampedBuild, type StampPlace } from '../../src/pipeline/cache/build-stamp.ts';
import { copyFixture } from '../helpers/fixture.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

let root: string;
let work: string;
let place: StampPlace;
before(async () => {
  root = await copyFixture('site');
  work = await mkdtemp(join(tmpdir(), 'qdb-stamp-test-'));
  place = { cacheDir: join(work, 'cache'), root, outDir: join(work, 'out') };
});
after(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const build = () => buildAll({ root, outDir: place.outDir, cacheDir: place.cacheDir });

/** After a fresh cached build, `change` is made; the stamp must then no longer stand. */
async function assertChangeRebuilds(change: () => Promise<unknown>, undo?: () => Promise<unknown>): Promise<void> {
  await build();
  assert.ok(await stampedBuild(place), 'the build left a stamp that stands');
  await change();
  assert.equal(await stampedBuild(place), undefined, 'the stamp no longer stands');
  if (undo) {
    await undo();
    await build();
  }
}

describe('the build stamp', () => {
  test('stands for the last cached build when nothing changed, with its page count and diagnostics', async () => {
    const result = await build();
    const stamped = await stampedBuild(place);
    assert.ok(stamped);
    assert.equal(stamped.pages, result.compiled.length);
    assert.ok(result.diagnostics.length > 0, 'the fixture has warnings to repeat');
    assert.deepEqual(stamped.diagnostics, result.diagnostics);
    // Another output folder, or another site, has no stamp.
    assert.equal(await stampedBuild({ ...place, outDir: join(work, 'elsewhere') }), undefined);
  });

  test('an edited page, a new dot file, a new empty folder or a changed public file makes it stale', async () => {
    const page = join(root, 'content/docs/concept/links.md');
    const text = await readFile(page, 'utf8');
    await assertChangeRebuilds(() => appendFile(page, '\nOne more sentence.\n'), () => writeFile(page, text));
    await assertChangeRebuilds(() => writeFile(join(root, 'content/.notes'), 'x'), () => unlink(join(root, 'content/.notes')));
    await assertChangeRebuilds(() => mkdir(join(root, 'content/docs/empty')), () => rm(join(root, 'content/docs/empty'), { recursive: true }));
    const publicFile = (await fg('public/**/*', { cwd: root }))[0]!;
    const bytes = await readFile(join(root, publicFile));
    await assertChangeRebuilds(() => appendFile(join(root, publicFile), ' '), () => writeFile(join(root, publicFile), bytes));
  });

  test('a page rewritten to the same size with its modification time set back makes it stale: its hash is taken again', async () => {
    const page = join(root, 'content/docs/concept/links.md');
    const text = await readFile(page, 'utf8');
    // A whole second, which a time set back comes to exactly: only the change time can tell.
    await utimes(page, 1e9, 1e9);
    const swapped = text.replace(/[a-z]/, (c) => (c === 'a' ? 'b' : 'a'));
    assert.equal(Buffer.byteLength(swapped), Buffer.byteLength(text));
    await assertChangeRebuilds(
      async () => {
        const before = await stat(page);
        await writeFile(page, swapped);
        await utimes(page, 1e9, 1e9);
        const after = await stat(page);
        assert.deepEqual([after.size, after.ino, after.mtimeMs], [before.size, before.ino, before.mtimeMs]);
      },
      () => writeFile(page, text),
    );
  });

  test('a file written, touched, removed or added in the output folder makes it stale', async () => {
    const html = join(place.outDir, 'concept/links/index.html');
    await assertChangeRebuilds(async () => writeFile(html, await readFile(html)));
    await assertChangeRebuilds(() => utimes(html, new Date(2020, 0, 1), new Date(2020, 0, 1)));
    await assertChangeRebuilds(() => unlink(html));
    await assertChangeRebuilds(() => writeFile(join(place.outDir, 'stray.txt'), 'left behind'));
    // Deeper down too: the check takes each folder's times instead of walking the folder.
    await assertChangeRebuilds(() => writeFile(join(place.outDir, 'concept/links/stray.txt'), 'left behind'));
    await assertChangeRebuilds(() => rename(html, join(place.outDir, 'concept/links/moved.html')));
    await assertChangeRebuilds(() => mkdir(join(place.outDir, 'concept/links/empty')));
    // Each of those builds put the folder right again, and the last one removed the strays.
    assert.ok((await readFile(html, 'utf8')).includes('<html'));
    await build();
    assert.deepEqual(await fg(['**/stray.txt', '**/moved.html', '**/empty'], { cwd: place.outDir, onlyFiles: false }), []);
    assert.ok(await stampedBuild(place));
  });

  test('a build that kept pages in place stamps the folder from its listing at the start and what it wrote: the stamp stands, and still sees a change', async () => {
    const page = join(root, 'content/docs/concept/links.md');
    const text = await readFile(page, 'utf8');
    await build();
    await appendFile(page, '\nA sentence for a build that keeps the other pages in place.\n');
    try {
      const lines: string[] = [];
      await buildAll({ root, outDir: place.outDir, cacheDir: place.cacheDir, log: (l) => lines.push(l) });
      assert.ok(await stampedBuild(place), 'the stamp stands');
      // A kept page's file touched, or a folder added, is seen.
      const kept = join(place.outDir, 'concept/constructs/index.html');
      await assertChangeRebuilds(() => utimes(kept, new Date(2021, 0, 1), new Date(2021, 0, 1)));
      await assertChangeRebuilds(() => mkdir(join(place.outDir, 'an-empty-folder')));
    } finally {
      await writeFile(page, text);
    }
    await build();
    assert.ok(await stampedBuild(place));
  });

  test('a search setting in the environment makes it stale; other variables do not', async () => {
    await build();
    process.env.QDB_STAMP_TEST_UNRELATED = 'x';
    try {
      assert.ok(await stampedBuild(place));
    } finally {
      delete process.env.QDB_STAMP_TEST_UNRELATED;
    }
    process.env.SEARCH_PERSONALIZATION = 'false';
    try {
      assert.equal(await stampedBuild(place), undefined);
    } finally {
      delete process.env.SEARCH_PERSONALIZATION;
    }
    assert.ok(await stampedBuild(place));
  });

  test('a site with a link or a named pipe under content/ is never stamped (a link may point anywhere)', async () => {
    const link = join(root, 'content/docs/linked.md');
    await symlink(join(root, 'content/docs/concept/links.md'), link);
    try {
      await build();
      assert.equal(await stampedBuild(place), undefined);
    } finally {
      await unlink(link);
    }
    const fifo = join(root, 'content/pipe');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    try {
      await build();
      assert.equal(await stampedBuild(place), undefined);
    } finally {
      await unlink(fifo);
    }
  });

  test('a build that does not write leaves no stamp, and a new cached build removes the old one first', async () => {
    await build();
    assert.ok(await stampedBuild(place));
    await buildAll({ root, write: false, cacheDir: place.cacheDir, outDir: place.outDir });
    assert.ok(await stampedBuild(place), 'an in-memory build touches neither the folder nor the stamp');
    // A cached build removes the stamp as it starts, so one that stops halfway leaves none behind.
    await beginStamp(place);
    assert.equal(await stampedBuild(place), undefined);
  });

  test('the build reads no environment variable the stamp leaves out', async () => {
    const names = new Set<string>();
    for (const file of await fg('src/**/*.{ts,tsx}', { cwd: REPO })) {
      for (const m of (await readFile(join(REPO, file), 'utf8')).matchAll(/\benv(?:\.|\?\.|\[['"])([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
    }
    assert.ok(names.has('ALGOLIA_APP_ID'), 'the scan finds the search settings');
    assert.deepEqual([...names].filter((n) => !STAMP_ENV(n)), []);
  });

  test('npm run build -- --cache: the second run builds nothing and prints the same diagnostics and status', () => {
    const out = join(work, 'cli-out');
    const run = () => {
      const r = spawnSync(process.execPath, ['scripts/launch.mjs', 'build', '--root', root, '--out', out, '--cache-dir', join(work, 'cli-cache')], { cwd: REPO, encoding: 'utf8' });
      const report = (r.stdout + r.stderr).split('\n').filter((l) => !/^ {2}(load|pages|site|render|emit|cache:|service worker:|up to date:)|^Built |^Checked |^Building /.test(l));
      return { status: r.status, stdout: r.stdout, report };
    };
    const first = run();
    const second = run();
    assert.match(first.stdout, /^Built \d+ pages/m);
    assert.match(second.stdout, /up to date: .*nothing to build/);
    assert.match(second.stdout, /^Checked \d+ pages in [\d.]+ s: up to date/m);
    assert.equal(second.status, first.status);
    assert.ok(first.report.some((l) => /warning/.test(l)), 'the fixture prints warnings');
    assert.deepEqual(second.report, first.report);
    // After an edit the check's hash of the inputs is handed to the build: the stamp it leaves stands.
    const page = join(root, 'content/docs/concept/links.md');
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, text + '\nAn edit between two cached builds.\n');
    try {
      assert.match(run().stdout, /^Built \d+ pages/m);
      assert.match(run().stdout, /^Checked \d+ pages in [\d.]+ s: up to date/m);
    } finally {
      writeFileSync(page, text);
    }
  });
});
