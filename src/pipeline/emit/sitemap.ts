/** build/sitemap.xml (served at /docs/sitemap.xml) through the `sitemap` package: every indexable route, daily, priority 0.7. */
import { Readable } from 'node:stream';

export const SITEMAP_CHANGEFREQ = 'daily';
export const SITEMAP_PRIORITY = 0.7;
const EMPTY_SITEMAP = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';

/** Renders the sitemap XML for the given routes of `origin`. */
export async function renderSitemap(origin: string, routes: string[]): Promise<string> {
  // The package refuses an empty stream (EmptySitemap); a site whose every page is noindex
  // (or that has none yet) still gets a valid, empty sitemap instead of a crashed build.
  if (routes.length === 0) return EMPTY_SITEMAP;
  // Loaded when first used (~30 ms): a cached build over its own output mostly keeps the sitemap it has.
  const { SitemapStream, streamToPromise } = await import('sitemap');
  const stream = new SitemapStream({ hostname: origin });
  const links = [...routes].sort().map((url) => ({ url, changefreq: SITEMAP_CHANGEFREQ, priority: SITEMAP_PRIORITY }));
  const xml = await streamToPromise(Readable.from(links).pipe(stream));
  return xml.toString();
}
