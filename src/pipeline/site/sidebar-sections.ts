/**
 * The sidebar flattened into its top-level sections, each a list of pages in sidebar
 * order: one section per top-level category, and the top-level pages first under
 * "Documentation". The results page lists pages this way, and llms.txt does too.
 */
import type { SidebarNode } from './sidebar.ts';
import type { PageListSection } from '../../shared/navigation-types.ts';

export type { PageListSection };

export function sidebarSections(sidebar: SidebarNode[]): PageListSection[] {
  const top: PageListSection = { label: 'Documentation', pages: [] };
  const sections: PageListSection[] = [top];
  const collect = (nodes: SidebarNode[], into: PageListSection) => {
    for (const n of nodes) {
      if (n.type === 'doc') into.pages.push({ label: n.label, route: n.route });
      else if (n.type === 'category') {
        if (n.route) into.pages.push({ label: n.label, route: n.route });
        collect(n.items, into);
      }
    }
  };
  for (const n of sidebar) {
    if (n.type === 'category') {
      const section: PageListSection = { label: n.label, pages: [] };
      collect([n], section);
      sections.push(section);
    } else collect([n], top);
  }
  return sections.filter((s) => s.pages.length > 0);
}
