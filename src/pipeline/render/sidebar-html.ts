/**
 * The sidebar rendered once, then marked per page (current link, open ancestors).
 *
 * Past OUTLINE_FROM_LINKS entries, carrying the whole sidebar in every page would make the
 * site's size grow with the square of its page count (10,000 pages × 1 MB of sidebar each):
 * each page then gets an outline (its own categories complete, the others closed with one
 * link into them), and the whole list is written once as `sidebar.json` for the sidebar
 * island to swap in (components/Sidebar.tsx).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Sidebar, SidebarList } from '../../components/Sidebar.tsx';
import type { SidebarNode } from '../site/sidebar.ts';

/** Sidebars with more entries than this are drawn per page as outlines. */
export const OUTLINE_FROM_LINKS = 500;

/**
 * The whole sidebar's list, for the island (outline mode only): `{"html": "<ul …>"}`. JSON,
 * not .html, because hosts (and our preview server) redirect `x.html` to `x/`.
 */
export const FULL_SIDEBAR_FILE = 'sidebar.json';

/** The shared file's contents. */
export function fullSidebarFile(base: SidebarHtml): string {
  return JSON.stringify({ html: base.html });
}

export interface SidebarHtml {
  html: string;
  /** Route → the `data-cat` keys of the categories holding it. */
  ancestors: Map<string, string[]>;
  /** Set in outline mode: the items, to draw each page's outline from, and the full list's URL. */
  outline?: { items: SidebarNode[]; url: string };
}

function countEntries(nodes: SidebarNode[]): number {
  return nodes.reduce((n, node) => n + 1 + (node.type === 'category' ? countEntries(node.items) : 0), 0);
}

/** Renders the sidebar with no current page and records each route's categories. */
export function renderSidebarBase(items: SidebarNode[], basePath = '/docs/', outlineFrom = OUTLINE_FROM_LINKS): SidebarHtml {
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
  if (countEntries(items) > outlineFrom) {
    // The full list is the shared file; pages render their own outline.
    return { html: renderToStaticMarkup(createElement(SidebarList, { items })), ancestors, outline: { items, url: basePath + FULL_SIDEBAR_FILE } };
  }
  return { html: renderToStaticMarkup(createElement(Sidebar, { items })), ancestors };
}

/** Marks the page's link as current (in the list or as a category's own link). */
function markCurrent(html: string, route: string): string {
  const href = `href="${route}"`;
  return html
    .replace(`<a class="sidebar__link" ${href}>`, `<a class="sidebar__link" ${href} aria-current="page">`)
    .replace(`<summary class="sidebar__category"><a ${href}>`, `<summary class="sidebar__category"><a ${href} aria-current="page">`);
}

/** The sidebar for the page at `route`: its link marked current, its categories open. */
export function sidebarFor(base: SidebarHtml, route: string): string {
  const keys = base.ancestors.get(route) ?? [];
  if (base.outline) {
    const open = new Set(keys);
    let html = renderToStaticMarkup(createElement(Sidebar, { items: base.outline.items, outline: open, fullSidebar: base.outline.url }));
    for (const key of keys) html = html.replace(`<details data-cat="${key}">`, `<details data-cat="${key}" open="">`);
    return markCurrent(html, route);
  }
  let html = base.html;
  for (const key of keys) html = html.replace(`<details data-cat="${key}">`, `<details data-cat="${key}" open="">`);
  return markCurrent(html, route);
}
