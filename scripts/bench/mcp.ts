/**
 * The MCP server (src/mcp/) as an assistant meets it: a fresh process over stdio per run
 * (`npm run mcp`'s command, the launcher's bundle; a first spawn makes the bundle if needed),
 * driven by the SDK's client. Start-up to ready is spawn → the initialize handshake answered;
 * the first search also waits for the whole search index. Then every relevance query through
 * search_docs, and get_page on each query's first page, as round trips (p50/p95).
 */
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { RELEVANCE_QUERIES } from '../../test/content/search-queries.ts';
import { REPO } from '../../test/helpers/mcp.ts';
import { median, percentile } from './stats.ts';

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function oneRun(buildDir: string) {
  const t0 = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: ['scripts/launch.mjs', 'mcp', '--site', buildDir], cwd: REPO, stderr: 'pipe' });
  let serverReady = NaN;
  let siteMs = NaN;
  let cpuMs = NaN;
  transport.stderr?.on('data', (chunk: Buffer) => {
    const m = /ready on stdio .*; (\d+) ms loading the site, (\d+) ms after process start, (\d+) ms of CPU\)/.exec(String(chunk));
    if (m) {
      siteMs = Number(m[1]);
      serverReady = Number(m[2]);
      cpuMs = Number(m[3]);
    }
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const ready = performance.now() - t0;
  await client.callTool({ name: 'search_docs', arguments: { query: 'ttl' } });
  const firstSearch = performance.now() - t0;
  // Two passes: the first also warms the JIT, as a long-running server soon is; the second is the steady state.
  const passes: number[][] = [[], []];
  const page: number[] = [];
  const routes: string[] = [];
  for (const search of passes) {
    for (const { query } of RELEVANCE_QUERIES) {
      const s = performance.now();
      const r = await client.callTool({ name: 'search_docs', arguments: { query } });
      search.push(performance.now() - s);
      const route = (r.structuredContent as { hits: { route: string }[] } | undefined)?.hits[0]?.route;
      if (route && search === passes[0]) routes.push(route);
    }
  }
  for (const route of routes) {
    const s = performance.now();
    await client.callTool({ name: 'get_page', arguments: { url_or_route: route } });
    page.push(performance.now() - s);
  }
  await client.close();
  return { ready, serverReady, siteMs, cpuMs, firstSearch, cold: passes[0]!, search: passes[1]!, page };
}

export async function benchMcp(buildDir: string, label: string, runs: number): Promise<void> {
  const results = [];
  await oneRun(buildDir); // makes the launcher's bundle when the code changed; not counted
  for (let i = 0; i < runs; i++) results.push(await oneRun(buildDir));
  const search = results.flatMap((r) => r.search);
  const cold = results.flatMap((r) => r.cold);
  const page = results.flatMap((r) => r.page);
  console.log(`\nMCP server, ${label} (stdio, SDK client, ${RELEVANCE_QUERIES.length} relevance queries; round trips)`);
  console.log(`  start-up to ready (spawn → initialized): ${ms(median(results.map((r) => r.ready)))}`);
  console.log(`    in the server: ready ${ms(median(results.map((r) => r.serverReady)))} after process start, ${ms(median(results.map((r) => r.siteMs)))} of it loading the site; ${ms(median(results.map((r) => r.cpuMs)))} of CPU (the figure a busy machine does not inflate)`);
  console.log(`  first search answered (whole index in):  ${ms(median(results.map((r) => r.firstSearch)))} after spawn`);
  console.log(`  search_docs, first pass:                 p50 ${ms(percentile(cold, 50))}, p95 ${ms(percentile(cold, 95))}`);
  console.log(`  search_docs, second pass:                p50 ${ms(percentile(search, 50))}, p95 ${ms(percentile(search, 95))}`);
  console.log(`  get_page (whole page):                   p50 ${ms(percentile(page, 50))}, p95 ${ms(percentile(page, 95))}`);
}
