/**
 * The search button island. Without JavaScript the button is a link to the results
 * page; with it, the button opens the modal (loaded on demand): on click, on Ctrl/Cmd+K,
 * on `/` when no field has focus, and on typing while the button has focus (the typed
 * letter starts the query). Hover or focus preloads the modal and the index. Escape
 * closes the results panel, then clears the query, then closes the modal, and focus
 * returns to the button.
 */
import type { SearchSettings } from '../shared/search/config.ts';
import { fetchIndex, loadStylesheet } from './search-prefetch.ts';

type ModalModule = typeof import('./search-modal.tsx');

function isEditing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA';
}

export default function enhance(button: HTMLElement): void {
  const settings = JSON.parse(button.dataset.search ?? '{}') as SearchSettings;
  let modal: Promise<ModalModule> | undefined;
  // The search client is a chunk of its own (the results page shares it): ask for it in
  // parallel with the modal's code instead of after it.
  const load = () => (modal ??= Promise.all([import('./search-modal.tsx'), import('./search-client.ts')]).then(([m]) => m));
  let opening = false;

  /** The headings index and the modal's stylesheet download alongside the modal's code, not after it. */
  const warmUp = () => {
    void loadStylesheet(settings.css);
    if (settings.local) void fetchIndex(settings.local.shards ?? settings.local.headings).catch(() => {});
  };
  const preload = () => {
    warmUp();
    void load().then((m) => m.preload(settings), (e: unknown) => console.error('The search modal could not be loaded:', e));
  };
  const open = (initialQuery?: string) => {
    if (opening) return;
    opening = true;
    warmUp();
    load()
      .then((m) => (m.isOpen() ? undefined : m.open({ settings, button, initialQuery })))
      .catch((e: unknown) => {
        // The modal cannot load: the results page still works.
        console.error('The search modal could not be loaded:', e);
        window.location.assign(button.getAttribute('href') ?? settings.resultsPath);
      })
      .finally(() => (opening = false));
  };
  const closeModal = () => void modal?.then((m) => m.isOpen() && (m.close(), button.focus()));

  button.addEventListener('pointerenter', preload, { once: true });
  button.addEventListener('focus', preload, { once: true });
  button.addEventListener('click', (e) => {
    // Modified clicks keep their meaning: open the results page in a new tab or window.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    open();
  });
  button.addEventListener('keydown', (e) => {
    if (e.key.length === 1 && /[\p{L}\p{N}]/u.test(e.key) && !e.metaKey && !e.ctrlKey && !e.altKey) {
      e.preventDefault();
      open(e.key);
    }
  });
  window.addEventListener('keydown', (e) => {
    const isOpenNow = document.body.classList.contains('DocSearch--active');
    if (e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
      e.preventDefault();
      if (isOpenNow) closeModal();
      else open();
    } else if (e.key === '/' && !isOpenNow && !isEditing(e.target) && !e.metaKey && !e.ctrlKey && !e.altKey) {
      e.preventDefault();
      open();
    }
  });
  // Escape is the modal's, step by step (spec 4), before DocSearch's own handler (which
  // never shows its panel closed) sees it: the results panel closes, then the query is
  // cleared, then the modal closes and focus returns to the button.
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Escape' || !document.body.classList.contains('DocSearch--active')) return;
      e.preventDefault();
      e.stopPropagation();
      void modal?.then((m) => m.dismissStep() || closeModal());
    },
    true,
  );
  // Shortcuts work from here on (tests wait for this).
  button.dataset.ready = '';
}
