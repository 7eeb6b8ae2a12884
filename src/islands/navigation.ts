/**
 * Navigation feel for a site of static pages (spec §4):
 * - Prefetching: a linked page is fetched ahead (a `<link rel="prefetch">`, once per URL)
 *   when the pointer or focus reaches its link, or when a link in the article scrolls
 *   into view; never on 2g connections or with data-saver on.
 * - Progress bar: a click that leaves for another page starts a bar after 200 ms (from
 *   0.08, moving in 200 ms steps); the new page replaces it when it shows. Back from the
 *   browser's page cache, the bar is gone.
 * A hash scrolls to its element below the fixed header through CSS (scroll-padding-top);
 * other navigations load a new page, which starts at the top.
 * - The sticky sidebar and table of contents stop above the footer (footer-clearance.ts).
 */
import { keepChromeAboveFooter } from './footer-clearance.ts';

export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_MINIMUM = 0.08;
export const PROGRESS_SPEED_MS = 200;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

const prefetched = new Set<string>();

function canPrefetch(): boolean {
  const c = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(c?.saveData || c?.effectiveType?.includes('2g'));
}

/** Same-site documentation page other than this one (an anchor on this page is not a navigation). */
function pageUrl(a: HTMLAnchorElement): URL | undefined {
  if (!a.href || a.target === '_blank' || a.hasAttribute('download')) return undefined;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith('/docs/')) return undefined;
  if (url.pathname === location.pathname && url.search === location.search) return undefined;
  if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return undefined;
  return url;
}

export function prefetch(a: HTMLAnchorElement): void {
  const url = pageUrl(a);
  if (!url || !canPrefetch()) return;
  url.hash = '';
  const href = url.href;
  if (prefetched.has(href)) return;
  prefetched.add(href);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  link.as = 'document';
  document.head.append(link);
}

let bar: HTMLElement | undefined;
let barTimer: ReturnType<typeof setTimeout> | undefined;
let trickle: ReturnType<typeof setInterval> | undefined;

function startProgress(): void {
  clearTimeout(barTimer);
  barTimer = setTimeout(() => {
    bar?.remove();
    bar = document.createElement('div');
    bar.className = 'route-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading the page');
    bar.style.transition = `transform ${PROGRESS_SPEED_MS}ms ease`;
    let value = PROGRESS_MINIMUM;
    const set = () => {
      bar!.style.transform = `scaleX(${value})`;
      bar!.setAttribute('aria-valuenow', String(Math.round(value * 100)));
    };
    set();
    // Along the header's bottom edge: dark header above, dark page below, whatever the scroll
    // (at the top of the page the top edge of the window is the pink announcement bar).
    (document.querySelector('.site-header') ?? document.body).append(bar);
    // Creep towards the end, slower as it gets there, until the new page replaces this one.
    trickle = setInterval(() => {
      value = Math.min(0.994, value + (1 - value) * 0.1);
      set();
    }, PROGRESS_SPEED_MS);
  }, PROGRESS_DELAY_MS);
}

function stopProgress(): void {
  clearTimeout(barTimer);
  clearInterval(trickle);
  bar?.remove();
  bar = undefined;
}

export default function enhance(root: HTMLElement): void {
  const onPointer = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (a) prefetch(a);
  };
  document.addEventListener('pointerover', onPointer, { passive: true });
  document.addEventListener('focusin', onPointer);
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch(entry.target as HTMLAnchorElement);
    }
  });
  for (const a of root.querySelectorAll<HTMLAnchorElement>('.markdown a[href], .prev-next a[href]')) observer.observe(a);

  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a');
    if (a && pageUrl(a)) startProgress();
  });
  // Returning through the back/forward cache shows the old page as it was left: no bar.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) stopProgress();
  });
  keepChromeAboveFooter();
  root.dataset.navigationReady = '';
}
