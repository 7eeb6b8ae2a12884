/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against the server's
 * Streamable HTTP endpoint, on a small built fixture site. Only the server scenarios that
 * apply to a docs server with tools and resources are run; docs/mcp.md lists the others and
 * why they do not apply.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildToTemp } from '../helpers/browser.ts';
import { FIXTURES } from '../helpers/fixture.ts';
import { REPO, startHttpServer, type HttpServer } from '../helpers/mcp.ts';

const CONFORMANCE = join(REPO, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** Every server scenario that applies (see docs/mcp.md for the rest). */
export const APPLICABLE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];

let site: string;
let server: HttpServer;

before(async () => {
  site = await buildToTemp(join(FIXTURES, 'site'));
  server = await startHttpServer(site);
});

after(async () => {
  await server?.close();
  if (site) await rm(site, { recursive: true, force: true });
});

test('the scenario list is the conformance package\'s own', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [CONFORMANCE, 'list'], { cwd: REPO });
  for (const s of APPLICABLE_SCENARIOS) assert.match(stdout, new RegExp(`^\\s*- ${s}$`, 'm'));
});

for (const scenario of APPLICABLE_SCENARIOS) {
  test(`conformance: ${scenario}`, async () => {
    const run = await promisify(execFile)(process.execPath, [CONFORMANCE, 'server', '--url', server.url, '--scenario', scenario], { cwd: REPO, timeout: 120_000 }).catch((e: { stdout?: string; stderr?: string; code?: number }) => ({ ...e, failed: true }));
    const out = `${run.stdout ?? ''}${run.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
    assert.ok(!('failed' in run), out);
    const m = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(out);
    assert.ok(m, out);
    assert.equal(m[1], m[2], out);
    assert.equal(m[3], '0', out);
    assert.equal(m[4], '0', out);
  });
}
