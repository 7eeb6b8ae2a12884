/**
 * The published site as a source (`--base-url https://questdb.com/docs/`): the search files,
 * llms.txt and the pages' Markdown copies fetched over HTTPS, each with a timeout and a size
 * limit, and kept in memory (successes and 404s) so a page is fetched once per run.
 */
import type { SiteSource } from './site-source.ts';
import { MAX_FILE_BYTES } from './site-source.ts';

const TIMEOUT_MS = 15_000;
/** Cached files, most recently used last; Markdown copies are small, the search files are read once. */
const MAX_CACHED = 400;

/** Checks a `--base-url`: https (or http on loopback, for a local `npm run serve`), ending in `/`. */
export function checkBaseUrl(raw: string): URL {
  const url = new URL(raw.endsWith('/') ? raw : `${raw}/`);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`--base-url must be an https:// URL (http:// only on loopback): ${raw}`);
  if (url.search || url.hash || url.username || url.password) throw new Error(`--base-url takes no query, fragment or credentials: ${raw}`);
  return url;
}

/** Reads a response body up to `limit` bytes; more is an error, never a huge allocation. */
async function boundedText(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > limit) throw new Error(`${res.url} is ${declared} bytes, over the ${limit}-byte limit`);
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`${res.url} is over the ${limit}-byte limit`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function httpSource(baseUrl: string, fetchImpl: typeof fetch = fetch): SiteSource {
  const base = checkBaseUrl(baseUrl);
  const cache = new Map<string, Promise<string | undefined>>();
  const get = async (relPath: string): Promise<string | undefined> => {
    const url = new URL(relPath, base);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) throw new Error(`${relPath} is not a path under ${base.href}`);
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow', headers: { accept: 'text/markdown, application/json, text/plain' } });
    if (new URL(res.url || url.href).origin !== base.origin) throw new Error(`${url.href} redirected to another site`);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`${url.href} answered HTTP ${res.status}`);
    return boundedText(res, MAX_FILE_BYTES);
  };
  return {
    where: base.href,
    publicBase: base.href,
    read(relPath) {
      if (relPath.includes('\0') || relPath.startsWith('/') || relPath.split('/').includes('..')) return Promise.reject(new Error(`${relPath} is not a path inside the site`));
      let hit = cache.get(relPath);
      if (hit) cache.delete(relPath);
      else {
        hit = get(relPath);
        // A failure is not kept: the next call tries again.
        hit.catch(() => cache.delete(relPath));
      }
      cache.set(relPath, hit);
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      return hit;
    },
  };
}
