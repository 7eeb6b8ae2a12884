/** Very large sidebars are drawn per page as an outline, the whole list written once (render/sidebar-html.ts). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderSidebarBase, sidebarFor, OUTLINE_FROM_LINKS } from '../../src/pipeline/render/sidebar-html.ts';
import type { SidebarNode } from '../../src/shared/navigation-types.ts';

const doc = (n: number): SidebarNode => ({ type: 'doc', id: `p${n}`, label: `Page ${n}`, route: `/docs/p${n}/` });
const items: SidebarNode[] = [
  doc(0),
  { type: 'category', label: 'Group A', collapsed: true, items: [doc(1), doc(2), { type: 'category', label: 'Deep', collapsed: true, items: [doc(3)] }] },
  { type: 'category', label: 'Group B', collapsed: true, items: [doc(4), doc(5)] },
  { type: 'category', label: 'Group C', collapsed: true, route: '/docs/c/', items: [doc(6)] },
];

describe('sidebar outline', () => {
  test('a small sidebar is whole in every page (no outline, no shared file)', () => {
    const base = renderSidebarBase(items);
    assert.equal(base.outline, undefined);
    const html = sidebarFor(base, '/docs/p4/');
    assert.ok(html.includes('Page 1') && html.includes('Page 3') && html.includes('Page 5'));
    assert.ok(OUTLINE_FROM_LINKS >= 250, 'the real site (about 250 entries) keeps its whole sidebar');
  });

  test('past the threshold, a page holds its own categories whole and one link into each other one', () => {
    const base = renderSidebarBase(items, '/docs/', 5);
    assert.equal(base.outline?.url, '/docs/sidebar.json');
    const html = sidebarFor(base, '/docs/p4/');
    assert.match(html, /data-full-sidebar="\/docs\/sidebar\.json"/);
    // Group B holds the page: whole, open, the page marked.
    assert.match(html, /<details data-cat="2" open="">/);
    assert.match(html, /<a class="sidebar__link" href="\/docs\/p4\/" aria-current="page">Page 4<\/a>/);
    assert.ok(html.includes('Page 5'));
    // Group A is closed, with one link to its first page; its own pages are not in the page.
    assert.match(html, /<details data-cat="1" data-outline="">.*?<a class="sidebar__link" href="\/docs\/p1\/">Pages in Group A<\/a>/);
    assert.ok(!html.includes('>Page 2<') && !html.includes('>Page 3<'));
    // A category with its own page leads there.
    assert.match(html, /<details data-cat="3" data-outline="">.*?href="\/docs\/c\/">Pages in Group C</);
    // The shared file has every entry and no current page.
    for (const n of [1, 2, 3, 4, 5, 6]) assert.ok(base.html.includes(`>Page ${n}<`));
    assert.ok(!base.html.includes('aria-current'));
    assert.match(base.html, /^<ul class="sidebar__list sidebar__list--root">/);
  });

  test('nested: the path to a deep page is whole, its closed siblings are outlines', () => {
    const base = renderSidebarBase(items, '/docs/', 5);
    const html = sidebarFor(base, '/docs/p3/');
    assert.match(html, /<details data-cat="1" open="">/);
    assert.match(html, /<details data-cat="1\.2" open="">/);
    assert.match(html, /href="\/docs\/p3\/" aria-current="page"/);
    assert.match(html, /<details data-cat="2" data-outline="">/);
  });
});
