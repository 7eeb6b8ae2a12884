/**
 * The header's product menu (spec 2.1 and 4): opens on hover, focus or click; closes
 * 250 ms after the pointer leaves, when focus leaves it, or on Escape (focus then returns
 * to the button). Without scripts the same menu opens with CSS :hover and :focus-within.
 *
 * A click (or tap, or Enter) toggles only a state the reader has seen: when hover or focus
 * has just opened the menu, the click that follows (a mouse click comes after the hover, a
 * tap or Enter after the focus) keeps it open; a click on a menu the reader opened by
 * clicking closes it.
 */

export const CLOSE_DELAY_MS = 250;

type Opener = 'hover' | 'focus' | 'click';

/** Enhances `.product-menu`. */
export default function enhanceProductMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('.product-menu__button');
  if (!button) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** What opened the menu that is open now (none while closed). */
  let openedBy: Opener | undefined;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const open = (by: Opener) => {
    clearTimeout(timer);
    root.removeAttribute('data-dismissed');
    if (!isOpen() || by === 'click') openedBy = by;
    button.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    clearTimeout(timer);
    openedBy = undefined;
    button.setAttribute('aria-expanded', 'false');
  };
  // The script now owns the timing, so the stylesheet's own close delay steps aside.
  root.classList.add('product-menu--js');

  root.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'mouse') open('hover');
  });
  root.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      close();
      root.removeAttribute('data-dismissed');
    }, CLOSE_DELAY_MS);
  });
  root.addEventListener('focusin', (e) => {
    if (!root.contains(e.relatedTarget as Node | null) && !root.hasAttribute('data-dismissed')) open('focus');
  });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) {
      close();
      root.removeAttribute('data-dismissed');
    }
  });
  button.addEventListener('click', () => {
    if (isOpen() && openedBy === 'click' && !root.hasAttribute('data-dismissed')) {
      close();
      root.setAttribute('data-dismissed', ''); // stays closed while hovered or focused
    } else open('click');
  });
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    close();
    root.setAttribute('data-dismissed', ''); // stays closed while hovered or focused
    button.focus();
  });
}
