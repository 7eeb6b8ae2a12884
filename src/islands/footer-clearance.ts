/**
 * Keeps the sticky sidebar and table of contents between the header and the footer. A
 * sticky box cannot leave its container, so at the end of a long page the footer pushed
 * them up under the header. While the footer is in view this sets `--footer-top` (the
 * footer's top edge in the viewport, in px) on the root; layout.css shortens both boxes
 * by it, so they end above the footer instead of sliding up.
 */
export function keepChromeAboveFooter(): void {
  const footer = document.querySelector<HTMLElement>('.site-footer');
  if (!footer) return;
  const root = document.documentElement;
  let queued = false;
  const update = () => {
    queued = false;
    root.style.setProperty('--footer-top', `${Math.round(footer.getBoundingClientRect().top)}px`);
  };
  const schedule = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(update);
    }
  };
  let listening = false;
  new IntersectionObserver(([entry]) => {
    if (entry?.isIntersecting && !listening) {
      window.addEventListener('scroll', schedule, { passive: true });
      window.addEventListener('resize', schedule, { passive: true });
      listening = true;
      update();
    } else if (!entry?.isIntersecting && listening) {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      listening = false;
      root.style.removeProperty('--footer-top');
    }
  }).observe(footer);
}
