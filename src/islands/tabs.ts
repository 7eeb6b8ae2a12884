/**
 * Tabs: turns the server-rendered stacked panels into a tab list (WAI-ARIA tabs pattern:
 * arrow keys, Home and End move between tabs). Tabs with a `data-tabs-group` switch
 * together on the page and across pages and tabs of the browser; the choice is kept in
 * localStorage, and `?tabs=<value>` in the address preselects it.
 */

const STORAGE_PREFIX = 'docs-tabs:';
const EVENT = 'docs-tabs-change';

interface TabsChange {
  group: string;
  value: string;
}

function storageKey(group: string): string {
  return STORAGE_PREFIX + group;
}

function readChoice(group: string): string | null {
  const fromUrl = new URLSearchParams(location.search).get('tabs');
  if (fromUrl) return fromUrl;
  try {
    return localStorage.getItem(storageKey(group));
  } catch {
    return null; // storage disabled: the choice lasts for this page only
  }
}

/** Enhances one `.tabs` element. */
export default function enhanceTabs(root: HTMLElement): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>(':scope > .tabs__list > [role="tab"]')];
  const panels = [...root.querySelectorAll<HTMLElement>(':scope > .tabs__panel')];
  if (buttons.length === 0 || buttons.length !== panels.length) return;
  const group = root.dataset.tabsGroup;

  const select = (index: number, focus = false): void => {
    buttons.forEach((button, i) => {
      const selected = i === index;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      panels[i]!.hidden = !selected;
    });
    if (focus) buttons[index]!.focus();
  };
  const selectValue = (value: string | null): boolean => {
    const index = buttons.findIndex((b) => b.dataset.value === value);
    if (index >= 0) select(index);
    return index >= 0;
  };

  panels.forEach((panel, i) => {
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', buttons[i]!.id);
    panel.tabIndex = 0;
  });
  if (!(group && selectValue(readChoice(group)))) select(0);
  root.classList.add('tabs--ready');

  const choose = (index: number, focus: boolean): void => {
    select(index, focus);
    const value = buttons[index]!.dataset.value;
    if (!group || !value) return;
    try {
      localStorage.setItem(storageKey(group), value);
    } catch {
      /* storage disabled */
    }
    // Keep this tab's position on screen while other groups above it change height.
    const top = root.getBoundingClientRect().top;
    document.dispatchEvent(new CustomEvent<TabsChange>(EVENT, { detail: { group, value } }));
    window.scrollBy(0, root.getBoundingClientRect().top - top);
  };

  buttons.forEach((button, i) => {
    button.addEventListener('click', () => choose(i, false));
    button.addEventListener('keydown', (e) => {
      const last = buttons.length - 1;
      const next = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
      if (next < 0) return;
      e.preventDefault();
      choose(next, true);
    });
  });

  if (group) {
    document.addEventListener(EVENT, (e) => {
      const { detail } = e as CustomEvent<TabsChange>;
      if (detail.group === group) selectValue(detail.value);
    });
    window.addEventListener('storage', (e) => {
      if (e.key === storageKey(group)) selectValue(e.newValue);
    });
  }
}
