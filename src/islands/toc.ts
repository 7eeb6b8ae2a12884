/**
 * Table of contents: marks the link of the section being read (aria-current), updated as
 * the reader scrolls, and keeps that link in view in the table's own scroll box. The
 * section being read is the last heading above a line a little below the fixed header.
 */

/** Scrolls the table of contents (its own scroll box, never the page) so `link` shows. */
function keepInView(box: HTMLElement, link: HTMLElement): void {
  if (box.scrollHeight <= box.clientHeight) return;
  const outer = box.getBoundingClientRect();
  const inner = link.getBoundingClientRect();
  if (inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1) return;
  box.scrollTop += inner.top - outer.top - (box.clientHeight - inner.height) / 2;
}

/** Enhances `nav.toc`. */
export default function enhanceToc(nav: HTMLElement): void {
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const targets = links
    .map((link) => ({ link, heading: document.getElementById(decodeURIComponent(link.hash.slice(1))) }))
    .filter((t): t is { link: HTMLAnchorElement; heading: HTMLElement } => t.heading !== null);
  if (targets.length === 0) return;
  let current: HTMLAnchorElement | undefined;
  let queued = false;

  const update = () => {
    queued = false;
    const line = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 80;
    let active = targets[0]!.link;
    for (const t of targets) {
      if (t.heading.getBoundingClientRect().top - line <= 8) active = t.link;
      else break;
    }
    // At the very bottom the last sections may never reach the line: the last one wins.
    if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) active = targets[targets.length - 1]!.link;
    if (active !== current) {
      current?.removeAttribute('aria-current');
      active.setAttribute('aria-current', 'true');
      current = active;
    }
    keepInView(nav, active);
  };
  const schedule = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(update);
    }
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  // The box shortens above the footer (footer-clearance.ts): keep the current entry in it.
  new ResizeObserver(() => {
    if (current) keepInView(nav, current);
  }).observe(nav);
  update();
}
