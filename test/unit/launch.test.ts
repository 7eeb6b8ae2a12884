/**
 * `npm run build` runs the pipeline from an esbuild bundle (scripts/launch.mjs): it must write
 * what the TypeScript sources write through tsx, byte for byte, in one thread and with the
 * bundled page-pool worker, print the same diagnostics, and reuse its bundle until the code changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { FIXTURES } from '../helpers/fixture.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLES = join(REPO, 'node_modules/.cache/questdb-docs/code');

function run(args: string[], root: string, extra: string[] = []) {
  const out = mkdtempSync(join(tmpdir(), 'qdb-launch-'));
  const r = spawnSync(process.execPath, [...args, '--root', root, '--out', out, ...extra], { cwd: REPO, encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } });
  const files = new Map<string, Buffer>();
  for (const path of fg.sync('**/*', { cwd: out, dot: true }).sort()) files.set(path, readFileSync(join(out, path)));
  rmSync(out, { recursive: true, force: true });
  // Timings and peak memory differ from run to run; the diagnostics and counts must not.
  const report = (r.stdout + r.stderr).split('\n').filter((l) => !/^ {2}(load|pages|site|render|emit) +\d+ ms$|^Built |^Building /.test(l));
  return { status: r.status, stderr: r.stderr, files, report };
}

for (const fixture of ['site', 'bad-input']) {
  test(`${fixture} fixture: the bundled build writes the same files and reports the same diagnostics as the sources through tsx`, () => {
    const root = join(FIXTURES, fixture);
    const viaTsx = run(['--import', 'tsx', 'scripts/build.ts'], root);
    const bundled = run(['scripts/launch.mjs', 'build'], root);
    const pooled = run(['scripts/launch.mjs', 'build'], root, ['--jobs', '2']);
    assert.equal(bundled.status, viaTsx.status, bundled.stderr);
    assert.ok(viaTsx.files.size > 10, `files were written (${viaTsx.files.size})`);
    for (const other of [bundled, pooled]) {
      assert.deepEqual([...other.files.keys()], [...viaTsx.files.keys()]);
      for (const [path, bytes] of viaTsx.files) assert.ok(bytes.equals(other.files.get(path)!), `${path} differs`);
    }
    assert.deepEqual(bundled.report, viaTsx.report);
    if (fixture === 'bad-input') assert.ok(viaTsx.report.filter((l) => / (warning|error): /.test(l)).length > 10, 'the diagnostics are compared');
    assert.ok(pooled.report.includes('  pages built by 2 worker threads'), 'the bundled worker built the pages');
  });
}

test('the bundle is made once per version of the code and older ones are removed', () => {
  run(['scripts/launch.mjs', 'build'], join(FIXTURES, 'site'));
  const bundles = readdirSync(BUNDLES).filter((d) => !d.includes('.tmp-'));
  assert.equal(bundles.length, 1, bundles.join(', '));
  assert.ok(readdirSync(join(BUNDLES, bundles[0]!)).includes('page-worker.js'));
});

test('when the bundle cannot be made, the build runs the sources through tsx, says so, and writes the same files', () => {
  const root = join(FIXTURES, 'site');
  const aside = `${BUNDLES}.aside-${process.pid}`;
  if (existsSync(BUNDLES)) renameSync(BUNDLES, aside);
  writeFileSync(BUNDLES, 'a file where the bundles folder should be'); // mkdir fails under it
  try {
    const fallback = run(['scripts/launch.mjs', 'build'], root);
    assert.equal(fallback.status, 0, fallback.stderr);
    assert.match(fallback.stderr, /the build's bundle could not be made .*running the sources through tsx instead/);
    const viaTsx = run(['--import', 'tsx', 'scripts/build.ts'], root);
    assert.deepEqual([...fallback.files.keys()], [...viaTsx.files.keys()]);
    for (const [path, bytes] of viaTsx.files) assert.ok(bytes.equals(fallback.files.get(path)!), `${path} differs`);
  } finally {
    rmSync(BUNDLES, { force: true });
    if (existsSync(aside)) renameSync(aside, BUNDLES);
  }
});

test('an unknown script name is refused with the usage line', () => {
  const r = spawnSync(process.execPath, ['scripts/launch.mjs', 'nope'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /usage: node scripts\/launch\.mjs <build\|mcp>/);
});

test('a build that uses the page pool gets the pool flags; a build in one thread keeps its own', () => {
  const flagsOf = (extra: string[]) => {
    const out = mkdtempSync(join(tmpdir(), 'qdb-launch-flags-'));
    const r = spawnSync(process.execPath, ['--max-semi-space-size=32', 'scripts/launch.mjs', 'build', '--root', join(FIXTURES, 'site'), '--out', out, '--quiet', ...extra], { cwd: REPO, encoding: 'utf8', env: { ...process.env, BUILD_STATS_JSON: '1' } });
    rmSync(out, { recursive: true, force: true });
    const line = r.stdout.split('\n').find((l) => l.startsWith('BUILD_STATS '));
    assert.ok(line, r.stdout + r.stderr);
    return (JSON.parse(line.slice('BUILD_STATS '.length)) as { nodeFlags: string[] }).nodeFlags;
  };
  assert.deepEqual(flagsOf(['--jobs', '2']), ['--max-semi-space-size=32', '--no-concurrent-marking']);
  // The fixture has far fewer pages than POOL_MIN_PAGES, so by default it builds in one thread.
  assert.deepEqual(flagsOf([]), ['--max-semi-space-size=32']);
  assert.deepEqual(flagsOf(['--jobs', '1']), ['--max-semi-space-size=32']);
});

test("the launcher's guess of a pool build uses the pool's own page threshold", async () => {
  const { POOL_MIN_PAGES } = await import('../../src/pipeline/page/page-pool.ts');
  const launcher = readFileSync(join(REPO, 'scripts/launch.mjs'), 'utf8');
  assert.equal(Number(/const POOL_MIN_PAGES = (\d+);/.exec(launcher)?.[1]), POOL_MIN_PAGES);
});
