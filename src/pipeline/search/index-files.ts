/**
 * The search files a build emits from every indexed page's search data:
 * - `search/headings.json`: titles and headings, small, answers the first query at once;
 * - `search/content.json`: paragraphs, list items and table rows, fetched behind it;
 * - `search/records.json`: the same as DocSearch records (absolute urls, stable object
 *   ids) for `npm run search:upload` (records-file.ts). The browser never loads it.
 */
import type { ContentIndexFile, HeadingsIndexFile } from '../../shared/search/types.ts';
import type { OutputFile } from '../emit/output.ts';
import type { PageSearchData } from './records.ts';
import { shardFiles } from './shards.ts';
import { recordsPieces, type PreviousRecords, type RecordsLayout, type RecordsPage } from './records-file.ts';
import { SHARD_FROM_PAGES } from '../../shared/search/shards.ts';

export const SEARCH_DIR = 'search';
export const HEADINGS_FILE = `${SEARCH_DIR}/headings.json`;
export const CONTENT_FILE = `${SEARCH_DIR}/content.json`;
export const RECORDS_FILE = `${SEARCH_DIR}/records.json`;

export interface SearchIndex {
  headings: HeadingsIndexFile;
  content: ContentIndexFile;
}

/** Joins the pages' data into the two index files (pages in the given order). */
export function buildSearchIndex(pages: PageSearchData[]): SearchIndex {
  const headings: HeadingsIndexFile = { v: 1, sections: [], pages: [], headings: [] };
  const content: ContentIndexFile = { v: 1, content: [] };
  const sectionIds = new Map<string, number>();
  for (const page of pages) {
    let section = sectionIds.get(page.section);
    if (section === undefined) {
      section = headings.sections.push(page.section) - 1;
      sectionIds.set(page.section, section);
    }
    const pageIdx = headings.pages.push(page.keywords ? [page.route, section, page.title, page.keywords] : [page.route, section, page.title]) - 1;
    const offset = headings.headings.length;
    for (const [level, anchor, text, parent] of page.headings) headings.headings.push([pageIdx, level, anchor, text, parent >= 0 ? parent + offset : -1]);
    for (const [heading, text, anchor] of page.content) {
      const entry: [number, number, string] = [pageIdx, heading >= 0 ? heading + offset : -1, text];
      content.content.push(anchor ? [...entry, anchor] : entry);
    }
  }
  return { headings, content };
}

/** How records.json is made: from the previous build's file where it can (see records-file.ts), its new layout kept in `layout`. */
export interface RecordsReuse {
  /** Each page's cache entry key, by route. */
  keys: Map<string, string>;
  previous?: PreviousRecords;
  layout: RecordsLayout;
}

/** The output files of the search index, from the pages' data in the index's order. */
export function searchFiles(pages: PageSearchData[], origin: string, reuse?: RecordsReuse): OutputFile[] {
  const index = buildSearchIndex(pages);
  const records: RecordsPage[] = pages.map((data) => ({ data, key: reuse?.keys.get(data.route) }));
  return [
    { path: HEADINGS_FILE, contents: JSON.stringify(index.headings) },
    { path: CONTENT_FILE, contents: JSON.stringify(index.content) },
    { path: RECORDS_FILE, pieces: () => recordsPieces(records, origin, reuse?.previous, reuse?.layout ?? { size: 0, pages: [] }) },
    // A large site's first query reads small shards; the files above follow behind.
    ...(index.headings.pages.length >= SHARD_FROM_PAGES ? shardFiles(index.headings) : []),
  ];
}
