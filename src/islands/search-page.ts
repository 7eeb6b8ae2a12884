/**
 * The results page (`/docs/search/?q=`): every hit of the query, grouped by section and
 * page, with highlighted snippets; the query follows the address so results can be
 * shared and the back button works.
 */
import type { SearchSettings } from '../shared/search/config.ts';
import { hitHref, missingResultsUrl } from '../shared/search/config.ts';
import type { SearchHit, SearchRequest, SearchResult } from '../shared/search/types.ts';
import { LocalSearchClient, searchClient } from './search-client.ts';
import { el } from './dom.ts';

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** Algolia pages through at most 1,000 hits. */
const MAX_HITS = 1000;
const PAGE_SIZE = 100;

/** Every hit of a query (pages of 100 until all are in, at most 1,000). */
async function allHits(settings: SearchSettings, query: string): Promise<{ hits: SearchHit[]; nbHits: number }> {
  const client = searchClient(settings);
  if (client instanceof LocalSearchClient) await client.ready();
  const request: SearchRequest = {
    query,
    indexName: settings.algolia?.indexName,
    hitsPerPage: PAGE_SIZE,
    attributesToSnippet: ['content:30'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
  };
  const hits: SearchHit[] = [];
  let first: SearchResult | undefined;
  for (let page = 0; page * PAGE_SIZE < MAX_HITS; page++) {
    const { results } = await client.search({ requests: [{ ...request, page }] });
    const result = results[0]!;
    first ??= result;
    hits.push(...result.hits);
    if (page + 1 >= result.nbPages) break;
  }
  return { hits, nbHits: first?.nbHits ?? 0 };
}

/** The results page's parts that the island fills. */
interface PageParts {
  settings: SearchSettings;
  status: HTMLElement;
  list: HTMLOListElement;
  allPages: HTMLElement | null;
}

/** "No results" with a link to report the query. */
function showNoResults(parts: PageParts, query: string): void {
  parts.status.append(el('p', 'search-page__title', `No results for "${query}"`));
  const help = el('p', undefined, 'Believe this query should return results? ');
  const link = el('a', undefined, 'Let us know.');
  link.href = missingResultsUrl(parts.settings.issueUrl, query);
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  help.append(link);
  parts.status.append(help);
}

/** One hit as a list item: the path of headings above it, its title and its snippet. */
function hitItem(hit: SearchHit): HTMLLIElement {
  const item = el('li', 'search-hit');
  const a = el('a', 'search-hit__link');
  a.href = hitHref(hit.url, window.location.origin);
  const path = el('span', 'search-hit__path');
  const levels = LEVELS.filter((l) => hit.hierarchy[l]);
  const own = hit.type === 'content' ? levels[levels.length - 1] : hit.type;
  path.textContent = [hit.hierarchy.lvl0, ...levels.filter((l) => l !== own).map((l) => hit.hierarchy[l])].filter(Boolean).join(' › ');
  const title = el('span', 'search-hit__title');
  // Highlighted values come escaped from the engine (and from Algolia) with only <mark> added.
  title.innerHTML = (own && hit._highlightResult.hierarchy[own]?.value) || '';
  a.append(path, title);
  const snippet = hit._snippetResult.content?.value;
  if (snippet) {
    const p = el('p', 'search-hit__snippet');
    p.innerHTML = snippet;
    a.append(p);
  }
  item.append(a);
  return item;
}

/** The results of `query`, or its empty state; an empty query shows the list of all pages. */
function showResults(parts: PageParts, query: string, hits: SearchHit[], nbHits: number): void {
  parts.list.replaceChildren();
  parts.status.replaceChildren();
  if (parts.allPages) parts.allPages.hidden = query !== '';
  if (!query) return;
  if (nbHits === 0) return showNoResults(parts, query);
  parts.status.append(el('p', 'search-page__title', `${nbHits} ${nbHits === 1 ? 'result' : 'results'} for "${query}"`));
  for (const hit of hits) parts.list.append(hitItem(hit));
}

export default function enhance(main: HTMLElement): void {
  const settings = JSON.parse(main.dataset.search ?? '{}') as SearchSettings;
  const form = main.querySelector<HTMLFormElement>('.search-page__form')!;
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const parts: PageParts = {
    settings,
    status: main.querySelector<HTMLElement>('.search-page__status')!,
    list: main.querySelector<HTMLOListElement>('.search-page__results')!,
    allPages: main.querySelector<HTMLElement>('.search-page__all'),
  };
  let latest = 0;

  const run = async (query: string) => {
    const id = ++latest;
    const q = query.trim().slice(0, 64);
    if (!q) return showResults(parts, '', [], 0);
    parts.status.replaceChildren(el('p', 'search-page__loading', 'Searching…'));
    try {
      const { hits, nbHits } = await allHits(settings, q);
      if (id === latest) showResults(parts, q, hits, nbHits);
    } catch (e) {
      if (id !== latest) return;
      console.error('Search failed:', e);
      parts.list.replaceChildren();
      parts.status.replaceChildren(el('p', 'search-page__title', 'Unable to fetch results'), el('p', undefined, 'You might want to check your network connection.'));
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = (push: boolean) => {
    const q = input.value;
    const url = new URL(window.location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    if (url.href !== window.location.href) history[push ? 'pushState' : 'replaceState'](null, '', url);
    void run(q);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => update(false), 150);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    update(true);
  });
  window.addEventListener('popstate', () => {
    input.value = new URL(window.location.href).searchParams.get('q') ?? '';
    void run(input.value);
  });
  // What the reader typed before this woke up wins over the address.
  const fromAddress = (new URL(window.location.href).searchParams.get('q') ?? '').slice(0, 64);
  if (fromAddress && !input.value) input.value = fromAddress;
  void run(input.value);
  main.dataset.ready = '';
}
