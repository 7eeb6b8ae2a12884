/**
 * Sidebar: keeps its scroll position from page to page (each page is a new document), and
 * otherwise brings the current page's link into view. On a very large site the page holds
 * only an outline of the sidebar (components/Sidebar.tsx): the whole list is fetched from
 * the shared file named in `data-full-sidebar` and swapped in, with the current page marked
 * and every category that was open still open.
 */

const KEY = 'docs-sidebar-scroll';

/** Enhances `nav.sidebar`; the element that scrolls is its `.layout__sidebar` container. */
export default function enhanceSidebar(nav: HTMLElement): void {
  const scroller = nav.closest<HTMLElement>('.layout__sidebar') ?? nav;
  let saved: string | null = null;
  try {
    saved = sessionStorage.getItem(KEY);
  } catch {
    /* storage disabled */
  }
  const restore = () => {
    const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
    if (saved !== null) scroller.scrollTop = Number(saved);
    if (current) {
      const box = scroller.getBoundingClientRect();
      const link = current.getBoundingClientRect();
      if (link.top < box.top || link.bottom > box.bottom) current.scrollIntoView({ block: 'center' });
    }
  };
  restore();
  const save = () => {
    try {
      sessionStorage.setItem(KEY, String(scroller.scrollTop));
    } catch {
      /* storage disabled */
    }
  };
  window.addEventListener('pagehide', save);
  nav.addEventListener('click', save);
  const full = nav.dataset.fullSidebar;
  if (full) {
    // The outline stays usable (each closed category links into itself) if the fetch fails.
    // Only very large sites have an outline, so the swap is its own chunk, loaded only here.
    import('./sidebar-full.ts')
      .then(({ swapInFullSidebar }) => swapInFullSidebar(nav, full))
      .then(restore, (e: unknown) => console.warn('The full sidebar could not be loaded:', e));
  }
}
