/** Which content files are pages, and the route each one gets. */
import { posix } from 'node:path';
import { BASE_PATH } from '../../shared/url.ts';
import type { FrontMatter } from '../../shared/types.ts';

/** Folders (under content/docs) whose pages get a route but no sidebar entry. */
export const HIDDEN_FOLDERS = ['partials/', 'quick-start-utils/'];
/** Folders (under content/docs) that get no route at all. */
export const UNROUTED_FOLDERS = ['glossary/'];

/** `concept/ttl.md` → `concept/ttl`; `guides/index.md` → `guides/index`. */
export function docIdFromPath(relPath: string): string {
  return relPath.replace(/\.mdx?$/, '');
}

/** True for `_name.md` fragments, which are only pulled in by `::include`. */
export function isFragment(relPath: string): boolean {
  return posix.basename(relPath).startsWith('_');
}

/** True for files that become routes (not fragments, not glossary). */
export function isRoutedPage(relPath: string): boolean {
  return !isFragment(relPath) && !UNROUTED_FOLDERS.some((f) => relPath.startsWith(f));
}

export function isHiddenPage(id: string): boolean {
  return HIDDEN_FOLDERS.some((f) => id.startsWith(f));
}

/** The route of a page: `permalink`, then `slug`, then its path; always `/docs/…/`. */
export function routeFor(id: string, fm: Pick<FrontMatter, 'permalink' | 'slug'>): string {
  if (fm.permalink) return normaliseRoute(fm.permalink.startsWith(BASE_PATH) ? fm.permalink : BASE_PATH + fm.permalink);
  const dir = posix.dirname(id) === '.' ? '' : posix.dirname(id) + '/';
  if (fm.slug !== undefined) {
    if (fm.slug.startsWith('/')) return normaliseRoute(BASE_PATH + fm.slug);
    return normaliseRoute(BASE_PATH + dir + fm.slug);
  }
  const path = id === 'index' ? '' : id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
  return normaliseRoute(BASE_PATH + path);
}

/** Collapses duplicate slashes and adds the trailing slash. */
export function normaliseRoute(route: string): string {
  const r = ('/' + route + '/').replace(/\/{2,}/g, '/');
  return r;
}

/** `/docs/concept/ttl/` → `concept/ttl/index.html`; `/docs/` → `index.html`. */
export function outputPathForRoute(route: string): string {
  const rel = route.slice(BASE_PATH.length);
  return rel === '' ? 'index.html' : rel + 'index.html';
}
