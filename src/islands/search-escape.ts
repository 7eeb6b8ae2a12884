/**
 * Search records carry plain text; these helpers make sure every view shows it as text.
 *
 * - Algolia answers with a record's text as it is (only `<mark>` added), so its highlight
 *   and snippet values are escaped here, once, for the modal and the results page alike.
 * - DocSearch renders a hit's `hierarchy.lvl1`–`lvl6` and `content` with `innerHTML` when a
 *   hit has no highlight for them (always so for recent and favorite searches, which are
 *   stored without highlights), so the modal hands it those fields escaped.
 * - Stored searches saved before these rules (or written by anyone else) are dropped when
 *   they hold raw markup, since DocSearch would render it.
 */
import { escapeHighlighted, escapeHtml } from '../shared/html.ts';
import type { MultiSearchResponse } from '../shared/search/types.ts';

type Highlights = Record<string, unknown> | undefined;

/** Escapes every `value` in a (nested) `_highlightResult` / `_snippetResult` object. */
function escapeHighlights(h: Highlights): void {
  if (!h) return;
  for (const v of Object.values(h)) {
    if (!v || typeof v !== 'object') continue;
    const entry = v as { value?: unknown };
    if (typeof entry.value === 'string') entry.value = escapeHighlighted(entry.value);
    else escapeHighlights(v as Record<string, unknown>);
  }
}

/** Algolia's response with every highlighted and snippeted value escaped (in place). */
export function escapeAlgoliaResponse(response: MultiSearchResponse): MultiSearchResponse {
  for (const result of response.results) {
    for (const hit of result.hits) {
      escapeHighlights(hit._highlightResult as unknown as Highlights);
      escapeHighlights(hit._snippetResult as unknown as Highlights);
    }
  }
  return response;
}

const SHOWN_AS_HTML = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** A hit whose fields that DocSearch may insert as HTML are escaped text. */
export function escapeHitForDocSearch<T extends { hierarchy: Record<string, string | null | undefined>; content?: string | null }>(hit: T): T {
  const hierarchy = { ...hit.hierarchy };
  for (const level of SHOWN_AS_HTML) {
    const v = hierarchy[level];
    if (typeof v === 'string') hierarchy[level] = escapeHtml(v);
  }
  return { ...hit, hierarchy, content: typeof hit.content === 'string' ? escapeHtml(hit.content) : hit.content };
}

/** DocSearch's storage keys for recent and favorite searches of an index. */
export function storedSearchKeys(indexName: string): string[] {
  return [`__DOCSEARCH_RECENT_SEARCHES__${indexName}`, `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`];
}

/** True when a string holds a raw `<` or `>`: escaped text never does. */
const hasMarkup = (v: unknown): boolean => typeof v === 'string' && /[<>]/.test(v);

/** Drops stored searches with raw markup in a field DocSearch would insert as HTML. */
export function purgeUnsafeStoredSearches(indexName: string, storage: Storage = window.localStorage): void {
  for (const key of storedSearchKeys(indexName)) {
    try {
      const raw = storage.getItem(key);
      if (!raw) continue;
      const items = JSON.parse(raw) as unknown;
      if (!Array.isArray(items)) {
        storage.removeItem(key);
        continue;
      }
      const safe = items.filter((item: { hierarchy?: Record<string, unknown>; content?: unknown }) => {
        if (!item || typeof item !== 'object') return false;
        return !hasMarkup(item.content) && !SHOWN_AS_HTML.some((l) => hasMarkup(item.hierarchy?.[l]));
      });
      if (safe.length !== items.length) storage.setItem(key, JSON.stringify(safe));
    } catch {
      // Unreadable (not JSON, storage refused): DocSearch starts without it.
      try {
        storage.removeItem(key);
      } catch {
        /* storage unavailable */
      }
    }
  }
}
