/**
 * The HTTP behaviour shared by the preview server and the watch-mode server: the site
 * lives under /docs/; `/x/index.html` and `/x.html` redirect to `/x/`; a route without
 * its trailing slash redirects to it; anything else missing gets 404.html with status 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { readFile, realpath } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { BASE_PATH, normaliseHtmlPath } from '../../shared/url.ts';
import { parseHeadersFile } from '../policy/csp.ts';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.gz': 'application/gzip',
};

/** Looks up a file by its path under the build folder (`concept/ttl/index.html`). */
export type FileLookup = (relPath: string) => Promise<Uint8Array | string | undefined>;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

function send(res: ServerResponse, status: number, body: Uint8Array | string, type: string, head: boolean, extra: Record<string, string> = {}, acceptEncoding = ''): void {
  // Compressed like a production host would (Lighthouse and the bench measure what readers download).
  if (COMPRESSIBLE.test(type) && Buffer.byteLength(body) > 1024 && /\bgzip\b/.test(acceptEncoding)) {
    body = gzipSync(body);
    extra = { ...extra, 'content-encoding': 'gzip', vary: 'accept-encoding' };
  }
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra });
  res.end(head ? undefined : body);
}

/** Handles one request against `lookup`; returns after the response is sent. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, lookup: FileLookup, cacheControl: (rel: string) => string, siteHeaders: Record<string, string> = {}): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return send(res, 400, 'Bad request', 'text/plain', false);
  }
  const head = req.method === 'HEAD';
  for (const [name, value] of Object.entries(siteHeaders)) res.setHeader(name, value);
  if (req.method !== 'GET' && !head) return send(res, 405, 'Method not allowed', 'text/plain', false, { allow: 'GET, HEAD' });
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 400, 'Bad request', 'text/plain', head);
  }
  // Redirects stay on this host: a path such as `//other.example/x.html` (sent as
  // `/%2F%2Fother.example/x.html`) must not become a Location another host answers, so
  // leading slashes collapse to one and the target is sent percent-encoded.
  const redirect = (to: string) => {
    res.writeHead(301, { location: sameHostPath(to) + url.search });
    res.end();
  };
  if (pathname === '/' || pathname + '/' === BASE_PATH) return redirect(BASE_PATH);
  if (pathname.includes('\0') || pathname.split('/').includes('..')) return send(res, 400, 'Bad request', 'text/plain', head);
  const normalised = normaliseHtmlPath(pathname);
  if (normalised) return redirect(normalised);
  if (pathname.startsWith(BASE_PATH)) {
    const rel = pathname.slice(BASE_PATH.length);
    const file = rel === '' || rel.endsWith('/') ? rel + 'index.html' : rel;
    const body = await lookup(file);
    if (body !== undefined) {
      return send(res, 200, body, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', head, { 'cache-control': cacheControl(file) }, String(req.headers['accept-encoding'] ?? ''));
    }
    if (!extname(rel) && !rel.endsWith('/') && (await lookup(rel + '/index.html')) !== undefined) return redirect(pathname + '/');
  }
  const notFound = (await lookup('404.html')) ?? 'Not found';
  return send(res, 404, notFound, 'text/html; charset=utf-8', head, {}, String(req.headers['accept-encoding'] ?? ''));
}

/** A path that can only lead to this host: one leading slash, percent-encoded (no header injection). */
export function sameHostPath(path: string): string {
  return encodeURI('/' + path.replace(/^[/\\]+/, '')).replace(/[?#]/g, encodeURIComponent);
}

/** Reads a file under `dir` by its path relative to it, never outside it (undefined when missing or outside). */
export async function readInside(dir: string, rel: string): Promise<Uint8Array | undefined> {
  const root = resolve(dir);
  const full = resolve(root, rel);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  try {
    // The real path too: a symlink in the folder must not lead out of it.
    const real = await realpath(full);
    const realRoot = await realpath(root);
    if (!real.startsWith(realRoot + sep)) return undefined;
    return await readFile(real);
  } catch {
    return undefined;
  }
}

/** Hashed assets never change; pages and everything else are revalidated. */
export function defaultCacheControl(rel: string): string {
  return /\.[0-9a-f]{8,}\.(js|css)$/.test(rel) || /^assets\/(katex|vendor)/.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The headers of `<dir>/_headers` (written by the build), or none when the file is missing. */
export async function siteHeadersOf(dir: string): Promise<Record<string, string>> {
  const text = await readInside(dir, '_headers');
  return text ? parseHeadersFile(Buffer.from(text).toString('utf8')) : {};
}
