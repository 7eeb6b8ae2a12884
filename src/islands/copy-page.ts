/**
 * The "Copy page" split button (components/PageActions.tsx). The main part copies the
 * page's Markdown copy (fetched once, as soon as the island wakes) and says "Copied" for
 * 2 s, or explains in the status line when the clipboard is refused. The chevron opens a
 * menu of links, driven like a WAI-ARIA menu button: Enter, Space or ArrowDown open it on
 * the first entry, ArrowUp on the last; arrows, Home and End move; Escape closes it and
 * returns focus to the chevron; Tab, a click outside or choosing an entry closes it.
 */
import { copyText } from './clipboard.ts';

export const COPIED_FOR_MS = 2000;
const LABEL = 'Copy page';

export default function enhanceCopyPage(root: HTMLElement): void {
  const copy = root.querySelector<HTMLButtonElement>('.page-actions__copy');
  const label = root.querySelector<HTMLElement>('.page-actions__label');
  const toggle = root.querySelector<HTMLButtonElement>('.page-actions__toggle');
  const menu = root.querySelector<HTMLElement>('.page-actions__menu');
  const status = root.querySelector<HTMLElement>('.page-actions__status');
  const url = root.dataset.markdown;
  if (!copy || !label || !toggle || !menu || !status || !url) return;
  enhanceCopyButton(copy, label, status, url);
  enhanceMenu(root, toggle, menu);
  root.classList.add('page-actions--ready');
}

/** The main part: copies the page's Markdown (fetched once, now) and says so, or why not. */
function enhanceCopyButton(copy: HTMLButtonElement, label: HTMLElement, status: HTMLElement, url: string): void {
  let markdown: Promise<string> | undefined;
  const load = (): Promise<string> => {
    markdown ??= fetch(url).then((r) => {
      if (!r.ok) throw new Error(`the Markdown copy answered ${r.status}`);
      return r.text();
    });
    // A failure is not kept: the next click fetches again.
    markdown.catch(() => (markdown = undefined));
    return markdown;
  };
  load().catch(() => {});

  let timer: ReturnType<typeof setTimeout> | undefined;
  copy.addEventListener('click', async () => {
    clearTimeout(timer);
    status.textContent = '';
    let text: string;
    try {
      text = await load();
    } catch (e) {
      status.textContent = `Could not copy the page: ${(e as Error).message}. Use "View as Markdown" in the menu instead.`;
      return;
    }
    try {
      await copyText(text);
      label.textContent = 'Copied';
      timer = setTimeout(() => (label.textContent = LABEL), COPIED_FOR_MS);
    } catch {
      status.textContent = 'Could not copy the page: the browser refused access to the clipboard. Use "View as Markdown" in the menu instead.';
    }
  });
}

/** The chevron's menu of links, driven like a WAI-ARIA menu button (see the file's comment). */
function enhanceMenu(root: HTMLElement, toggle: HTMLButtonElement, menu: HTMLElement): void {
  const items = [...menu.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]')];
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const focusItem = (i: number) => items[(i + items.length) % items.length]?.focus();
  const open = (focusIndex: number) => {
    menu.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    focusItem(focusIndex);
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    menu.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    if (returnFocus) toggle.focus();
  };

  toggle.addEventListener('click', () => (isOpen() ? close(true) : open(0)));
  toggle.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') open(0);
    else if (e.key === 'ArrowUp') open(items.length - 1);
    else return;
    e.preventDefault();
  });
  menu.addEventListener('keydown', (e) => {
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    switch (e.key) {
      case 'ArrowDown':
        focusItem(at + 1);
        break;
      case 'ArrowUp':
        focusItem(at - 1);
        break;
      case 'Home':
        focusItem(0);
        break;
      case 'End':
        focusItem(items.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return; // focus moves on as usual
      case ' ':
        // Space activates a menu entry like Enter (links only answer Enter by themselves).
        items[at]?.click();
        break;
      default:
        return;
    }
    e.preventDefault();
  });
  // Choosing an entry closes the menu (the link opens as links do).
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('[role="menuitem"]')) close(false);
  });
  document.addEventListener('pointerdown', (e) => {
    if (isOpen() && !root.contains(e.target as Node)) close(false);
  });
}
