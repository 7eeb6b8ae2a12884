/**
 * Search settings the build embeds in each page (on the search button, as JSON) for the
 * browser code. The engine is the built-in local index unless Algolia is configured.
 */
import { BASE_PATH } from '../url.ts';

export interface AlgoliaSettings {
  appId: string;
  /** The public, search-only key. */
  apiKey: string;
  indexName: string;
  /** Send viewed and clicked events to Algolia Insights. */
  insights: boolean;
  /** Hosts to use instead of Algolia's (a proxy, or the tests' mock server), e.g. `http://localhost:8080`. */
  hosts?: string[];
  /** Where insights events go instead of `https://insights.algolia.io` (tests). */
  insightsHost?: string;
}

export interface SearchSettings {
  /** The results page (`/docs/search/`), which takes `?q=`. */
  resultsPath: string;
  /** The built-in index files, when Algolia is not configured. */
  /** The built-in index; `shards` (the shard manifest) on large sites, whose first query reads shards. */
  local?: { headings: string; content: string; shards?: string };
  algolia?: AlgoliaSettings;
  /** The modal's stylesheet (loaded with the modal). */
  css: string;
  /** Where 'Let us know.' leads: a new issue on the docs repository. */
  issueUrl: string;
  /** False stops recent and favorite searches from being saved. */
  personalization: boolean;
  /** Hits per lvl1 group in the modal. */
  maxResultsPerGroup: number;
}

export const SEARCH_RESULTS_PATH = `${BASE_PATH}search/`;
export const SEARCH_PLACEHOLDER = 'Search docs';
export const SEARCH_MAX_LENGTH = 64;

/** Hits under these paths belong to the marketing site: their `/docs` prefix is removed. */
export function hitHref(url: string, siteOrigin: string): string {
  let path = url.startsWith(siteOrigin + '/') ? url.slice(siteOrigin.length) : url;
  if (/^\/docs\/(glossary|blog)\//.test(path)) path = path.slice('/docs'.length);
  return path;
}

/** The 'Let us know.' link for a query without results. */
export function missingResultsUrl(issueUrl: string, query: string): string {
  return `${issueUrl}?title=${encodeURIComponent(`Search: no results for "${query}"`)}&labels=search`;
}
