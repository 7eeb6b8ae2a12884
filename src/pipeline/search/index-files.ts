/**
 * The search files a build emits from every indexed page's search data:
 * - `search/headings.json`: titles and headings, small, answers the first query at once;
 * - `search/content.json`: paragraphs, list items and table rows, fetched behind it;
 * - `search/records.json`: the same as DocSearch records (absolute urls, stable object
 *   ids) for `npm run search:upload` (records-file.ts). The browser never loads it.
 * The last two are files of page fragments (fragment-file.ts), which a cached build copies
 * from its previous output where it can.
 */
import { hash } from 'node:crypto';
import type { ContentIndexFile, HeadingsIndexFile } from '../../shared/search/types.ts';
import type { OutputFile } from '../emit/output.ts';
import type { PageSearchData } from './records.ts';
import { shardFiles } from './shards.ts';
import { recordsPieces, type RecordsPage } from './records-file.ts';
import { fragmentedPieces, type FragmentLayout, type PreviousFile } from './fragment-file.ts';
import { SHARD_FROM_PAGES } from '../../shared/search/shards.ts';
import type { LlmsLayout } from '../markdown/llms.ts';

export const SEARCH_DIR = 'search';
export const HEADINGS_FILE = `${SEARCH_DIR}/headings.json`;
export const CONTENT_FILE = `${SEARCH_DIR}/content.json`;
export const RECORDS_FILE = `${SEARCH_DIR}/records.json`;

export interface SearchIndex {
  headings: HeadingsIndexFile;
  content: ContentIndexFile;
}

/** The two index files whole, pages in the given order: the tests' reference (a build writes content.json page by page, see searchFiles). */
export function buildSearchIndex(pages: PageSearchData[]): SearchIndex {
  const content: ContentIndexFile = { v: 1, content: [] };
  for (const [i, offset] of headingOffsets(pages).entries()) content.content.push(...contentEntries(pages[i]!, i, offset));
  return { headings: buildHeadingsIndex(pages), content };
}

function buildHeadingsIndex(pages: PageSearchData[]): HeadingsIndexFile {
  const headings: HeadingsIndexFile = { v: 1, sections: [], pages: [], headings: [] };
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
  }
  return headings;
}

/** Each page's first heading's number in the whole index (its headings follow those of the pages before it). */
function headingOffsets(pages: PageSearchData[]): number[] {
  let offset = 0;
  return pages.map((page) => {
    const at = offset;
    offset += page.headings.length;
    return at;
  });
}

/** A page's entries of content.json: it is the index's `pageIdx`th page, its headings numbered from `offset`. */
function contentEntries(page: PageSearchData, pageIdx: number, offset: number): ContentIndexFile['content'] {
  return page.content.map(([heading, text, anchor]) => {
    const entry: [number, number, string] = [pageIdx, heading >= 0 ? heading + offset : -1, text];
    return anchor ? [...entry, anchor] : entry;
  });
}

/**
 * What a cached build over its own previous output can take from that output instead of
 * making it again, and what it leaves for the next build (kept in the build stamp):
 * - records.json and content.json: unchanged pages' fragments are copied (see
 *   fragment-file.ts); `records` and `content` get the new files' layouts. A page's entries
 *   in content.json also hold its place in the index and its first heading's number, so they
 *   are in its key there: pages or headings added before it make it again;
 * - the shards: a pure function of the headings index, so when the site key (the build's
 *   code, settings and navigation) and headings.json are those of the previous build, its
 *   shard files are kept as they are (`keepShards` answers their paths, or undefined when
 *   it cannot). Editing a page's text leaves both alone.
 */
export interface SearchReuse {
  /** Each page's cache entry key, by route. */
  keys: Map<string, string>;
  previousRecords?: PreviousFile;
  records: FragmentLayout;
  previousContent?: PreviousFile;
  content: FragmentLayout;
  siteKey?: string;
  /** The previous build's shards key, when its files are in place. */
  previousShards?: string;
  keepShards?: () => string[] | undefined;
  /** Set by searchFiles: this build's shards key, and the shard files kept in place (not among the files answered). */
  shards?: string;
  keptShards?: string[];
}

/**
 * What the next build may take from a build's search files: where each page's parts lie in the
 * two large ones, and the shards' key; and where each page's text lies in llms-full.txt (a file
 * of page fragments too, see markdown/llms.ts).
 */
export type SearchFilesLayout = Partial<Pick<SearchReuse, 'records' | 'content' | 'shards'>> & { llms?: LlmsLayout };

/** content.json's fragment groups: one, a page's entries. */
export const CONTENT_GROUPS = 1;

/** The output files of the search index, from the pages' data in the index's order. */
export function searchFiles(pages: PageSearchData[], origin: string, reuse?: SearchReuse): OutputFile[] {
  const index = buildHeadingsIndex(pages);
  const records: RecordsPage[] = pages.map((data) => ({ data, key: reuse?.keys.get(data.route) }));
  const offsets = headingOffsets(pages);
  const content = pages.map((page, i) => {
    const key = reuse?.keys.get(page.route);
    return { key: key === undefined ? undefined : `${key}\0${i}\0${offsets[i]}`, make: () => contentEntries(page, i, offsets[i]!).map((e) => JSON.stringify(e)) };
  });
  const headings = JSON.stringify(index);
  const files: OutputFile[] = [
    { path: HEADINGS_FILE, contents: headings },
    // The same text as JSON.stringify of the whole ContentIndexFile.
    { path: CONTENT_FILE, pieces: () => fragmentedPieces(content, CONTENT_GROUPS, '{"v":1,"content":[', ']}', reuse?.previousContent, reuse?.content ?? { size: 0, pages: [] }) },
    { path: RECORDS_FILE, pieces: () => recordsPieces(records, origin, reuse?.previousRecords, reuse?.records ?? { size: 0, pages: [] }) },
  ];
  // A large site's first query reads small shards; the files above follow behind.
  if (index.pages.length < SHARD_FROM_PAGES) return files;
  if (reuse?.siteKey !== undefined) {
    reuse.shards = hash('sha256', `${reuse.siteKey}\0${headings}`);
    if (reuse.shards === reuse.previousShards) reuse.keptShards = reuse.keepShards?.();
    if (reuse.keptShards) return files;
  }
  return [...files, ...shardFiles(index)];
}
