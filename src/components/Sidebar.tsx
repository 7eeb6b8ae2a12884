/**
 * The docs sidebar. Categories are <details>, so they open and close without
 * JavaScript. It is rendered once per build with no current page (see
 * render/sidebar-html.ts); each page then marks its own link with aria-current and
 * opens its ancestors, which keeps a 250-entry sidebar from being re-rendered per page.
 */
import type { ReactElement } from 'react';
import type { SidebarNode } from '../shared/navigation-types.ts';

function Item({ node, path }: { node: SidebarNode; path: string }): ReactElement {
  if (node.type === 'doc' || node.type === 'link') {
    return (
      <li className="sidebar__item">
        <a className="sidebar__link" href={node.type === 'doc' ? node.route : node.href}>
          {node.label}
        </a>
      </li>
    );
  }
  return (
    <li className="sidebar__item sidebar__item--category">
      <details data-cat={path} open={!node.collapsed}>
        <summary className="sidebar__category">{node.route ? <a href={node.route}>{node.label}</a> : node.label}</summary>
        <ul className="sidebar__list">
          {node.items.map((child, i) => (
            <Item key={i} node={child} path={`${path}.${i}`} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function Sidebar({ items }: { items: SidebarNode[] }): ReactElement {
  return (
    <nav className="sidebar" aria-label="Docs" data-island="sidebar" data-wake="load">
      <ul className="sidebar__list sidebar__list--root">
        {items.map((node, i) => (
          <Item key={i} node={node} path={String(i)} />
        ))}
      </ul>
    </nav>
  );
}
