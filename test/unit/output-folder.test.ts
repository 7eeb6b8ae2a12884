/**
 * The build folder is reused (src/pipeline/emit/output-folder.ts): a build over a previous
 * build's folder, whatever it holds, leaves exactly the files a build into an empty folder
 * writes, never writes through a link, and leaves files whose bytes did not change untouched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildAll } from '../../src/pipeline/build.ts';
import { FIXTURES } from '../helpers/fixture.ts';

const ROOT = join(FIXTURES, 'site');

function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const path of fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: false, markDirectories: true }).sort()) files.set(path, path.endsWith('/') ? Buffer.alloc(0) : readFileSync(join(dir, path)));
  return files;
}

test('a build over an old folder leaves the same files and folders as a build into an empty one, and never writes through a link', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'qdb-out-folder-'));
  try {
    const empty = join(scratch, 'empty');
    await buildAll({ root: ROOT, outDir: empty, jobs: 1 });
    const expected = filesOf(empty);
    assert.ok(expected.has('index.html') && expected.has('404.html') && expected.has('concept/constructs/index.html'), 'the fixture builds the files this test disturbs');

    const reused = join(scratch, 'reused');
    await buildAll({ root: ROOT, outDir: reused, jobs: 1 });
    // What an older build, or a person, may have left behind.
    mkdirSync(join(reused, 'old-section/deep'), { recursive: true });
    writeFileSync(join(reused, 'old-section/deep/index.html'), 'stale');
    writeFileSync(join(reused, 'stale.txt'), 'stale');
    rmSync(join(reused, 'concept/constructs'), { recursive: true });
    writeFileSync(join(reused, 'concept/constructs'), 'a file where a page folder goes');
    rmSync(join(reused, '404.html'));
    mkdirSync(join(reused, '404.html/inside'), { recursive: true });
    writeFileSync(join(reused, '404.html/inside/x'), 'a folder where a file goes');
    writeFileSync(join(reused, 'index.html'), 'changed by hand');
    const outside = join(scratch, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'outside the build folder');
    rmSync(join(reused, 'assets'), { recursive: true });
    symlinkSync(outside, join(reused, 'assets'));
    rmSync(join(reused, 'sitemap.xml'));
    symlinkSync(join(outside, 'keep.txt'), join(reused, 'sitemap.xml'));

    await buildAll({ root: ROOT, outDir: reused, jobs: 1 });
    const got = filesOf(reused);
    assert.deepEqual([...got.keys()], [...expected.keys()]);
    for (const [path, bytes] of expected) assert.ok(bytes.equals(got.get(path)!), `${path} differs`);
    assert.deepEqual(fg.sync('**/*', { cwd: outside, dot: true }), ['keep.txt'], 'nothing was written through the links');
    assert.equal(readFileSync(join(outside, 'keep.txt'), 'utf8'), 'outside the build folder');
    assert.ok(lstatSync(join(reused, 'assets')).isDirectory() && !lstatSync(join(reused, 'assets')).isSymbolicLink());
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('files whose bytes did not change are not written again (their modification time stays)', async () => {
  const out = mkdtempSync(join(tmpdir(), 'qdb-out-same-'));
  try {
    await buildAll({ root: ROOT, outDir: out, jobs: 1 });
    const page = join(out, 'concept/constructs/index.html');
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(page, old, old);
    writeFileSync(join(out, 'concept/links/index.html'), 'changed by hand');
    await buildAll({ root: ROOT, outDir: out, jobs: 1 });
    assert.equal(statSync(page).mtimeMs, old.getTime(), 'an unchanged page was left as it was');
    assert.notEqual(readFileSync(join(out, 'concept/links/index.html'), 'utf8'), 'changed by hand', 'a changed file was written again');
    assert.ok(existsSync(join(out, 'sw.js')));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
