/** The shape of `content/sidebars.ts`: named sidebars, each a list of items. */

/** A page, by its doc id: the path under content/docs without `.md` (e.g. `concept/partitions`). */
export type SidebarDocId = string;

export interface SidebarDoc {
  type: 'doc';
  /** Doc id, as above. */
  id: SidebarDocId;
  /** Overrides the page's sidebar_label / title in the sidebar. */
  label?: string;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  /** An absolute path (`/docs/...`, `/blog/...`) or an external URL. */
  href: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  items: SidebarItem[];
  /** Closed unless it holds the current page. Default true. */
  collapsed?: boolean;
  /** A doc id whose page the category label links to. */
  link?: SidebarDocId;
}

export type SidebarItem = SidebarDocId | SidebarDoc | SidebarLink | SidebarCategory;

export type Sidebars = Record<string, SidebarItem[]>;
