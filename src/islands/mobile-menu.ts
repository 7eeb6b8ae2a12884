/**
 * The mobile menu island. Without JavaScript a checkbox opens and closes the panel (its
 * labels are the visible opener and closer), so the menu works on any page. A checkbox is
 * the wrong thing for a screen reader to announce, so once this island runs the labels are
 * replaced by real buttons: the opener carries `aria-expanded` and `aria-controls`, the
 * checkbox leaves the tab order and the accessibility tree and only keeps the CSS state
 * (`:checked ~ .mobile-menu__panel`). Beyond that: Escape closes it and returns focus to
 * the opener, focus moves to the close button on opening, and the menu closes when the
 * window grows past the 996 px breakpoint.
 */
const DESKTOP = '(min-width: 997px)';

/** A `<button>` that takes a label's place, keeping its class, title and contents. */
function buttonFor(label: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = label.className;
  if (label.title) button.title = label.title;
  button.append(...label.childNodes);
  label.replaceWith(button);
  return button;
}

export default function enhance(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLInputElement>('.mobile-menu__toggle');
  const openLabel = root.querySelector<HTMLElement>('label.mobile-menu__open');
  const panel = root.querySelector<HTMLElement>('.mobile-menu__panel');
  const closeLabel = root.querySelector<HTMLElement>('label.mobile-menu__close');
  if (!toggle || !openLabel || !panel || !closeLabel) return;

  const opener = buttonFor(openLabel);
  opener.setAttribute('aria-controls', panel.id);
  const close = buttonFor(closeLabel);
  // The checkbox now only holds the state the CSS reads.
  toggle.tabIndex = -1;
  toggle.setAttribute('aria-hidden', 'true');
  toggle.removeAttribute('aria-label');
  toggle.removeAttribute('aria-controls');

  const sync = () => {
    const open = toggle.checked;
    opener.setAttribute('aria-expanded', String(open));
    if (open) close.focus();
  };
  const setOpen = (open: boolean, refocus = false) => {
    if (toggle.checked === open) return;
    toggle.checked = open;
    sync();
    if (!open && refocus) opener.focus();
  };

  opener.addEventListener('click', () => setOpen(!toggle.checked));
  close.addEventListener('click', () => setOpen(false, true));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && toggle.checked) setOpen(false, true);
  });
  // A link inside the panel that stays on this page (an anchor) closes the menu.
  panel.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest('a');
    if (a && a.pathname === window.location.pathname && a.hash) setOpen(false);
  });
  window.matchMedia(DESKTOP).addEventListener('change', (e) => {
    if (e.matches) setOpen(false);
  });
  sync();
}
