#!/usr/bin/env tsx
// Preview of the built site: serves build/ at http://localhost:4173/docs/ the way the
// production host does (redirects for .html and missing slashes, 404.html for the rest).
// Usage: npm run serve [-- --port 4173] [-- --dir build]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { defaultCacheControl, serveStatic } from '../src/pipeline/serve/static-handler.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const dir = resolve(opt('--dir', 'build'));
const port = Number(opt('--port', process.env.PORT ?? '4173'));
const host = opt('--host', '127.0.0.1');

const server = createServer((req, res) => {
  serveStatic(req, res, async (rel) => readFile(join(dir, rel)).catch(() => undefined), defaultCacheControl).catch((e: Error) => {
    res.writeHead(500);
    res.end(String(e.message));
  });
});
server.listen(port, host, () => console.log(`Serving ${dir} at http://${host}:${port}/docs/`));
