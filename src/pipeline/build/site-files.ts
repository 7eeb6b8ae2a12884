/** The site-wide files besides the pages: search index, 404 and search pages, sitemap, manifest, headers, assets, public/. */
import { createHash } from 'node:crypto';
import type { CompiledPage } from '../../shared/types.ts';
import { siteConfig } from '../../shared/site-config.ts';
import type { Navigation } from '../site/index.ts';
import type { BuiltAssets } from '../render/assets.ts';
import { renderNotFoundPage, renderOfflinePage, renderSearchPage, siteHeaders, type RenderContext } from '../render/render-page.tsx';
import { FULL_SIDEBAR_FILE, fullSidebarFile } from '../render/sidebar-html.ts';
import type { OutputFile } from '../emit/output.ts';
import { renderSitemap } from '../emit/sitemap.ts';
import { renderManifest } from '../emit/manifest.ts';
import { publicFiles } from '../emit/public-files.ts';
import { headersFile } from '../policy/csp.ts';
import type { PageSearchData } from '../search/records.ts';
import { searchFiles, type SearchReuse } from '../search/index-files.ts';

/** The search index files; emitted with Algolia too, as records.json is what `npm run search:upload` sends. */
export function searchOutputFiles(pages: PageSearchData[], navigation: Navigation, reuse?: SearchReuse): OutputFile[] {
  return searchFiles(inSidebarOrder(pages, navigation), siteConfig.url, reuse);
}

/** Pages in sidebar order (the search index's tie-break), unlisted ones last. */
function inSidebarOrder(pages: PageSearchData[], navigation: Navigation): PageSearchData[] {
  const order = new Map([...navigation.byRoute.keys()].map((route, i) => [route, i]));
  return [...pages].sort((a, b) => (order.get(a.route) ?? Infinity) - (order.get(b.route) ?? Infinity));
}

/**
 * The site files made from the render context and the indexable routes alone: 404, search
 * page, offline page, sitemap, manifest, headers, the full sidebar. A cached build over its own output keeps
 * them in place when their key (the site key, which covers the render context, and the
 * indexable routes) is the previous build's.
 */
export async function contextFiles(ctx: RenderContext, indexable: string[]): Promise<OutputFile[]> {
  return [
    { path: '404.html', contents: renderNotFoundPage(ctx) },
    { path: 'search/index.html', contents: renderSearchPage(ctx) },
    { path: 'offline/index.html', contents: renderOfflinePage(ctx) },
    { path: 'sitemap.xml', contents: await renderSitemap(siteConfig.url, indexable) },
    { path: 'manifest.webmanifest', contents: renderManifest(siteConfig) },
    // A very large sidebar is drawn per page as an outline; the whole list is this one file.
    ...(ctx.sidebarHtml?.outline ? [{ path: FULL_SIDEBAR_FILE, contents: fullSidebarFile(ctx.sidebarHtml) }] : []),
    // The CSP and the other security headers, for hosts that read Netlify's format.
    { path: '_headers', contents: headersFile(ctx.config.basePath, siteHeaders(ctx)) },
  ];
}

export const indexableRoutes = (compiled: CompiledPage[]) => compiled.filter((c) => !c.source.frontMatter.noindex).map((c) => c.source.route);

/** The key of contextFiles' files: the site key and the indexable routes. */
export const contextFilesKey = (siteKey: string, compiled: CompiledPage[]) => createHash('sha256').update(siteKey).update('\0').update(indexableRoutes(compiled).join('\n')).digest('hex');

/** Site-wide files besides the pages and contextFiles': search index, assets (feature files only when used), public/. */
export async function siteFiles(root: string, compiled: CompiledPage[], assets: BuiltAssets, search: PageSearchData[], navigation: Navigation, reuse?: SearchReuse): Promise<OutputFile[]> {
  return [
    ...searchOutputFiles(search, navigation, reuse),
    ...assets.files,
    ...(compiled.some((c) => c.features.math) ? assets.featureFiles.math : []),
    ...(compiled.some((c) => c.features.mermaidPending) ? assets.featureFiles.mermaidPending : []),
    ...(await publicFiles(root)),
  ];
}
