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
import { queryShardKeys, recordsFromShard, type ShardFile, type ShardManifest } from '../shared/search/shards.ts';

/** How long after the headings the content index starts loading if no query has asked yet. */
const CONTENT_DELAY_MS = 1500;

/** Content records indexed between two yields to the browser (about 20 ms of work). */
const CONTENT_SLICE = 1500;

/**
 * The built-in engine: the headings index is fetched first and answers at once; the
 * content index follows and joins the engine when it arrives. A failed headings fetch is
 * retried on the next query.
 *
 * On a large site (a shard manifest in the settings) the first queries read only the
 * shards of their words (src/shared/search/shards.ts); the whole headings index and the
 * content index follow in the background, as the content index does on a small site.
 */
export class LocalSearchClient implements SearchClientLike {
  private engine?: Promise<{ engine: SearchEngine; headings?: HeadingsIndexFile; shards?: Set<string> }>;
  private content?: Promise<void>;
  private contentDone = false;
  private loadedShards = new Set<string>();
  private markComplete!: () => void;
  /** Resolves once the content index has joined the engine (or failed to load): answers are then complete. */
  readonly complete = new Promise<void>((resolve) => (this.markComplete = resolve));

  constructor(private readonly urls: { headings: string; content: string; shards?: string }) {}

  /** Starts fetching the headings index or the shard manifest (on hover or focus of the search button, or when the modal opens). */
  preload(): Promise<SearchEngine> {
    if (this.engine) return this.engine.then((e) => e.engine);
    const first: Promise<{ headings?: HeadingsIndexFile; shards?: Set<string> }> = this.urls.shards
      ? fetchIndex<ShardManifest>(this.urls.shards).then((m) => ({ shards: new Set(m.keys) }))
      : fetchIndex<HeadingsIndexFile>(this.urls.headings).then((headings) => ({ headings }));
    this.engine = first.then(
      (loaded) => {
        // The content index follows after the first answer (see search()), or a little later
        // when idle, so that its download and indexing never hold up the first results.
        setTimeout(() => (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 0)))(() => void this.loadContent()), CONTENT_DELAY_MS);
        return { engine: new SearchEngine(loaded.headings ? recordsFromIndex(loaded.headings) : []), ...loaded };
      },
      (e: unknown) => {
        this.engine = undefined;
        throw e;
      },
    );
    return this.engine.then((e) => e.engine);
  }

  /** Adds the shards a query's words need (sharded index only), before it runs. */
  private async loadShards(queries: string[]): Promise<void> {
    const { engine, shards } = await this.engine!;
    if (!shards || this.contentDone) return;
    const keys = new Set<string>();
    for (const q of queries) for (const word of engine.wordsOf(q)) for (const key of queryShardKeys(word)) if (shards.has(key) && !this.loadedShards.has(key)) keys.add(key);
    const base = this.urls.shards!.replace(/[^/]*$/, 'shards/');
    const files = await Promise.all([...keys].map((key) => fetchIndex<ShardFile>(`${base}${encodeURIComponent(key)}.json`).then((f) => [key, f] as const)));
    for (const [key, file] of files) {
      engine.add(recordsFromShard(file));
      this.loadedShards.add(key);
    }
  }

  /** Fetches the content index (and, when sharded, the whole headings index) and adds it to the engine in slices, yielding between them so typing never waits. */
  private loadContent(): Promise<void> {
    this.content ??= (async () => {
      const loaded = await this.engine!;
      try {
        const [headings, content] = await Promise.all([loaded.headings ?? fetchIndex<HeadingsIndexFile>(this.urls.headings), fetchIndex<ContentIndexFile>(this.urls.content)]);
        const all = recordsFromIndex(headings, content);
        // Without shards the headings are in already; with them, the engine skips what a shard brought.
        const records = loaded.headings ? all.slice(headings.pages.length + headings.headings.length) : all;
        for (let i = 0; i < records.length; i += CONTENT_SLICE) {
          loaded.engine.add(records.slice(i, i + CONTENT_SLICE));
          await new Promise((r) => setTimeout(r, 0));
        }
      } catch (e) {
        console.error('Search runs on titles and headings only:', e);
      }
      this.contentDone = true;
      this.markComplete();
    })();
    return this.content;
  }

  /** True once the content index has joined the engine (or failed to load). */
  get isComplete(): boolean {
    return this.contentDone;
  }

  /** Resolves when the whole index is in (the results page lists every hit). */
  async ready(): Promise<void> {
    await this.preload();
    await this.loadContent();
  }

  async search(params: { requests: SearchRequest[] } | SearchRequest[]): Promise<MultiSearchResponse> {
    const engine = await this.preload();
    const requests = Array.isArray(params) ? params : params.requests;
    await this.loadShards(requests.map((r) => r.query ?? ''));
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
