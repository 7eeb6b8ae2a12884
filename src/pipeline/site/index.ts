/** Stage 3, site: the sidebar tree, previous/next, breadcrumbs, and the link and anchor check. */
import type { CompiledPage, Diagnostic } from '../../shared/types.ts';
import type { LoadedSite } from '../load/index.ts';
import { resolveSidebar, type SidebarNode } from './sidebar.ts';
import { checkLinks } from './check-links.ts';

import type { NavLinkTo } from '../../shared/navigation-types.ts';

export type { NavLinkTo, SidebarNode };

export interface PageNavigation {
  breadcrumbs: string[];
  previous?: NavLinkTo;
  next?: NavLinkTo;
}

/** Everything the renderer needs for one page. */
export interface PageModel extends PageNavigation {
  page: CompiledPage;
}

/** The site's structure; it needs only the loaded pages (titles and routes), not their bodies. */
export interface Navigation {
  sidebar: SidebarNode[];
  byRoute: Map<string, PageNavigation>;
  diagnostics: Diagnostic[];
}

export interface SiteModel {
  sidebar: SidebarNode[];
  pages: PageModel[];
  diagnostics: Diagnostic[];
}

/** Resolves the sidebar and each listed page's breadcrumbs and neighbours. */
export function buildNavigation(site: LoadedSite): Navigation {
  const sidebar = resolveSidebar(site.sidebars.docs ?? [], site.pages, site.sidebarsText);
  const byRoute = new Map<string, PageNavigation>();
  sidebar.order.forEach((entry, i) => {
    const prev = sidebar.order[i - 1];
    const next = sidebar.order[i + 1];
    byRoute.set(entry.route, {
      breadcrumbs: entry.trail,
      previous: prev && { label: prev.label, route: prev.route },
      next: next && { label: next.label, route: next.route },
    });
  });
  return { sidebar: sidebar.items, byRoute, diagnostics: sidebar.diagnostics };
}

/** The render model of one compiled page. */
export function pageModel(nav: Navigation, page: CompiledPage): PageModel {
  return { page, ...(nav.byRoute.get(page.source.route) ?? { breadcrumbs: [] }) };
}

/** Puts the compiled pages into the site's structure and checks links between them. */
export function buildSiteModel(site: LoadedSite, compiled: CompiledPage[], hasStaticFile: (path: string) => boolean): SiteModel {
  const nav = buildNavigation(site);
  return {
    sidebar: nav.sidebar,
    pages: compiled.map((p) => pageModel(nav, p)),
    diagnostics: [...nav.diagnostics, ...checkLinks(compiled, hasStaticFile)],
  };
}
