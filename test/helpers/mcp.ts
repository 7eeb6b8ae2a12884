/** The MCP server (src/mcp/main.ts) run as readers run it, and the SDK's own clients to drive it, for the tests and the bench. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** What `npm run mcp` runs: the launcher's bundle of src/mcp/main.ts (made again whenever the code changes). */
const LAUNCH = ['scripts/launch.mjs', 'mcp'];

/** A client connected over stdio to a server reading `site`. */
export async function stdioClient(site: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...LAUNCH, '--site', site], cwd: REPO, stderr: 'pipe' });
  const client = new Client({ name: 'questdb-docs-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface HttpServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the "ready" line. */
  readyMs: number;
  close(): Promise<void>;
}

/** Starts the server with `--http 0` on a site and waits for its "ready at <url>" line on stderr. */
export function startHttpServer(site: string, timeoutMs = 60_000): Promise<HttpServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [...LAUNCH, '--site', site, '--http', '0'], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the MCP server did not start in ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const m = /ready at (http:\/\/\S+\/mcp)/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      const readyMs = performance.now() - started;
      resolve({
        url: m[1]!,
        process: child,
        readyMs,
        close: () => new Promise<void>((r) => {
          if (child.exitCode !== null) return r();
          child.once('exit', () => r());
          child.kill('SIGTERM');
        }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the MCP server exited (${code}) before it was ready: ${err}`));
    });
  });
}

export async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'questdb-docs-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The text of a tool result's first content item. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}
