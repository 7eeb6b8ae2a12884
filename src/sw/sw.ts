/**
 * The service worker, registered at /docs/sw.js?offlineMode=true|false (spec §4, issue 3).
 *
 * Offline mode (the page decided it: app installed or standalone, `?offlineMode=true`,
 * data-saver, or mobile when configured): every page and asset of this deploy is
 * precached on install, and the site works with the network off.
 * Otherwise: hashed assets are cached as they are used (they never change), pages are
 * network-first with the cache as fallback, other files (search index, images) too; the
 * offline and 404 pages and what they load are saved at install.
 *
 * With the network down, a page not saved gets the offline page (which lists the saved
 * pages) and a path this deploy does not have gets the 404 page, in both modes.
 *
 * Never a page with assets from two deploys: every cache is named after the build, a new
 * deploy's worker deletes the old caches when it activates, and the page's own runtime
 * reloads once if a chunk it names has gone. A waiting update skips waiting when the page
 * tells it to (at once outside offline mode; after the "new version" popup in it).
 */
/// <reference lib="webworker" />
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { offlinePage, saveShell, withStatus } from './offline-pages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** Set by the build (esbuild `define`): the deploy this worker belongs to. */
declare const BUILD_ID: string;

const BASE = '/docs/';
const offlineMode = new URL(self.location.href).searchParams.get('offlineMode') === 'true';
const precache = new PrecacheController({ cacheName: `docs-precache-${BUILD_ID}` });
precache.addToCacheList(self.__WB_MANIFEST);
const PAGES = `docs-pages-${BUILD_ID}`;
const ASSETS = `docs-assets-${BUILD_ID}`;
const FILES = `docs-files-${BUILD_ID}`;
/** Outside offline mode: the offline and 404 pages, saved at install (src/sw/offline-pages.ts). */
const SHELL = `docs-shell-${BUILD_ID}`;
const OFFLINE_PAGE = `${BASE}offline/`;
const NOT_FOUND_PAGE = `${BASE}404.html`;

self.addEventListener('install', (event) => {
  if (offlineMode) event.waitUntil(precache.install(event));
  else event.waitUntil(saveShell([OFFLINE_PAGE, NOT_FOUND_PAGE], BASE, SHELL, ASSETS).catch((e: unknown) => console.warn('The offline pages could not be saved:', e)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (offlineMode) await precache.activate(event);
      // Caches of other deploys go: their pages would name assets this deploy no longer has.
      for (const name of await caches.keys()) if (name.startsWith('docs-') && !name.endsWith(BUILD_ID)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The precached copy of a URL: `/docs/x/` is stored as `/docs/x/index.html`. */
async function fromPrecache(url: URL): Promise<Response | undefined> {
  const candidates = url.pathname.endsWith('/') ? [url.pathname + 'index.html', url.pathname] : [url.pathname];
  for (const path of candidates) {
    const key = precache.getCacheKeyForURL(new URL(path, url.origin).href);
    if (key) {
      const hit = await caches.match(key, { cacheName: `docs-precache-${BUILD_ID}` });
      if (hit) return hit;
    }
  }
  return undefined;
}

const inScope = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith(BASE) && !url.pathname.startsWith(`${BASE}sw.js`);

// Offline mode answers from the precache first: the whole deploy is there.
if (offlineMode) {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && inScope(url),
    async ({ url, request, event }) => (await fromPrecache(url)) ?? new NetworkFirst({ cacheName: request.mode === 'navigate' ? PAGES : FILES }).handle({ request, event }),
  );
} else {
  registerRoute(({ url }) => inScope(url) && url.pathname.startsWith(`${BASE}assets/`), new CacheFirst({ cacheName: ASSETS }));
  registerRoute(({ url, request }) => inScope(url) && request.mode === 'navigate', new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 10 }));
  registerRoute(({ url, request }) => request.method === 'GET' && inScope(url) && request.mode !== 'navigate', new NetworkFirst({ cacheName: FILES }));
}

/** A page of this deploy (in the build's file list, saved or not), as opposed to a path it does not have. */
function isPageOfThisDeploy(url: URL): boolean {
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return precache.getCacheKeyForURL(new URL(`${path}index.html`, url.origin).href) !== undefined;
}

/** The offline or 404 page as saved: from the precache in offline mode, else from the shell. */
async function savedShellPage(path: string): Promise<Response | undefined> {
  return (await fromPrecache(new URL(path, self.location.origin))) ?? (await caches.match(path, { cacheName: SHELL }));
}

// The network is down and the page is not saved: the offline page for a page of this
// deploy (with the pages that are saved), the 404 page for a path it does not have,
// instead of the browser's error page.
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate' || !inScope(url)) return Response.error();
  if (!isPageOfThisDeploy(url)) {
    const notFound = await savedShellPage(NOT_FOUND_PAGE);
    if (notFound) return withStatus(await notFound.text(), notFound.headers, 404);
  }
  const offline = await savedShellPage(OFFLINE_PAGE);
  return offline ? offlinePage(offline, PAGES, 503) : Response.error();
});
