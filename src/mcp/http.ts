/**
 * Streamable HTTP at `/mcp`, one session per client (the SDK's transport and session ids; a
 * new McpServer per session over the shared docs). DNS-rebinding protection is the SDK's:
 * the transport accepts only the Host and Origin headers of the address we listen on.
 * Sessions are capped; the oldest is closed when a new one would pass the cap.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Docs } from './docs.ts';
import { createServer } from './server.ts';

const MAX_SESSIONS = 64;
const MAX_BODY_BYTES = 1024 * 1024;

/** The Host values a browser sends for this server, and the matching origins. */
export function allowedHosts(host: string, port: number): { hosts: string[]; origins: string[] } {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  const own = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  if (!names.includes(own) && own !== '0.0.0.0' && own !== '[::]') names.push(own);
  const hosts = names.map((n) => `${n}:${port}`);
  return { hosts, origins: hosts.map((h) => `http://${h}`) };
}

function sendJsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function serveHttp(docs: Docs, host: string, port: number): Promise<Server> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let allowed = allowedHosts(host, port);
  const newSession = () => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableDnsRebindingProtection: true,
      allowedHosts: allowed.hosts,
      allowedOrigins: allowed.origins,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        if (sessions.size > MAX_SESSIONS) void sessions.values().next().value?.close();
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    return transport;
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return sendJsonError(res, 404, 'Not found: the MCP endpoint is /mcp');
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) return existing.handleRequest(req, res);
    if (id !== undefined) return sendJsonError(res, 404, 'Unknown or expired session: initialize again');
    if (req.method !== 'POST') return sendJsonError(res, 400, 'No session: POST an initialize request first');
    let body: unknown;
    try {
      body = await readBody(req);
    } catch (e) {
      return sendJsonError(res, 400, `Bad request: ${(e as Error).message}`);
    }
    if (!isInitializeRequest(body)) return sendJsonError(res, 400, 'No session: POST an initialize request first');
    const transport = newSession();
    await createServer(docs).connect(transport);
    await transport.handleRequest(req, res, body);
  };
  const server = createHttpServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJsonError(res, 500, (e as Error).message);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  if (address && typeof address === 'object') allowed = allowedHosts(host, address.port);
  server.on('close', () => {
    for (const t of sessions.values()) void t.close();
  });
  return server;
}
