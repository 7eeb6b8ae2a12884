/**
 * Sidebar: keeps its scroll position from page to page (each page is a new document), and
 * otherwise brings the current page's link into view.
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
  const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (saved !== null) scroller.scrollTop = Number(saved);
  if (current) {
    const box = scroller.getBoundingClientRect();
    const link = current.getBoundingClientRect();
    if (link.top < box.top || link.bottom > box.bottom) current.scrollIntoView({ block: 'center' });
  }
  const save = () => {
    try {
      sessionStorage.setItem(KEY, String(scroller.scrollTop));
    } catch {
      /* storage disabled */
    }
  };
  window.addEventListener('pagehide', save);
  nav.addEventListener('click', save);
}
