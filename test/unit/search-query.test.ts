/** `npm run search:query`: prints a built site's first hits for a query, as the modal ranks them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../../src/pipeline/build.ts';
import { FIXTURES } from '../helpers/fixture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/search-query.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

test('lists the hits of a query on a built site, the page named by the query first', async () => {
  const out = await mkdtemp(join(tmpdir(), 'search-query-'));
  try {
    await buildAll({ root: join(FIXTURES, 'site'), outDir: out });
    const r = run('links and anchors', '--limit', '3', '--out', out);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.match(lines[0]!, /^\d+ hits for "links and anchors"$/);
    assert.match(lines[1]!, /^ 1\. Links and anchors/);
    assert.match(lines[2]!, /\/docs\/concept\/links\//);
    assert.ok(lines.filter((l) => /^ ?\d+\. /.test(l)).length <= 3, 'at most --limit hits');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('says what to do when there is no built index or no query', () => {
  const missing = run('anything', '--out', join(tmpdir(), 'no-such-build-folder'));
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /run npm run build first/);
  const empty = run();
  assert.equal(empty.status, 1);
  assert.match(empty.stderr, /usage: npm run search:query/);
});
