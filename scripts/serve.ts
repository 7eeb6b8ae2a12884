#!/usr/bin/env tsx
// Preview of the built site: serves build/ at http://localhost:4173/docs/ the way the
// production host does (redirects for .html and missing slashes, 404.html for the rest).
// Usage: npm run serve [-- --port 4173] [-- --dir build]
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { defaultCacheControl, readInside, serveStatic, siteHeadersOf } from '../src/pipeline/serve/static-handler.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const dir = resolve(opt('--dir', 'build'));
const port = Number(opt('--port', process.env.PORT ?? '4173'));
const host = opt('--host', '127.0.0.1');

// The headers a production host sends (build/_headers: the CSP and the other security headers).
const headers = await siteHeadersOf(dir);
const server = createServer((req, res) => {
  serveStatic(req, res, (rel) => readInside(dir, rel), defaultCacheControl, headers).catch((e: Error) => {
    // The terminal gets the details; the browser only a status.
    console.error(e);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal server error');
  });
});
server.listen(port, host, () => console.log(`Serving ${dir} at http://${host}:${port}/docs/`));
