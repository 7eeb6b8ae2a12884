/**
 * The page pool: a build in worker threads writes the same files, byte for byte, and
 * reports the same diagnostics in the same order as a build in the main thread.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildAll } from '../../src/pipeline/build.ts';
import { pageJobs, POOL_MIN_PAGES } from '../../src/pipeline/page/page-pool.ts';
import { FIXTURES } from '../helpers/fixture.ts';

async function buildInto(root: string, jobs: number, workerHeapMb?: number) {
  const out = await mkdtemp(join(tmpdir(), `qdb-pool-${jobs}-`));
  const log: string[] = [];
  const result = await buildAll({ root, outDir: out, jobs, workerHeapMb, log: (l) => log.push(l) });
  const files = new Map<string, Buffer>();
  for (const path of (await fg('**/*', { cwd: out, dot: true })).sort()) files.set(path, await readFile(join(out, path)));
  await rm(out, { recursive: true, force: true });
  return { result, files, log };
}

for (const fixture of ['site', 'bad-input']) {
  test(`${fixture} fixture: --jobs 2 (worker threads) and --jobs 1 give the same files byte for byte and the same diagnostics in order`, async () => {
    const root = join(FIXTURES, fixture);
    const one = await buildInto(root, 1);
    const pool = await buildInto(root, 2);
    assert.ok(pool.log.includes('  pages built by 2 worker threads'), 'the pool was used');
    assert.ok(!one.log.some((l) => l.includes('worker threads')), 'one job builds in the main thread');
    assert.ok(one.files.size > 10, `files were written (${one.files.size})`);
    assert.deepEqual([...pool.files.keys()], [...one.files.keys()], 'the same file names');
    for (const [path, bytes] of one.files) assert.ok(bytes.equals(pool.files.get(path)!), `${path} differs`);
    assert.deepEqual(pool.result.diagnostics, one.result.diagnostics);
    assert.deepEqual(
      pool.result.compiled.map((p) => [p.source.route, [...p.anchors], p.links.length, p.toc.length]),
      one.result.compiled.map((p) => [p.source.route, [...p.anchors], p.links.length, p.toc.length]),
    );
  });
}

test('the bad-input fixture reports diagnostics (so the comparison above compares something)', async () => {
  const { result } = await buildInto(join(FIXTURES, 'bad-input'), 2);
  assert.ok(result.diagnostics.length > 5, `${result.diagnostics.length} diagnostics`);
});

test('jobs: an explicit count wins; by default one thread below POOL_MIN_PAGES pages, every core from there on', () => {
  assert.equal(pageJobs(10_000, 1), 1);
  assert.equal(pageJobs(3, 4), 4);
  assert.equal(pageJobs(POOL_MIN_PAGES - 1), 1);
  assert.ok(pageJobs(POOL_MIN_PAGES) >= 1);
});

/** The same files byte for byte and the same diagnostics as a build in one thread. */
function assertSameBuild(a: Awaited<ReturnType<typeof buildInto>>, b: Awaited<ReturnType<typeof buildInto>>) {
  assert.deepEqual([...a.files.keys()], [...b.files.keys()]);
  for (const [path, bytes] of b.files) assert.ok(bytes.equals(a.files.get(path)!), `${path} differs`);
  assert.deepEqual(a.result.diagnostics, b.result.diagnostics);
}

test('a batch whose worker runs out of its heap is built again in the main thread, with the same files and diagnostics', async () => {
  const root = await mkdtemp(join(tmpdir(), 'qdb-pool-heap-'));
  try {
    await cp(join(FIXTURES, 'site'), root, { recursive: true });
    // About 600 KB of prose: its trees need far more than 64 MB (the fixture's other pages build in 40).
    const section = (i: number) => `## Part ${i}\n\nA paragraph with **bold**, \`code\` and a [link](introduction.md) in part ${i}.\n\n- one\n- two\n\n`;
    await writeFile(join(root, 'content/docs/huge.md'), `---\ntitle: Huge\n---\n\n${Array.from({ length: 4_000 }, (_, i) => section(i)).join('')}`);
    const one = await buildInto(root, 1);
    const pooled = await buildInto(root, 2, 64);
    assert.ok(pooled.log.includes('  1 batch(es) built in the main thread: their worker ran out of its heap'), pooled.log.join('\n'));
    assert.ok(pooled.files.has('huge/index.html'), 'the huge page was written');
    assertSameBuild(pooled, one);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('workers that die before building anything (a heap too small to start in) leave the whole build to the main thread', async () => {
  const root = join(FIXTURES, 'site');
  const one = await buildInto(root, 1);
  const pooled = await buildInto(root, 2, 16);
  // Whether a worker dies while starting (the pool's error event) or once handed the batch
  // (the batch's own failure) is a race; either way the main thread builds it.
  const fellBack = /^ {2}(the page workers stopped \(.*memory.*\); 1 batch\(es\) built in the main thread|1 batch\(es\) built in the main thread: their worker ran out of its heap)$/;
  assert.ok(pooled.log.some((l) => fellBack.test(l)), pooled.log.join('\n'));
  assertSameBuild(pooled, one);
});
