/**
 * The search client the modal and the results page share: the built-in engine over the
 * site's own index files, or Algolia's lite client when the build configured Algolia.
 * Both answer `search({ requests })` in Algolia's multi-search shape.
 */
import { SearchEngine, recordsFromIndex } from '../shared/search/engine.ts';
import { fetchIndex } from './search-prefetch.ts';
import { escapeAlgoliaResponse } from './search-escape.ts';
import type { AlgoliaSettings, SearchSettings } from '../shared/search/config.ts';
import type { ContentIndexFile, HeadingsIndexFile, MultiSearchResponse, SearchClientLike, SearchRequest } from '../shared/search/types.ts';

/** How long after the headings the content index starts loading if no query has asked yet. */
const CONTENT_DELAY_MS = 1500;

/** Content records indexed between two yields to the browser (about 20 ms of work). */
const CONTENT_SLICE = 1500;

/**
 * The built-in engine: the headings index is fetched first and answers at once; the
 * content index follows and joins the engine when it arrives. A failed headings fetch is
 * retried on the next query.
 */
export class LocalSearchClient implements SearchClientLike {
  private engine?: Promise<{ engine: SearchEngine; headings: HeadingsIndexFile }>;
  private content?: Promise<void>;
  private contentDone = false;

  constructor(private readonly urls: { headings: string; content: string }) {}

  /** Starts fetching the headings index (on hover or focus of the search button, or when the modal opens). */
  preload(): Promise<SearchEngine> {
    this.engine ??= fetchIndex<HeadingsIndexFile>(this.urls.headings).then(
      (headings) => {
        // The content index follows after the first answer (see search()), or a little later
        // when idle, so that its download and indexing never hold up the first results.
        setTimeout(() => (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 0)))(() => void this.loadContent()), CONTENT_DELAY_MS);
        return { engine: new SearchEngine(recordsFromIndex(headings)), headings };
      },
      (e: unknown) => {
        this.engine = undefined;
        throw e;
      },
    );
    return this.engine.then((e) => e.engine);
  }

  /** Fetches the content index and adds it to the engine in slices, yielding between them so typing never waits. */
  private loadContent(): Promise<void> {
    this.content ??= (async () => {
      const { engine, headings } = await this.engine!;
      try {
        const content = await fetchIndex<ContentIndexFile>(this.urls.content);
        const records = recordsFromIndex(headings, content).slice(headings.pages.length + headings.headings.length);
        for (let i = 0; i < records.length; i += CONTENT_SLICE) {
          engine.add(records.slice(i, i + CONTENT_SLICE));
          await new Promise((r) => setTimeout(r, 0));
        }
      } catch (e) {
        console.error('Search runs on titles and headings only:', e);
      }
      this.contentDone = true;
    })();
    return this.content;
  }

  /** Resolves when both index files are in (the results page lists every hit). */
  async ready(): Promise<void> {
    await this.preload();
    await this.loadContent();
  }

  async search(params: { requests: SearchRequest[] } | SearchRequest[]): Promise<MultiSearchResponse> {
    const engine = await this.preload();
    let response = engine.search(params);
    if (!this.contentDone) {
      // Titles and headings answer at once; "no results" waits for the text index, which may hold them.
      if (response.results.some((r) => r.nbHits === 0)) {
        await this.loadContent();
        response = engine.search(params);
      } else setTimeout(() => void this.loadContent(), 0);
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
    // Algolia returns the records' text unescaped: every view gets it escaped (see search-escape.ts).
    search: async (params) => escapeAlgoliaResponse((await (await client).search(params as never)) as unknown as MultiSearchResponse),
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
