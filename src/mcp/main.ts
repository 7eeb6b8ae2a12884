/**
 * `npm run mcp`: the docs as a Model Context Protocol server, over stdio by default or over
 * Streamable HTTP with `--http PORT`. Logs go to stderr (stdout carries the protocol);
 * "ready" is printed there once the server answers.
 */
import { resolve } from 'node:path';
import { siteConfig } from '../shared/site-config.ts';
import { BASE_PATH } from '../shared/url.ts';
import { parseMcpArgs, type McpOptions } from './args.ts';
import { loadDocs } from './docs.ts';
import { createServer } from './server.ts';
import { httpSource } from './site-http.ts';
import { folderSource } from './site-source.ts';

async function main(options: McpOptions): Promise<void> {
  const started = performance.now();
  const source = options.baseUrl ? httpSource(options.baseUrl) : folderSource(resolve(options.site));
  const docs = await loadDocs(source, siteConfig.url + BASE_PATH);
  // performance.now() counts from the process's start: module loading included.
  const ms = () => {
    const cpu = process.cpuUsage();
    return `${Math.round(performance.now() - started)} ms loading the site, ${Math.round(performance.now())} ms after process start, ${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU`;
  };
  // Each transport's modules load only when used: start-up is mostly module loading.
  if (options.http === undefined) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    await createServer(docs).connect(new StdioServerTransport());
    console.error(`questdb-docs MCP server ready on stdio (${docs.pages.size} pages from ${source.where}; ${ms()})`);
    return;
  }
  const { serveHttp } = await import('./http.ts');
  const server = await serveHttp(docs, options.host, options.http);
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.http;
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  console.error(`questdb-docs MCP server ready at http://${shown}:${port}/mcp (${docs.pages.size} pages from ${source.where}; ${ms()})`);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

let options: McpOptions;
try {
  options = parseMcpArgs(process.argv.slice(2));
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
main(options).catch((e: unknown) => {
  console.error(`questdb-docs MCP server: ${(e as Error).message}`);
  process.exit(1);
});
