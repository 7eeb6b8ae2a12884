/** Resolves `content/sidebars.ts` against the pages that exist. */
import type { SidebarItem } from '../../shared/sidebar-types.ts';
import type { Diagnostic, PageSource } from '../../shared/types.ts';
import { SIDEBARS_FILE } from '../load/load-sidebar.ts';
import { closest, lineOf } from '../diagnostics.ts';

import type { SidebarNode } from '../../shared/navigation-types.ts';

export type { SidebarNode };

export interface ResolvedSidebar {
  items: SidebarNode[];
  /** Doc pages in reading order (for previous/next). */
  order: { id: string; label: string; route: string; trail: string[] }[];
  diagnostics: Diagnostic[];
}

/** Turns sidebar items into nodes; entries naming missing pages are warned about and left out. */
export function resolveSidebar(items: SidebarItem[], pages: PageSource[], sidebarText: string): ResolvedSidebar {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const diagnostics: Diagnostic[] = [];
  const order: ResolvedSidebar['order'] = [];
  const listed = new Set<string>();

  const missing = (id: string) => {
    const guess = closest(id, byId.keys());
    diagnostics.push({
      severity: 'warning',
      file: SIDEBARS_FILE,
      line: lineOf(sidebarText, `'${id}'`) ?? lineOf(sidebarText, `"${id}"`),
      rule: 'sidebar-missing-page',
      message: `The sidebar lists \`${id}\`, but there is no page content/docs/${id}.md; the entry is left out.`,
      fix: guess ? `Did you mean \`${guess}\`?` : `Write content/docs/${id}.md or remove the entry.`,
    });
  };

  const walk = (list: SidebarItem[], trail: string[]): SidebarNode[] => {
    const out: SidebarNode[] = [];
    for (const item of list) {
      if (typeof item === 'string' || item.type === 'doc') {
        const id = typeof item === 'string' ? item : item.id;
        const page = byId.get(id);
        if (!page) {
          missing(id);
          continue;
        }
        if (listed.has(id)) {
          diagnostics.push({ severity: 'warning', file: SIDEBARS_FILE, line: lineOf(sidebarText, `'${id}'`), rule: 'sidebar-duplicate', message: `\`${id}\` is listed twice in the sidebar.`, fix: 'Keep one entry per page.' });
        }
        listed.add(id);
        const label = (typeof item === 'string' ? undefined : item.label) ?? page.frontMatter.sidebar_label ?? page.frontMatter.title;
        out.push({ type: 'doc', id, label, route: page.route });
        order.push({ id, label, route: page.route, trail });
      } else if (item.type === 'link') {
        out.push({ type: 'link', label: item.label, href: item.href });
      } else {
        let route: string | undefined;
        if (item.link) {
          const page = byId.get(item.link);
          if (page) {
            route = page.route;
            listed.add(page.id);
            order.push({ id: page.id, label: item.label, route, trail });
          } else missing(item.link);
        }
        const items = walk(item.items, [...trail, item.label]);
        if (items.length === 0 && !route) continue; // an empty category helps nobody
        out.push({ type: 'category', label: item.label, items, collapsed: item.collapsed ?? true, route });
      }
    }
    return out;
  };

  const resolved = walk(items, []);
  for (const page of pages) {
    if (!page.hidden && !listed.has(page.id)) {
      diagnostics.push({
        severity: 'warning',
        file: page.file,
        line: 1,
        rule: 'sidebar-unlisted',
        message: `The page ${page.id} is not in the sidebar; readers can only reach it through links.`,
        fix: `Add '${page.id}' to ${SIDEBARS_FILE}, or move the page under partials/ if it is a snippet.`,
      });
    }
  }
  return { items: resolved, order, diagnostics };
}

/** True when the node is, or holds, the page at `route`. */
export function containsRoute(node: SidebarNode, route: string): boolean {
  if (node.type === 'doc') return node.route === route;
  if (node.type === 'link') return false;
  return node.route === route || node.items.some((n) => containsRoute(n, route));
}
