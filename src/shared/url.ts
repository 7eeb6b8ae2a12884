/** URL and route rules shared by the build and the browser. */

export const BASE_PATH = '/docs/';

/** Adds a trailing slash to a path that does not name a file (no extension in its last segment). */
export function withTrailingSlash(path: string): string {
  const [pathname = '', rest = ''] = splitSuffix(path);
  if (pathname.endsWith('/') || pathname === '') return path;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]+$/i.test(last)) return path;
  return pathname + '/' + rest;
}

/** Splits `/a/b?q#h` into `['/a/b', '?q#h']`. */
export function splitSuffix(href: string): [string, string] {
  const i = href.search(/[?#]/);
  return i === -1 ? [href, ''] : [href.slice(0, i), href.slice(i)];
}

/** True for hrefs with a scheme (`https:`, `mailto:`) or protocol-relative ones. */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * Normalises a path typed in the address bar: `/docs/x/index.html` and `/docs/x.html`
 * become `/docs/x/`. Returns undefined when nothing changes.
 */
export function normaliseHtmlPath(pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html') && !pathname.endsWith('/404.html')) return pathname.slice(0, -'.html'.length) + '/';
  return undefined;
}
