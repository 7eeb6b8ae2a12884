/**
 * The whole sidebar for a page that holds only its outline (very large sites, see
 * components/Sidebar.tsx): fetched from the shared file and swapped in by the sidebar island.
 */

/** Swaps the outline for the whole list. Our own build's HTML, from this origin. */
export async function swapInFullSidebar(nav: HTMLElement, url: string): Promise<void> {
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
