/**
 * Ids the page layout and the islands give their own elements. A heading or any other
 * element from content must never take one (a heading "Islands manifest" would otherwise
 * get `id="islands-manifest"` and break every island on its page): rehype-headings gives
 * such an element a numbered id instead. Keep this list in step with templates/,
 * src/components/ and src/islands/ (a test checks the built pages).
 */
export const LAYOUT_IDS: readonly string[] = [
  'main',
  'mobile-menu',
  'mobile-menu-toggle',
  'docs-nav-toggle',
  'islands-manifest',
  'product-menu-panel',
  'toc-desktop',
  'toc-mobile',
  'toc-title',
  'page-actions-menu',
  'all-pages',
  'not-found-q',
  'search-page-q',
  'base-path-banner',
  'dev-diagnostics',
];
