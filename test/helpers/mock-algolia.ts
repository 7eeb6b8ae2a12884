/**
 * A local HTTP server speaking the part of Algolia's REST API the site uses: multi-search
 * (`POST /1/indexes/* /queries`, answered by the built-in engine over the records it
 * holds), Insights events (`POST /1/events`), and the write calls of `replaceAllObjects`
 * (operation copy/move, batch, task status). A server can be told to hang or to answer
 * 500, to show the client's retry across hosts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SearchEngine } from '../../src/shared/search/engine.ts';
import type { SearchRecord, SearchRequest } from '../../src/shared/search/types.ts';

export type Behaviour = 'ok' | 'hang' | 'error500';

export interface LoggedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Query-string parameters (the browser client sends its credentials here). */
  query: Record<string, string>;
  body: unknown;
}

export interface MockAlgolia {
  url: string;
  behaviour: Behaviour;
  requests: LoggedRequest[];
  /** Index name → records. */
  indexes: Map<string, SearchRecord[]>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    // The browser client calls from the site's origin.
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  });
  res.end(JSON.stringify(body));
}

const ENTITY: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Values as Algolia returns them: the record's text with highlight tags added and nothing escaped. */
function unescapeValues(h: unknown): void {
  if (!h || typeof h !== 'object') return;
  for (const v of Object.values(h as Record<string, unknown>)) {
    const entry = v as { value?: unknown };
    if (entry && typeof entry.value === 'string') entry.value = entry.value.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITY[e]!);
    else unescapeValues(v);
  }
}

/** The built-in engine escapes its highlights; Algolia does not, so the mock undoes it. */
function algoliaLike<T extends { hits: { _highlightResult?: unknown; _snippetResult?: unknown }[] }>(result: T): T {
  for (const hit of result.hits) {
    unescapeValues(hit._highlightResult);
    unescapeValues(hit._snippetResult);
  }
  return result;
}

export async function startMockAlgolia(options: { behaviour?: Behaviour; indexes?: Record<string, SearchRecord[]> } = {}): Promise<MockAlgolia> {
  const indexes = new Map(Object.entries(options.indexes ?? {}));
  const engines = new Map<string, SearchEngine>();
  const engineFor = (name: string) => {
    let e = engines.get(name);
    if (!e) engines.set(name, (e = new SearchEngine(indexes.get(name) ?? [], { queryId: () => 'mockqueryid0000000000000000000001' })));
    return e;
  };
  let taskId = 1;
  const mock: MockAlgolia = {
    url: '',
    behaviour: options.behaviour ?? 'ok',
    requests: [],
    indexes,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') return send(res, 204, {});
      const url = new URL(req.url ?? '/', 'http://mock');
      const body = await readBody(req);
      mock.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, query: Object.fromEntries(url.searchParams), body });
      if (mock.behaviour === 'hang') return; // never answers: the client's timeout moves on
      if (mock.behaviour === 'error500') return send(res, 500, { message: 'Internal error (mock)', status: 500 });
      const path = url.pathname;
      if (req.method === 'POST' && path === '/1/indexes/*/queries') {
        const requests = ((body as { requests?: (SearchRequest & { params?: string })[] }).requests ?? []).map((r) => {
          // v5 sends parameters as fields; older clients send a `params` query string.
          const fromParams = r.params ? Object.fromEntries(new URLSearchParams(r.params)) : {};
          return { ...fromParams, ...r } as SearchRequest;
        });
        return send(res, 200, { results: requests.map((r) => algoliaLike(engineFor(r.indexName ?? '').searchOne(r))) });
      }
      if (req.method === 'POST' && path === '/1/events') return send(res, 200, { status: 200, message: 'OK' });
      let m = /^\/1\/indexes\/([^/]+)\/operation$/.exec(path);
      if (req.method === 'POST' && m) {
        const from = decodeURIComponent(m[1]!);
        const op = body as { operation: 'copy' | 'move'; destination: string };
        if (op.operation === 'move') {
          indexes.set(op.destination, indexes.get(from) ?? []);
          indexes.delete(from);
        } else if (!indexes.has(op.destination)) indexes.set(op.destination, []);
        engines.clear();
        return send(res, 200, { taskID: taskId++, updatedAt: new Date().toISOString() });
      }
      m = /^\/1\/indexes\/([^/]+)\/batch$/.exec(path);
      if (req.method === 'POST' && m) {
        const name = decodeURIComponent(m[1]!);
        const list = indexes.get(name) ?? [];
        const ops = (body as { requests: { action: string; body: SearchRecord }[] }).requests;
        for (const op of ops) if (op.action === 'addObject' || op.action === 'updateObject') list.push(op.body);
        indexes.set(name, list);
        engines.clear();
        return send(res, 200, { taskID: taskId++, objectIDs: ops.map((o) => o.body.objectID) });
      }
      if (req.method === 'GET' && /^\/1\/indexes\/[^/]+\/task\/\d+$/.test(path)) return send(res, 200, { status: 'published', pendingTask: false });
      send(res, 404, { message: `The mock does not know ${req.method} ${path}`, status: 404 });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  mock.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return mock;
}
