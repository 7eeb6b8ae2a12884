/**
 * What a reader's assistant may pass as a page: a route (`/docs/concept/ttl/`, with or without
 * the trailing slash or `index.md`), a route without the base (`concept/ttl`), the page's URL
 * on the docs site, or its resource URI (`questdb-docs:///docs/concept/ttl/`); a `#anchor`
 * may follow. Anything else (another site's URL, `..`, a filesystem path, a drive letter, a
 * backslash, a NUL) is refused before any file is looked up.
 */
import { BASE_PATH } from '../shared/url.ts';
import { siteConfig } from '../shared/site-config.ts';

export const RESOURCE_SCHEME = 'questdb-docs:';

/** The resource URI of a route: `questdb-docs://` + `/docs/concept/ttl/`. */
export const resourceUri = (route: string) => `${RESOURCE_SCHEME}//${route}`;

export type ParsedPage = { ok: true; route: string; anchor?: string } | { ok: false; message: string };

const MAX_INPUT = 500;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Splits off `#anchor` and a trailing `index.md` / `index.html`, and makes the path a route under BASE_PATH. */
function routeOfPath(path: string): ParsedPage {
  let p = path.replace(/(?:^|\/)index\.(?:md|html)$/, '/');
  if (p === '' || p === '/') return { ok: false, message: 'Give a page: a route such as /docs/concept/ttl/.' };
  if (p.startsWith('/')) {
    if (!(p + '/').startsWith(BASE_PATH)) return { ok: false, message: `${path} is not a docs route: routes start with ${BASE_PATH} (e.g. /docs/concept/ttl/); filesystem paths are not accepted.` };
  } else p = BASE_PATH + p;
  if (!p.endsWith('/')) p += '/';
  const parts = p.slice(1, -1).split('/');
  if (parts.some((s) => s === '..' || s === '.' || s === '')) return { ok: false, message: `${path} has an empty, \`.\` or \`..\` part: give the page's route, e.g. /docs/concept/ttl/.` };
  if (!parts.every((s) => SEGMENT.test(s))) return { ok: false, message: `${path} has characters a docs route never has.` };
  return { ok: true, route: p };
}

export function parsePageRef(input: string, publicBase: string = siteConfig.url + BASE_PATH): ParsedPage {
  const raw = input.trim();
  if (raw.length === 0) return { ok: false, message: 'Give a page: a route such as /docs/concept/ttl/ or its URL.' };
  if (raw.length > MAX_INPUT) return { ok: false, message: `A page reference is at most ${MAX_INPUT} characters.` };
  if (/[\0\\]/.test(raw) || /^[A-Za-z]:/.test(raw) || raw.startsWith('~')) return { ok: false, message: `${JSON.stringify(raw)} looks like a filesystem path: give a docs route such as /docs/concept/ttl/.` };
  let path = raw;
  let anchor: string | undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, message: `${raw} is not a valid URL.` };
    }
    const base = new URL(publicBase);
    const ours = url.protocol === RESOURCE_SCHEME ? url.host === '' : (url.protocol === 'https:' || url.protocol === 'http:') && (url.host === base.host || url.host === new URL(siteConfig.url).host);
    if (!ours) return { ok: false, message: `${raw} is not a page of these docs: give a route such as /docs/concept/ttl/ or a URL on ${base.origin}.` };
    if (url.search) return { ok: false, message: `${raw}: a page URL takes no query string.` };
    // The URL parser already resolved any `..`; refuse it in the original text rather than guess.
    if (/(^|\/)\.\.?(\/|$|#)/.test(raw.replace(/^[a-z-]+:\/\/[^/]*/i, ''))) return { ok: false, message: `${raw} has a \`..\` part.` };
    try {
      path = decodeURI(url.pathname);
      anchor = url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
    } catch {
      return { ok: false, message: `${raw} has a broken %-escape.` };
    }
  } else {
    const hash = raw.indexOf('#');
    if (hash >= 0) {
      anchor = raw.slice(hash + 1);
      path = raw.slice(0, hash);
    }
  }
  const parsed = routeOfPath(path);
  return parsed.ok && anchor ? { ...parsed, anchor } : parsed;
}

/** The site-relative path of a route's Markdown copy: `/docs/concept/ttl/` → `concept/ttl/index.md`. */
export function markdownFile(route: string): string {
  return route.slice(BASE_PATH.length) + 'index.md';
}
