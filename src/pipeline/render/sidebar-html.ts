/** The sidebar rendered once, then marked per page (current link, open ancestors). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Sidebar } from '../../components/Sidebar.tsx';
import type { SidebarNode } from '../site/sidebar.ts';

export interface SidebarHtml {
  html: string;
  /** Route → the `data-cat` keys of the categories holding it. */
  ancestors: Map<string, string[]>;
}

/** Renders the sidebar with no current page and records each route's categories. */
export function renderSidebarBase(items: SidebarNode[]): SidebarHtml {
  const ancestors = new Map<string, string[]>();
  const walk = (nodes: SidebarNode[], prefix: string, trail: string[]) =>
    nodes.forEach((node, i) => {
      const key = prefix === '' ? String(i) : `${prefix}.${i}`;
      if (node.type === 'doc') ancestors.set(node.route, trail);
      if (node.type === 'category') {
        if (node.route) ancestors.set(node.route, [...trail, key]);
        walk(node.items, key, [...trail, key]);
      }
    });
  walk(items, '', []);
  return { html: renderToStaticMarkup(createElement(Sidebar, { items })), ancestors };
}

/** The sidebar for the page at `route`: its link marked current, its categories open. */
export function sidebarFor(base: SidebarHtml, route: string): string {
  let html = base.html;
  for (const key of base.ancestors.get(route) ?? []) {
    html = html.replace(`<details data-cat="${key}">`, `<details data-cat="${key}" open="">`);
  }
  const href = `href="${route}"`;
  return html
    .replace(`<a class="sidebar__link" ${href}>`, `<a class="sidebar__link" ${href} aria-current="page">`)
    .replace(`<summary class="sidebar__category"><a ${href}>`, `<summary class="sidebar__category"><a ${href} aria-current="page">`);
}
