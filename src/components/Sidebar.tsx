/**
 * The docs sidebar. Categories are <details>, so they open and close without
 * JavaScript. It is rendered once per build with no current page (see
 * render/sidebar-html.ts); each page then marks its own link with aria-current and
 * opens its ancestors, which keeps a 250-entry sidebar from being re-rendered per page.
 *
 * A very large sidebar (thousands of pages) would make every page carry all of it. Such a
 * sidebar is drawn per page as an outline instead: the categories holding the page are
 * complete, every other category is closed and holds one link into it (so it still leads
 * somewhere without scripts), and the sidebar island swaps in the whole sidebar from one
 * shared file (`sidebar.json`) once the page has loaded.
 */
import type { ReactElement } from 'react';
import type { SidebarNode } from '../shared/navigation-types.ts';

/** In outline mode: the categories drawn complete (the page's ancestors). */
export type OutlineOpen = ReadonlySet<string>;

/** The first page a category leads to: its own page, else its first page in sidebar order. */
export function firstRoute(node: SidebarNode): string | undefined {
  if (node.type === 'doc') return node.route;
  if (node.type === 'link') return undefined;
  if (node.route) return node.route;
  for (const child of node.items) {
    const r = firstRoute(child);
    if (r) return r;
  }
  return undefined;
}

function Item({ node, path, outline }: { node: SidebarNode; path: string; outline?: OutlineOpen }): ReactElement {
  if (node.type === 'doc' || node.type === 'link') {
    return (
      <li className="sidebar__item">
        <a className="sidebar__link" href={node.type === 'doc' ? node.route : node.href}>
          {node.label}
        </a>
      </li>
    );
  }
  if (outline && !outline.has(path) && node.collapsed) {
    const first = firstRoute(node);
    return (
      <li className="sidebar__item sidebar__item--category">
        <details data-cat={path} data-outline="">
          <summary className="sidebar__category">{node.route ? <a href={node.route}>{node.label}</a> : node.label}</summary>
          <ul className="sidebar__list">
            {first && (
              <li className="sidebar__item">
                <a className="sidebar__link" href={first}>
                  Pages in {node.label}
                </a>
              </li>
            )}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li className="sidebar__item sidebar__item--category">
      <details data-cat={path} open={!node.collapsed}>
        <summary className="sidebar__category">{node.route ? <a href={node.route}>{node.label}</a> : node.label}</summary>
        <ul className="sidebar__list">
          {node.items.map((child, i) => (
            <Item key={i} node={child} path={`${path}.${i}`} outline={outline} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function SidebarList({ items, outline }: { items: SidebarNode[]; outline?: OutlineOpen }): ReactElement {
  return (
    <ul className="sidebar__list sidebar__list--root">
      {items.map((node, i) => (
        <Item key={i} node={node} path={String(i)} outline={outline} />
      ))}
    </ul>
  );
}

/** `fullSidebar`: in outline mode, the URL of the whole sidebar for the island to swap in. */
export function Sidebar({ items, outline, fullSidebar }: { items: SidebarNode[]; outline?: OutlineOpen; fullSidebar?: string }): ReactElement {
  return (
    <nav className="sidebar" aria-label="Docs" data-island="sidebar" data-wake="load" data-full-sidebar={fullSidebar}>
      <SidebarList items={items} outline={outline} />
    </nav>
  );
}
