/**
 * The mobile menu island. The checkbox in the markup already opens and closes the panel
 * without JavaScript; this adds what a menu needs beyond that: the page's docs sidebar
 * moves into the panel while it is open (and back when it closes), Escape closes it and
 * returns focus to the menu button, focus moves to the close button on opening, and the
 * menu closes when the window grows past the 996 px breakpoint.
 */
const DESKTOP = '(min-width: 997px)';

export default function enhance(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLInputElement>('.mobile-menu__toggle');
  const panel = root.querySelector<HTMLElement>('.mobile-menu__panel');
  const slot = root.querySelector<HTMLElement>('.mobile-menu__sidebar');
  const close = root.querySelector<HTMLElement>('.mobile-menu__close');
  if (!toggle || !panel || !slot || !close) return;
  const sidebar = document.querySelector<HTMLElement>('.layout__sidebar .sidebar');
  const home = sidebar?.parentElement ?? null;
  // The close label acts as a button for keyboard users too.
  close.tabIndex = 0;
  close.setAttribute('role', 'button');

  const sync = () => {
    const open = toggle.checked;
    toggle.setAttribute('aria-expanded', String(open));
    if (open && sidebar && sidebar.parentElement !== slot) slot.append(sidebar);
    if (!open && sidebar && home && sidebar.parentElement !== home) home.append(sidebar);
    if (open) close.focus();
  };
  const setOpen = (open: boolean, refocus = false) => {
    if (toggle.checked === open) return;
    toggle.checked = open;
    sync();
    if (!open && refocus) toggle.focus();
  };

  toggle.addEventListener('change', sync);
  close.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen(false, true);
    }
  });
  close.addEventListener('click', (e) => {
    e.preventDefault();
    setOpen(false, true);
  });
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
