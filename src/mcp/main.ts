/**
 * `npm run mcp`: the docs as a Model Context Protocol server, over stdio by default or over
 * Streamable HTTP with `--http PORT`. Logs go to stderr (stdout carries the protocol);
 * "ready" is printed there once the server answers.
 */
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { siteConfig } from '../shared/site-config.ts';
import { BASE_PATH } from '../shared/url.ts';
import { parseMcpArgs, type McpOptions } from './args.ts';
import { loadDocs } from './docs.ts';
import { serveHttp } from './http.ts';
import { createServer } from './server.ts';
import { httpSource } from './site-http.ts';
import { folderSource } from './site-source.ts';

async function main(options: McpOptions): Promise<void> {
  const started = performance.now();
  const source = options.baseUrl ? httpSource(options.baseUrl) : folderSource(resolve(options.site));
  const docs = await loadDocs(source, siteConfig.url + BASE_PATH);
  const ms = () => Math.round(performance.now() - started);
  if (options.http === undefined) {
    await createServer(docs).connect(new StdioServerTransport());
    console.error(`questdb-docs MCP server ready on stdio (${docs.pages.size} pages from ${source.where}, ${ms()} ms)`);
    return;
  }
  const server = await serveHttp(docs, options.host, options.http);
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.http;
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  console.error(`questdb-docs MCP server ready at http://${shown}:${port}/mcp (${docs.pages.size} pages from ${source.where}, ${ms()} ms)`);
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
