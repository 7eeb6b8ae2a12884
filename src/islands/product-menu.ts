/**
 * The header's product menu (spec 2.1 and 4): opens on hover, focus or click; closes
 * 250 ms after the pointer leaves, when focus leaves it, or on Escape (focus then returns
 * to the button). Without scripts the same menu opens with CSS :hover and :focus-within.
 */

export const CLOSE_DELAY_MS = 250;

/** Enhances `.product-menu`. */
export default function enhanceProductMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('.product-menu__button');
  if (!button) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    clearTimeout(timer);
    root.removeAttribute('data-dismissed');
    button.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    clearTimeout(timer);
    button.setAttribute('aria-expanded', 'false');
  };
  // The script now owns the timing, so the stylesheet's own close delay steps aside.
  root.classList.add('product-menu--js');

  root.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'mouse') open();
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
    if (!root.contains(e.relatedTarget as Node | null) && !root.hasAttribute('data-dismissed')) open();
  });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) {
      close();
      root.removeAttribute('data-dismissed');
    }
  });
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-expanded') === 'true' && !root.hasAttribute('data-dismissed')) {
      close();
      root.setAttribute('data-dismissed', '');
    } else open();
  });
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return;
    close();
    root.setAttribute('data-dismissed', ''); // stays closed while hovered or focused
    button.focus();
  });
}
