/**
 * The output record (src/pipeline/emit/output-record.ts): a build skips reading back a file
 * that the last build wrote and nothing touched since, and a file changed in any way since is
 * written again, so the folder always ends up holding this build's bytes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildAll } from '../../src/pipeline/build.ts';
import { listOutput, readPreviousFiles, settledListing, writePreviousFiles } from '../../src/pipeline/emit/output-record.ts';
import { revisionOf, writeOutput } from '../../src/pipeline/emit/write-output.ts';
import { copyFixture } from '../helpers/fixture.ts';

test('a file the record vouches for is not read back or written; a file changed since is written again', async () => {
  const out = await mkdtemp(join(tmpdir(), 'qdb-record-'));
  try {
    await writeOutput(out, [{ path: 'a/x.html', contents: 'first text' }, { path: 'b.html', contents: 'other text' }]);
    // A record that claims a.html holds 'other bytes' (a lie about its bytes, true about its status):
    // trusted without a read, so the file keeps what it holds.
    const listing = (await settledListing(out))!;
    assert.ok(listing, 'a settled folder gets a listing');
    const lie = new Map([['a/x.html', { path: 'a/x.html', size: 10, revision: revisionOf(Buffer.from('other text')) }], ['b.html', { path: 'b.html', size: 10, revision: revisionOf(Buffer.from('other text')) }]]);
    writePreviousFiles(out, listing, lie);
    const previous = readPreviousFiles(out);
    assert.equal(previous.size, 2);
    const before = await stat(join(out, 'a/x.html'));
    await writeOutput(out, [{ path: 'a/x.html', contents: 'other text' }], [], previous);
    assert.equal(await readFile(join(out, 'a/x.html'), 'utf8'), 'first text', 'the record was trusted: nothing read, nothing written');
    assert.equal((await stat(join(out, 'a/x.html'))).mtimeMs, before.mtimeMs);
    // b.html is changed after the record (same size, other bytes): its status no longer matches, so it is compared and written.
    await writeFile(join(out, 'b.html'), 'tampered!!');
    await writeOutput(out, [{ path: 'b.html', contents: 'other text' }], [], previous);
    assert.equal(await readFile(join(out, 'b.html'), 'utf8'), 'other text');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('a file rewritten to the same size with its modification time put back is still written again (its change time tells)', async () => {
  const out = await mkdtemp(join(tmpdir(), 'qdb-record-'));
  try {
    const when = 1_700_000_000; // whole seconds, so utimes can put the time back exactly
    await writeOutput(out, [{ path: 'x.html', contents: 'first text' }]);
    await utimes(join(out, 'x.html'), when, when);
    const listing = (await settledListing(out))!;
    writePreviousFiles(out, listing, new Map([['x.html', { path: 'x.html', size: 10, revision: revisionOf(Buffer.from('first text')) }]]));
    await writeFile(join(out, 'x.html'), 'tampered!!');
    await utimes(join(out, 'x.html'), when, when);
    assert.equal((await stat(join(out, 'x.html'))).mtimeMs, when * 1000);
    await writeOutput(out, [{ path: 'x.html', contents: 'first text' }], [], readPreviousFiles(out));
    assert.equal(await readFile(join(out, 'x.html'), 'utf8'), 'first text');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('builds over their own output: the record covers the pages, and a page file edited by hand is put right', async () => {
  const root = await copyFixture('site');
  const out = await mkdtemp(join(tmpdir(), 'qdb-record-build-'));
  try {
    await buildAll({ root, outDir: out });
    const previous = readPreviousFiles(out);
    const html = 'concept/links/index.html';
    assert.ok(previous.has(html) && previous.has('concept/links/index.md'), 'pages and their Markdown copies are recorded');
    const files = (await fg('**/*', { cwd: out })).sort();
    const original = await readFile(join(out, html));
    await writeFile(join(out, html), Buffer.alloc(original.length, 'x'));
    await buildAll({ root, outDir: out });
    assert.ok((await readFile(join(out, html))).equals(original));
    assert.deepEqual((await fg('**/*', { cwd: out })).sort(), files);
    assert.equal(listOutput(join(out, 'missing')), undefined);
  } finally {
    await rm(root, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  }
});
