/**
 * What the service worker answers when the network is down and the page asked for is not
 * saved (spec §4, offline): the offline page for a page of this deploy (with the list of the
 * pages saved on this device), the 404 page for a path this deploy does not have.
 *
 * Outside offline mode nothing is precached, so the worker saves a small shell when it
 * installs: the offline and 404 pages, and the styles and scripts they name (the islands
 * chunks and what those import, not the modules loaded on demand).
 */
/// <reference lib="webworker" />

/** Most files the shell saves: the pages' styles, the runtime and the islands with their shared chunks. */
const SHELL_MAX_FILES = 80;
/** Most saved pages the offline page lists (the latest read first). */
const LISTED_MAX = 100;

/** Hashed styles and scripts a page or a script names, as absolute paths. */
function assetsNamedIn(text: string, base: string, from?: string): string[] {
  const found = new Set<string>();
  const escapedBase = base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const m of text.matchAll(new RegExp(`${escapedBase}assets/[\\w./-]+?\\.(?:css|js)(?=["'\\s)])`, 'g'))) found.add(m[0]);
  // A script's static imports (`import"./x.js"`, `from"./x.js"`), not `import("./x.js")` loaded on demand.
  if (from) for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[\w.-]+\.js)"/g)) found.add(new URL(m[1]!, new URL(from, 'http://x')).pathname);
  return [...found];
}

/** Saves the offline and 404 pages into `shell`, and what they need into `assets` (failures are logged, never fatal). */
export async function saveShell(pages: string[], base: string, shell: string, assets: string): Promise<void> {
  const pageCache = await caches.open(shell);
  const assetCache = await caches.open(assets);
  const queue: string[] = [];
  for (const page of pages) {
    try {
      const response = await fetch(page, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await pageCache.put(page, response.clone());
      queue.push(...assetsNamedIn(await response.text(), base));
    } catch (e) {
      console.warn(`The service worker could not save ${page} for offline use:`, e);
    }
  }
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < SHELL_MAX_FILES) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const response = await fetch(url);
      if (!response.ok) continue;
      await assetCache.put(url, response.clone());
      if (url.endsWith('.js')) queue.push(...assetsNamedIn(await response.text(), base, url));
    } catch {
      /* the page then works without that file */
    }
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A saved page's title, as its <title> has it (already HTML text), without the site's name. */
function titleOf(html: string): string | undefined {
  const title = /<title>([^<]{1,300})<\/title>/.exec(html)?.[1];
  return title?.replace(/ \| [^|]*$/, '').trim() || undefined;
}

/** The list items for the pages saved in `cacheName`, latest first. */
async function savedPagesList(cacheName: string): Promise<string> {
  const cache = await caches.open(cacheName);
  const requests = [...(await cache.keys())].reverse().slice(0, LISTED_MAX);
  const items: string[] = [];
  for (const request of requests) {
    const response = await cache.match(request);
    if (!response?.ok) continue;
    const path = new URL(request.url).pathname;
    const title = titleOf(await response.text()) ?? escapeHtml(path);
    items.push(`<li><a href="${escapeHtml(path)}">${title}</a></li>`);
  }
  return items.join('');
}

/** The offline page with the saved pages listed, or as it is when none are. */
export async function offlinePage(page: Response, pagesCache: string, status: number): Promise<Response> {
  let html = await page.text();
  const items = await savedPagesList(pagesCache);
  if (items) html = html.replace(/(<ul[^>]*\sdata-offline-pages[^>]*>)[\s\S]*?(<\/ul>)/, (_, open: string, close: string) => open + items + close);
  return withStatus(html, page.headers, status);
}

/** A saved page answered with another status (the 404 page for a missing path). */
export function withStatus(body: BodyInit, saved: Headers, status: number): Response {
  const headers = new Headers(saved);
  // The body is the decoded text now, of another length.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status, statusText: status === 404 ? 'Not Found' : 'Service Unavailable', headers });
}
