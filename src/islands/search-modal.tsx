/**
 * The search modal: DocSearch's modal (run on preact/compat, which the islands build
 * aliases for react) over the shared search client. Loaded on demand by the search
 * button island; its stylesheet comes with it.
 */
import { DocSearchModal, type DocSearchHit } from '@docsearch/react';
import { render } from 'preact';
import type { SearchSettings } from '../shared/search/config.ts';
import { SEARCH_PLACEHOLDER, hitHref, missingResultsUrl } from '../shared/search/config.ts';
import { searchClient } from './search-client.ts';
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
}
