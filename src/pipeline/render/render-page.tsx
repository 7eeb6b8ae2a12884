/** Stage 4 for one page: the page model → a complete HTML document. */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import type { SiteConfig } from '../../shared/site-config.ts';
import type { ReleaseData } from '../../shared/types.ts';
import type { PageModel } from '../site/index.ts';
import type { SidebarNode } from '../site/sidebar.ts';
import { Document, type Assets } from '../../../templates/document.tsx';
import { DocPage } from '../../../templates/doc-page.tsx';
import { NotFoundPage } from '../../../templates/not-found.tsx';
import { SearchPage } from '../../../templates/search-page.tsx';
import { OfflinePage } from '../../../templates/offline.tsx';
import { sidebarSections } from '../site/sidebar-sections.ts';
import { markdownPath } from '../markdown/paths.ts';
import { pushWithRawBlocks } from './hast-to-react.ts';
import { hastToHtmlChunks } from './hast-to-html.ts';
import { renderSidebarBase, sidebarFor, type SidebarHtml } from './sidebar-html.ts';
import { NOT_FOUND_SCRIPT, mermaidScript, siteInlineScripts, wrongBasePathScript } from '../../shared/inline-scripts.ts';
import { algoliaConnectSources, metaPolicy, securityHeaders, type CspInput } from '../policy/csp.ts';

export interface RenderContext {
  config: SiteConfig;
  release: ReleaseData;
  sidebar: SidebarNode[];
  assets: Assets;
  /** Extra markup before </body> (the live-reload client in watch mode). */
  devScript?: string;
  /** The sidebar rendered once for all pages; made on first use when absent. */
  sidebarHtml?: SidebarHtml;
  /** The in-browser mermaid renderer, for pages whose diagrams are not in the cache. */
  mermaid?: { module: string; library: string };
}

/** What the build's Content-Security-Policy allows: its inline scripts and, with Algolia, the search hosts. */
export function cspInput(ctx: RenderContext): CspInput {
  return { inlineScripts: siteInlineScripts(ctx.config, ctx.mermaid), connect: algoliaConnectSources(ctx.config.search?.algolia) };
}

const metaCsp = new WeakMap<RenderContext, string>();
/** One policy for every page of a build, the same as `_headers` sends (computed once per context). */
function cspOf(ctx: RenderContext): string {
  let csp = metaCsp.get(ctx);
  if (csp === undefined) metaCsp.set(ctx, (csp = metaPolicy(cspInput(ctx))));
  return csp;
}

/** The headers a host should send (written to `build/_headers`). */
export function siteHeaders(ctx: RenderContext): Record<string, string> {
  return securityHeaders(cspInput(ctx));
}

function toHtml(element: ReactElement, devScript?: string): string {
  const html = '<!doctype html>' + renderToStaticMarkup(element);
  return devScript ? html.replace('</body>', devScript + '</body>') : html;
}

/** Renders one documentation page. */
export function renderDocPage(model: PageModel, ctx: RenderContext): string {
  return docPageParts(model, ctx).join('');
}

/**
 * Renders one documentation page as UTF-8 bytes, written into one buffer piece by piece. As
 * one string, a page was made three times over (the body, the layout around it, the raw
 * blocks spliced in): a 5 MB page's HTML is 29 MB, and those copies were most of the 190 MB
 * its rendering added to the heap. The bytes are the string's (the pieces are cut at ASCII
 * markup, never inside a character).
 */
export function renderDocPageBytes(model: PageModel, ctx: RenderContext): Buffer {
  const parts = docPageParts(model, ctx);
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at);
  return bytes;
}

