/**
 * The docs sidebar. Categories are <details>, so they open and close without
 * JavaScript; the current page's ancestors render open and the current link carries
 * aria-current.
 */
import type { ReactElement } from 'react';
import { containsRoute, type SidebarNode } from '../pipeline/site/sidebar.ts';

function Item({ node, current }: { node: SidebarNode; current: string }): ReactElement {
  if (node.type === 'doc') {
    return (
      <li className="sidebar__item">
        <a className="sidebar__link" href={node.route} aria-current={node.route === current ? 'page' : undefined}>
          {node.label}
        </a>
      </li>
    );
  }
  if (node.type === 'link') {
    return (
      <li className="sidebar__item">
        <a className="sidebar__link" href={node.href}>
          {node.label}
        </a>
      </li>
    );
  }
  const open = !node.collapsed || containsRoute(node, current);
  return (
    <li className="sidebar__item sidebar__item--category">
      <details open={open}>
        <summary className="sidebar__category">
          {node.route ? (
            <a href={node.route} aria-current={node.route === current ? 'page' : undefined}>
              {node.label}
            </a>
          ) : (
            node.label
          )}
        </summary>
        <ul className="sidebar__list">
          {node.items.map((child, i) => (
            <Item key={i} node={child} current={current} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function Sidebar({ items, current }: { items: SidebarNode[]; current: string }): ReactElement {
  return (
    <nav className="sidebar" aria-label="Docs" data-island="sidebar">
      <ul className="sidebar__list sidebar__list--root">
        {items.map((node, i) => (
          <Item key={i} node={node} current={current} />
        ))}
      </ul>
    </nav>
  );
}
