/**
 * The search client the modal and the results page share: the built-in engine over the
 * site's own index files, or Algolia's lite client when the build configured Algolia.
 * Both answer `search({ requests })` in Algolia's multi-search shape.
 */
import { SearchEngine, recordsFromIndex } from '../shared/search/engine.ts';
import type { AlgoliaSettings, SearchSettings } from '../shared/search/config.ts';
import type { ContentIndexFile, HeadingsIndexFile, MultiSearchResponse, SearchClientLike, SearchRequest } from '../shared/search/types.ts';

/** DocSearch shows its error view for this error name (Algolia's "all hosts failed"). */
export class RetryError extends Error {
  override name = 'RetryError';
}

async function fetchJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new RetryError(`The search index ${url} could not be fetched: ${(e as Error).message}`);
  }
  if (!response.ok) throw new RetryError(`The search index ${url} could not be fetched: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The built-in engine: the headings index is fetched first and answers at once; the
 * content index follows and joins the engine when it arrives. A failed headings fetch is
 * retried on the next query.
 */
export class LocalSearchClient implements SearchClientLike {
  private engine?: Promise<SearchEngine>;
  private contentLoading?: Promise<void>;

  constructor(private readonly urls: { headings: string; content: string }) {}

  /** Starts fetching the index (on hover or focus of the search button). */
  preload(): Promise<SearchEngine> {
    this.engine ??= fetchJson<HeadingsIndexFile>(this.urls.headings).then(
      (headings) => {
        const engine = new SearchEngine(recordsFromIndex(headings));
        this.contentLoading = fetchJson<ContentIndexFile>(this.urls.content).then(
          (content) => {
            engine.add(recordsFromIndex(headings, content).slice(headings.pages.length + headings.headings.length));
            this.contentLoading = undefined;
          },
          (e: unknown) => console.error('Search runs on titles and headings only:', e),
        );
        return engine;
      },
      (e: unknown) => {
        this.engine = undefined;
        throw e;
      },
    );
    return this.engine;
  }

  /** Resolves when both index files are in (tests and the results page use it). */
  async ready(): Promise<void> {
    await this.preload();
    await this.contentLoading;
  }

  async search(params: { requests: SearchRequest[] } | SearchRequest[]): Promise<MultiSearchResponse> {
    const engine = await this.preload();
    const response = engine.search(params);
    // Titles and headings answer at once; "no results" waits for the text index, which may hold them.
    if (this.contentLoading && response.results.some((r) => r.nbHits === 0)) {
      await this.contentLoading;
      return engine.search(params);
    }
    return response;
  }

  addAlgoliaAgent(): void {}
}

/**
 * Algolia's lite client (loaded when first used, so the built-in engine's pages never
 * download it), on the configured hosts when there are any (proxies, tests). It retries
 * the other hosts on timeouts, network errors and 5xx answers, and ends in a RetryError.
 */
export function algoliaClient(settings: AlgoliaSettings): SearchClientLike & { addAlgoliaAgent(): void } {
  const hosts = settings.hosts?.map((h) => {
    const url = new URL(h);
    return { url: url.host, protocol: url.protocol.replace(':', '') as 'http' | 'https', accept: 'readWrite' as const };
  });
  const client = import('algoliasearch/lite').then(({ liteClient }) => liteClient(settings.appId, settings.apiKey, hosts && hosts.length > 0 ? { hosts } : undefined));
  return {
    search: async (params) => (await client).search(params as never) as unknown as Promise<MultiSearchResponse>,
    addAlgoliaAgent: () => {},
  };
}

let shared: SearchClientLike | undefined;

/** One client per page, so the index is fetched once. */
export function searchClient(settings: SearchSettings): SearchClientLike {
  if (!shared) {
    if (settings.algolia) shared = algoliaClient(settings.algolia);
    else if (settings.local) shared = new LocalSearchClient(settings.local);
    else throw new Error('Search is not configured: the page has neither a local index nor Algolia settings.');
  }
  return shared;
}
