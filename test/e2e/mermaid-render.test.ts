/** `npm run diagrams`: renders missing diagrams into the cache with Chromium; --check and --prune. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasChromium } from '../helpers/browser.ts';
import { MERMAID_CACHE_DIR } from '../../src/pipeline/compile/mermaid/cache.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/render-mermaid.ts', import.meta.url));
const run = (root: string, ...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, '--root', root, ...args], { encoding: 'utf8' });

test('renders, checks and prunes the diagram cache', { skip: hasChromium ? false : 'needs /usr/bin/chromium', timeout: 120_000 }, async () => {
  const root = await mkdtemp(join(tmpdir(), 'qdb-diagrams-'));
  const page = join(root, 'content/docs/page.md');
  await mkdir(join(root, 'content/docs'), { recursive: true });
  await writeFile(page, '---\ntitle: T\ndescription: D\n---\n\n```mermaid\nflowchart LR\n  Writer --> Reader\n```\n');

  const first = run(root);
  assert.equal(first.status, 0, first.stdout + first.stderr);
  const files = await readdir(join(root, MERMAID_CACHE_DIR));
  assert.equal(files.length, 1);
  const svg = await readFile(join(root, MERMAID_CACHE_DIR, files[0]!), 'utf8');
  assert.match(svg, /^<svg/);
  assert.match(svg, /viewBox="/);
  assert.match(svg, /Writer/);
  assert.match(svg, /Reader/);

  assert.equal(run(root, '--check').status, 0);
  await appendFile(page, '\n```mermaid\nflowchart LR\n  New --> Block\n```\n');
  const check = run(root, '--check');
  assert.equal(check.status, 1);
  assert.match(check.stdout + check.stderr, /content\/docs\/page.md:\d+/);

  await writeFile(page, '---\ntitle: T\ndescription: D\n---\n\nNo diagrams any more.\n');
  const prune = run(root, '--prune');
  assert.equal(prune.status, 0, prune.stdout + prune.stderr);
  assert.deepEqual(await readdir(join(root, MERMAID_CACHE_DIR)), []);
});