/** The page's HTML in pieces, in order: the layout, the body and the raw blocks put in their slots. */
function docPageParts(model: PageModel, ctx: RenderContext): string[] {
  const { page } = model;
  const fm = page.source.frontMatter;
  const isHome = page.source.route === ctx.config.basePath;
  const element = (
    <Document
      config={ctx.config}
      csp={cspOf(ctx)}
      assets={ctx.assets}
      extraCss={page.features.math ? [ctx.assets.katexCss] : []}
      bodyModules={[ctx.assets.islandsRuntime]}
      bodyScripts={[...(isHome ? [wrongBasePathScript(ctx.config.basePath)] : []), ...(page.features.mermaidPending && ctx.mermaid ? [mermaidScript(ctx.mermaid)] : [])]}
      head={{
        title: fm.title,
        description: fm.description,
        keywords: fm.keywords,
        canonical: fm.canonical ?? ctx.config.url + page.source.route,
        image: fm.image ?? ctx.config.defaultImage,
        noindex: fm.noindex,
        type: isHome ? 'website' : 'article',
        markdown: markdownPath(page.source.route),
      }}
    >
      <DocPage
        config={ctx.config}
        release={ctx.release}
        route={page.source.route}
        title={fm.title}
        toc={page.toc}
        hideToc={fm.hide_table_of_contents}
        breadcrumbs={model.breadcrumbs}
        previous={model.previous}
        next={model.next}
        editUrl={ctx.config.editUrl + page.source.file.replace(/^content\//, '')}
        markdownUrl={markdownPath(page.source.route)}
      >
        <div data-raw-slot="body" />
      </DocPage>
    </Document>
  );
  ctx.sidebarHtml ??= renderSidebarBase(ctx.sidebar);
  // The body is written outside React (render/hast-to-html.ts) and put in its place, as the sidebar is.
  const layout = toHtml(element, ctx.devScript).replace('<div data-raw-slot="sidebar"></div>', () => sidebarFor(ctx.sidebarHtml!, page.source.route));
  const parts: string[] = [];
  const slot = layout.indexOf(BODY_SLOT);
  if (slot === -1) pushWithRawBlocks(layout, page.rawBlocks, parts);
  else {
    pushWithRawBlocks(layout.slice(0, slot), page.rawBlocks, parts);
    for (const chunk of hastToHtmlChunks(page.hast)) pushWithRawBlocks(chunk, page.rawBlocks, parts);
    pushWithRawBlocks(layout.slice(slot + BODY_SLOT.length), page.rawBlocks, parts);
  }
  return parts;
}

const BODY_SLOT = '<div data-raw-slot="body"></div>';

/**
 * Renders build/404.html. A lost reader most needs search: it has the doc pages' islands
 * (the search modal and its shortcuts, the menus' keyboard, the service worker).
 */
export function renderNotFoundPage(ctx: RenderContext): string {
  return toHtml(
    <Document
      config={ctx.config}
      csp={cspOf(ctx)}
      assets={ctx.assets}
      bodyScripts={[NOT_FOUND_SCRIPT]}
      bodyModules={[ctx.assets.islandsRuntime]}
      head={{ title: 'Page not found', description: 'The page you asked for does not exist.', keywords: [], canonical: ctx.config.url + ctx.config.basePath, image: ctx.config.defaultImage, noindex: true, type: 'website' }}
    >
      <NotFoundPage config={ctx.config} release={ctx.release} />
    </Document>,
    ctx.devScript,
  );
}

/**
 * Renders build/offline/index.html, what the service worker shows for a page not saved on
 * this device when the network is down. No islands: their chunks may not be saved either;
 * its header and search form work as plain HTML.
 */
export function renderOfflinePage(ctx: RenderContext): string {
  return toHtml(
    <Document
      config={ctx.config}
      csp={cspOf(ctx)}
      assets={ctx.assets}
      head={{ title: 'Offline', description: 'This page is not saved on this device and the network cannot be reached.', keywords: [], canonical: ctx.config.url + ctx.config.basePath, image: ctx.config.defaultImage, noindex: true, type: 'website' }}
    >
      <OfflinePage config={ctx.config} release={ctx.release} />
    </Document>,
    ctx.devScript,
  );
}

/** Renders build/search/index.html, the results page. */
export function renderSearchPage(ctx: RenderContext): string {
  return toHtml(
    <Document
      config={ctx.config}
      csp={cspOf(ctx)}
      assets={ctx.assets}
      bodyModules={[ctx.assets.islandsRuntime]}
      head={{ title: 'Search', description: 'Search the QuestDB documentation.', keywords: [], canonical: ctx.config.url + ctx.config.basePath + 'search/', image: ctx.config.defaultImage, noindex: true, type: 'website' }}
    >
      <SearchPage config={ctx.config} release={ctx.release} sections={sidebarSections(ctx.sidebar)} />
    </Document>,
    ctx.devScript,
  );
}
