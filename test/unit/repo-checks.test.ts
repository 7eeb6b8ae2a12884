/** The repository's own checks, so `npm test` runs every one of them: types and content. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

test('TypeScript type-checks (strict, noUncheckedIndexedAccess): node side without DOM types', () => {
  const r = spawnSync(process.execPath, [TSC, '-p', '.'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('TypeScript type-checks the browser islands with DOM and without Node types', () => {
  const r = spawnSync(process.execPath, [TSC, '-p', 'src/islands'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('every questdb-sql block parses (or opts out with noparse)', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-content.ts', '--no-originality'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /sql: \d+ questdb-sql blocks, 0 failing/);
});

// The originality checker lives beside the repository (../shared), which exists in this
// workplace and in CI but not in a clone elsewhere: there the test is skipped with a note,
// and .ci/run runs the checker itself (and fails when it is missing).
const ORIGINALITY = fileURLToPath(new URL('../../../shared/tools/originality/check.mjs', import.meta.url));

test('originality: no run of 14 or more words shared with the public docs', (t) => {
  if (!existsSync(ORIGINALITY)) {
    t.skip(`originality checker not found at ${ORIGINALITY} (it ships beside the repository as ../shared; .ci/run runs it)`);
    return;
  }
  const r = spawnSync(process.execPath, [ORIGINALITY, 'content'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /originality: \d+ pages, .* 0 of 14\+ words/);
});

test('the layout (templates/, src/components/) never imports from the pipeline: dependencies run one way', async () => {
  const { default: fg } = await import('fast-glob');
  const { readFileSync } = await import('node:fs');
  const files = await fg(['templates/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'], { cwd: ROOT });
  assert.ok(files.length > 5, 'the layout files were found');
  const offenders = files.filter((f) => /from\s+['"][^'"]*\/pipeline\//.test(readFileSync(ROOT + f, 'utf8')));
  assert.deepEqual(offenders, []);
});
