/**
 * The search files a build emits from every indexed page's search data:
 * - `search/headings.json`: titles and headings, small, answers the first query at once;
 * - `search/content.json`: paragraphs, list items and table rows, fetched behind it;
 * - `search/records.json`: the same as DocSearch records (absolute urls, stable object
 *   ids) for `npm run search:upload` (records-file.ts). The browser never loads it.
 */
import { hash } from 'node:crypto';
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

/**
 * What a cached build over its own previous output can take from that output instead of
 * making it again, and what it leaves for the next build (kept in the build stamp):
 * - records.json: unchanged pages' records are copied (see records-file.ts); `layout` gets
 *   the new file's;
 * - the shards: a pure function of the headings index, so when the site key (the build's
 *   code, settings and navigation) and headings.json are those of the previous build, its
 *   shard files are kept as they are (`keepShards` answers their paths, or undefined when
 *   it cannot). Editing a page's text leaves both alone.
 */
export interface SearchReuse {
  /** Each page's cache entry key, by route. */
  keys: Map<string, string>;
  previous?: PreviousRecords;
  layout: RecordsLayout;
  siteKey?: string;
  /** The previous build's shards key, when its files are in place. */
  previousShards?: string;
  keepShards?: () => string[] | undefined;
  /** Set by searchFiles: this build's shards key, and the shard files kept in place (not among the files answered). */
  shards?: string;
  keptShards?: string[];
}

/** The output files of the search index, from the pages' data in the index's order. */
export function searchFiles(pages: PageSearchData[], origin: string, reuse?: SearchReuse): OutputFile[] {
  const index = buildSearchIndex(pages);
  const records: RecordsPage[] = pages.map((data) => ({ data, key: reuse?.keys.get(data.route) }));
  const headings = JSON.stringify(index.headings);
  const files: OutputFile[] = [
    { path: HEADINGS_FILE, contents: headings },
    { path: CONTENT_FILE, contents: JSON.stringify(index.content) },
    { path: RECORDS_FILE, pieces: () => recordsPieces(records, origin, reuse?.previous, reuse?.layout ?? { size: 0, pages: [] }) },
  ];
  // A large site's first query reads small shards; the files above follow behind.
  if (index.headings.pages.length < SHARD_FROM_PAGES) return files;
  if (reuse?.siteKey !== undefined) {
    reuse.shards = hash('sha256', `${reuse.siteKey}\0${headings}`);
    if (reuse.shards === reuse.previousShards) reuse.keptShards = reuse.keepShards?.();
    if (reuse.keptShards) return files;
  }
  return [...files, ...shardFiles(index.headings)];
}
