/**
 * The islands runtime: finds the elements a page marks with `data-island="name"` and
 * wakes each one's module when it is needed. A module's default export enhances the
 * server-rendered element; until then the element works as plain HTML.
 *
 * When an island wakes (`data-wake`): `visible` (default) when it scrolls near the
 * viewport, `idle` when the browser is idle, `load` at once, `interaction` on the first
 * pointer, focus or key event inside it.
 */

type Enhance = (element: HTMLElement) => void;

/** Known islands; names without a module here are server-only markers. */
const MODULES: Record<string, () => Promise<{ default: Enhance }>> = {
  tabs: () => import('./tabs.ts'),
  'code-block': () => import('./code-block.ts'),
  toc: () => import('./toc.ts'),
  sidebar: () => import('./sidebar.ts'),
  'product-menu': () => import('./product-menu.ts'),
  'heading-links': () => import('./heading-links.ts'),
  search: () => import('./search.ts'),
  'search-page': () => import('./search-page.ts'),
};

function wake(element: HTMLElement, load: () => Promise<{ default: Enhance }>): void {
  const run = () =>
    load()
      .then((m) => m.default(element))
      .catch((e: unknown) => console.error(`The ${element.dataset.island} island failed to start:`, e));
  const when = element.dataset.wake ?? 'visible';
  if (when === 'load') return void run();
  if (when === 'idle') return void (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200)))(() => void run());
  if (when === 'interaction') {
    const events = ['pointerenter', 'focusin', 'keydown', 'touchstart'];
    const once = () => {
      for (const e of events) element.removeEventListener(e, once);
      void run();
    };
    for (const e of events) element.addEventListener(e, once, { passive: true });
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void run();
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(element);
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = MODULES[element.dataset.island ?? ''];
  if (load) wake(element, load);
}
