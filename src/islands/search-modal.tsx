/**
 * The search modal: DocSearch's modal (run on preact/compat, which the islands build
 * aliases for react) over the shared search client. Loaded on demand by the search
 * button island; its stylesheet comes with it.
 */
import { DocSearchModal, type DocSearchHit } from '@docsearch/react';
import { render } from 'preact';
import type { SearchSettings } from '../shared/search/config.ts';
import { SEARCH_PLACEHOLDER, hitHref, missingResultsUrl } from '../shared/search/config.ts';
import { LocalSearchClient, searchClient } from './search-client.ts';
import { insightsClient } from './search-insights.ts';
import { loadStylesheet } from './search-prefetch.ts';
import { escapeHitForDocSearch, purgeUnsafeStoredSearches } from './search-escape.ts';

/** Warms up what the first query needs: the stylesheet and, for the built-in engine, the index. */
export function preload(settings: SearchSettings): void {
  void loadStylesheet(settings.css);
  const client = searchClient(settings);
  if ('preload' in client && typeof client.preload === 'function') void (client.preload() as Promise<unknown>).catch(() => {});
}

export interface OpenOptions {
  settings: SearchSettings;
  /** Where focus goes back when the modal closes. */
  button: HTMLElement;
  initialQuery?: string;
  /** Called once the modal has closed. */
  onClose?: () => void;
}

let container: HTMLElement | undefined;

export function isOpen(): boolean {
  return container !== undefined;
}

/** On the modal's root while Escape has closed the results panel (the query stays). */
const RESULTS_CLOSED = 'search-results-closed';

/**
 * One step of Escape in the open modal (spec 4): the results panel closes first, then the
 * query is cleared. False when there was nothing left to close or clear: the modal closes.
 */
export function dismissStep(): boolean {
  const input = container?.querySelector<HTMLInputElement>('.DocSearch-Input');
  if (!container || !input?.value) return false;
  if (!container.classList.contains(RESULTS_CLOSED)) container.classList.add(RESULTS_CLOSED);
  else {
    // DocSearch's own clear button: it empties the query and resets the modal's state.
    container.querySelector<HTMLButtonElement>('.DocSearch-Reset')?.click();
    container.classList.remove(RESULTS_CLOSED);
    input.focus();
  }
  return true;
}

export function close(): void {
  if (!container) return;
  render(null, container);
  container.remove();
  container = undefined;
  document.body.classList.remove('DocSearch--active');
}

export async function open(options: OpenOptions): Promise<void> {
  if (container) return;
  const { settings, button } = options;
  // Opened without a hover first (keyboard): start the index and styles now, not at the first query.
  preload(settings);
  container = document.createElement('div');
  // Typing or moving through the hits opens the results panel Escape closed.
  const root = container;
  const reopen = () => root.classList.remove(RESULTS_CLOSED);
  root.addEventListener('input', reopen);
  root.addEventListener('keydown', (e) => (e.key === 'ArrowDown' || e.key === 'ArrowUp') && reopen());
  document.body.append(container);
  await loadStylesheet(settings.css);
  if (!container) return; // closed while the stylesheet loaded
  document.body.classList.add('DocSearch--active');
  // The built-in engine is not Algolia: hide DocSearch's "Search by Algolia" logo then.
  document.body.classList.toggle('search-local', !settings.algolia);
  const origin = window.location.origin;
  const onClose = () => {
    close();
    button.focus();
    options.onClose?.();
  };
  const algolia = settings.algolia;
  const indexName = algolia?.indexName ?? 'local';
  purgeUnsafeStoredSearches(indexName);
  render(
    <DocSearchModal
      appId={algolia?.appId ?? 'local'}
      apiKey={algolia?.apiKey ?? 'local'}
      indexName={indexName}
      placeholder={SEARCH_PLACEHOLDER}
      initialQuery={options.initialQuery}
      initialScrollY={window.scrollY}
      onClose={onClose}
      maxResultsPerGroup={settings.maxResultsPerGroup}
      disableUserPersonalization={!settings.personalization}
      transformSearchClient={() => searchClient(settings) as never}
      transformItems={(items: DocSearchHit[]) => items.map((item) => escapeHitForDocSearch({ ...item, url: hitHref(item.url, origin) }))}
      hitComponent={({ hit, children }) => <a href={hit.url}>{children}</a>}
      resultsFooterComponent={({ state }) => (
        <a href={`${settings.resultsPath}?q=${encodeURIComponent(state.query)}`} onClick={() => close()}>
          See all {String(state.context.nbHits ?? 0)} results
        </a>
      )}
      getMissingResultsUrl={({ query }) => missingResultsUrl(settings.issueUrl, query)}
      insights={algolia?.insights ? { insightsClient: insightsClient(algolia) as never } : false}
    />,
    container,
  );
  rerunWhenIndexComplete(settings);
}

/**
 * The built-in engine answers the first queries from the headings index alone; when the
 * content index joins, the query on screen runs again, so its hits and "See all N results"
 * count every match without another keystroke.
 */
function rerunWhenIndexComplete(settings: SearchSettings): void {
  const client = searchClient(settings);
  if (!(client instanceof LocalSearchClient) || client.isComplete) return;
  const root = container;
  if (!root) return;
  // A reader moving through the hits with the arrow keys keeps the hit they are on: a rerun
  // would put the selection back on the first hit. Typing again counts every match anyway.
  let navigating = false;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') navigating = true;
    else if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') navigating = false;
  };
  root.addEventListener('keydown', onKey, true);
  void client.complete.then(() => {
    root.removeEventListener('keydown', onKey, true);
    const input = root.querySelector<HTMLInputElement>('.DocSearch-Input');
    // Not into a panel Escape closed: the next keystroke reruns the query anyway.
    if (root !== container || !input?.value || navigating || root.classList.contains(RESULTS_CLOSED)) return;
    // DocSearch runs a query on the input's input event, as on a keystroke.
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
