/** Stage 3, site: the sidebar tree, previous/next, breadcrumbs, and the link and anchor check. */
import type { CompiledPage, Diagnostic } from '../../shared/types.ts';
import type { LoadedSite } from '../load/index.ts';
import { resolveSidebar, type SidebarNode } from './sidebar.ts';
import { checkLinks } from './check-links.ts';

export interface NavLinkTo {
  label: string;
  route: string;
}

/** Everything the renderer needs for one page. */
export interface PageModel {
  page: CompiledPage;
  breadcrumbs: string[];
  previous?: NavLinkTo;
  next?: NavLinkTo;
}

export interface SiteModel {
  sidebar: SidebarNode[];
  pages: PageModel[];
  diagnostics: Diagnostic[];
}

/** Puts the compiled pages into the site's structure and checks links between them. */
export function buildSiteModel(site: LoadedSite, compiled: CompiledPage[], hasStaticFile: (path: string) => boolean): SiteModel {
  const sidebar = resolveSidebar(site.sidebars.docs ?? [], site.pages, site.sidebarsText);
  const position = new Map(sidebar.order.map((entry, i) => [entry.route, i]));
  const pages = compiled.map((page): PageModel => {
    const i = position.get(page.source.route);
    if (i === undefined) return { page, breadcrumbs: [] };
    const entry = sidebar.order[i]!;
    const prev = sidebar.order[i - 1];
    const next = sidebar.order[i + 1];
    return {
      page,
      breadcrumbs: entry.trail,
      previous: prev && { label: prev.label, route: prev.route },
      next: next && { label: next.label, route: next.route },
    };
  });
  return { sidebar: sidebar.items, pages, diagnostics: [...sidebar.diagnostics, ...checkLinks(compiled, hasStaticFile)] };
}
