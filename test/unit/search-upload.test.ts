/** `npm run search:upload` against the mock Algolia server: atomic replace, what it prints, and its errors. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockAlgolia, type MockAlgolia } from '../helpers/mock-algolia.ts';
import { buildFixture } from '../helpers/fixture.ts';
import type { SearchRecord } from '../../src/shared/search/types.ts';

/** Runs the upload script without blocking (spawnSync would stall the mock server in this process). */
function upload(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/search-upload.ts', ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('search:upload', () => {
  let mock: MockAlgolia;
  let file: string;
  let records: SearchRecord[];
  before(async () => {
    mock = await startMockAlgolia({ indexes: { docs: [{ objectID: 'stale', hierarchy: { lvl0: 'Old', lvl1: 'Old page', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null, type: 'lvl1', url: 'https://questdb.com/docs/old/' }] } });
    const built = await buildFixture('search');
    records = JSON.parse(built.files.get('search/records.json')!) as SearchRecord[];
    file = join(await mkdtemp(join(tmpdir(), 'qdb-upload-')), 'records.json');
    await writeFile(file, JSON.stringify(records));
  });
  after(async () => {
    await mock?.close();
  });
  const env = () => ({ ALGOLIA_APP_ID: 'TESTAPP', ALGOLIA_ADMIN_API_KEY: 'admin-key', ALGOLIA_INDEX_NAME: 'docs', ALGOLIA_HOSTS: mock.url });

  test('replaces the index through a temporary index and prints what it sent', async () => {
    const r = await upload(['--file', file], env());
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Replacing index "docs" of application TESTAPP with ${records.length} records`));
    assert.match(r.stdout, new RegExp(`Sent ${records.length} records in 1 batch\\(es\\) to a temporary index, then moved it over "docs"`));
    const live = mock.indexes.get('docs')!;
    assert.deepEqual(live.map((x) => x.objectID).sort(), records.map((x) => x.objectID).sort(), 'the stale record is gone, the new ones are in');
    assert.ok(![...mock.indexes.keys()].some((k) => k.includes('_tmp_')), 'the temporary index was moved away');
    const paths = mock.requests.map((q) => `${q.method} ${q.path.replace(/_tmp_\d+/, '_tmp')}`);
    assert.deepEqual(paths.filter((p) => !p.includes('/task/')), ['POST /1/indexes/docs/operation', 'POST /1/indexes/docs_tmp/batch', 'POST /1/indexes/docs/operation', 'POST /1/indexes/docs_tmp/operation']);
    const batch = mock.requests.find((q) => q.path.endsWith('/batch'))!;
    assert.equal(batch.headers['x-algolia-api-key'], 'admin-key');
  });

  test('a dry run sends nothing', async () => {
    const before = mock.requests.length;
    const r = await upload(['--file', file, '--dry-run'], env());
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Dry run: would replace index "docs" with \d+ records/);
    assert.equal(mock.requests.length, before);
  });

  test('missing credentials, a missing file and a failing service are reported, exit 1', async () => {
    let r = await upload(['--file', file], { ...env(), ALGOLIA_ADMIN_API_KEY: '' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /`apiKey` is missing\./);
    r = await upload(['--file', file], { ...env(), ALGOLIA_APP_ID: '' });
    assert.match(r.stderr, /`appId` is missing\./);
    r = await upload(['--file', join(tmpdir(), 'no-such-records.json')], env());
    assert.equal(r.status, 1);
    assert.match(r.stderr, /Run `npm run build` first\./);
    mock.behaviour = 'error500';
    try {
      r = await upload(['--file', file], env());
      assert.equal(r.status, 1);
      assert.match(r.stderr, /the upload failed \(\w+/);
    } finally {
      mock.behaviour = 'ok';
    }
  });
});
