/**
 * The shapes of the site's navigation, as the site stage makes them and the layout
 * (templates/, src/components/) shows them. They live here so the layout depends on
 * shared types only, never on the pipeline.
 */

/** One entry of the resolved sidebar: a page, an outside link, or a category of entries. */
export type SidebarNode =
  | { type: 'doc'; id: string; label: string; route: string }
  | { type: 'link'; label: string; href: string }
  | { type: 'category'; label: string; items: SidebarNode[]; collapsed: boolean; route?: string };

/** A link to another page (previous/next). */
export interface NavLinkTo {
  label: string;
  route: string;
}

/** A top-level section of the sidebar as a flat list of its pages, in sidebar order. */
export interface PageListSection {
  label: string;
  pages: { label: string; route: string }[];
}
