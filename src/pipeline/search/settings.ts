/**
 * Which search engine the site uses, decided at build time. Algolia is used when any of
 * ALGOLIA_APP_ID, ALGOLIA_API_KEY (the public search-only key) or ALGOLIA_INDEX_NAME is
 * set; then all three must be, and a missing id or key stops the build with the search
 * client's own message ('`appId` is missing.', '`apiKey` is missing.'). Otherwise search
 * runs on the built-in local index.
 *
 * Also read: ALGOLIA_INSIGHTS=true (send analytics events), ALGOLIA_HOSTS (comma list of
 * base URLs replacing Algolia's hosts, for a proxy or the tests' mock server),
 * ALGOLIA_INSIGHTS_HOST, SEARCH_PERSONALIZATION=false (no recent/favorite searches).
 */
import { liteClient } from 'algoliasearch/lite';
import type { SearchSettings } from '../../shared/search/config.ts';
import { SEARCH_RESULTS_PATH } from '../../shared/search/config.ts';
import { BASE_PATH } from '../../shared/url.ts';
import { CONTENT_FILE, HEADINGS_FILE } from './index-files.ts';
import { SHARD_FROM_PAGES, SHARDS_MANIFEST } from '../../shared/search/shards.ts';

export class SearchConfigError extends Error {
  override name = 'SearchConfigError';
}

export function searchSettings(env: Record<string, string | undefined>, cssUrl: string, docsRepository: string, indexedPages = 0): SearchSettings {
  const appId = env.ALGOLIA_APP_ID?.trim() ?? '';
  const apiKey = env.ALGOLIA_API_KEY?.trim() ?? '';
  const indexName = env.ALGOLIA_INDEX_NAME?.trim() ?? '';
  const base: SearchSettings = {
    resultsPath: SEARCH_RESULTS_PATH,
    css: cssUrl,
    issueUrl: `https://github.com/${docsRepository}/issues/new`,
    personalization: env.SEARCH_PERSONALIZATION !== 'false',
    maxResultsPerGroup: 5,
  };
  if (!appId && !apiKey && !indexName) {
    const shards = indexedPages >= SHARD_FROM_PAGES ? { shards: BASE_PATH + SHARDS_MANIFEST } : {};
    return { ...base, local: { headings: BASE_PATH + HEADINGS_FILE, content: BASE_PATH + CONTENT_FILE, ...shards } };
  }
  try {
    // The official client checks its credentials the same way in the browser.
    liteClient(appId, apiKey);
  } catch (e) {
    throw new SearchConfigError((e as Error).message);
  }
  if (!indexName) throw new SearchConfigError('`indexName` is missing.');
  const hosts = env.ALGOLIA_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean);
  return {
    ...base,
    algolia: {
      appId,
      apiKey,
      indexName,
      insights: env.ALGOLIA_INSIGHTS === 'true',
      ...(hosts && hosts.length > 0 ? { hosts } : {}),
      ...(env.ALGOLIA_INSIGHTS_HOST ? { insightsHost: env.ALGOLIA_INSIGHTS_HOST } : {}),
    },
  };
}
