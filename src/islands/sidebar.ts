/**
 * Sidebar: keeps its scroll position from page to page (each page is a new document), and
 * otherwise brings the current page's link into view. On a very large site the page holds
 * only an outline of the sidebar (components/Sidebar.tsx): the whole list is fetched from
 * the shared file named in `data-full-sidebar` and swapped in, with the current page marked
 * and every category that was open still open.
 */

const KEY = 'docs-sidebar-scroll';

/** Swaps the outline for the whole list. Our own build's HTML, from this origin. */
async function swapInFullSidebar(nav: HTMLElement, url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const { html } = (await response.json()) as { html: string };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const list = doc.querySelector('ul.sidebar__list--root');
  const current = nav.querySelector('ul.sidebar__list--root');
  if (!list || !current) return;
  const open = new Set([...nav.querySelectorAll<HTMLDetailsElement>('details[data-cat][open]')].map((d) => d.dataset.cat));
  const fresh = document.importNode(list, true) as HTMLElement;
  for (const d of fresh.querySelectorAll<HTMLDetailsElement>('details[data-cat]')) if (open.has(d.dataset.cat)) d.open = true;
  const here = location.pathname;
  for (const a of fresh.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (a.getAttribute('href') === here) a.setAttribute('aria-current', 'page');
  }
  current.replaceWith(fresh);
  nav.dataset.fullSidebarReady = '';
}

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
    swapInFullSidebar(nav, full).then(restore, (e: unknown) => console.warn('The full sidebar could not be loaded:', e));
  }
}
