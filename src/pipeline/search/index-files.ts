/**
 * The search files a build emits from every indexed page's search data:
 * - `search/headings.json`: titles and headings, small, answers the first query at once;
 * - `search/content.json`: paragraphs, list items and table rows, fetched behind it;
 * - `search/records.json`: the same as DocSearch records (absolute urls, stable object
 *   ids) for `npm run search:upload`. The browser never loads it.
 */
import { hash } from 'node:crypto';
import type { ContentIndexFile, HeadingsIndexFile, SearchRecord } from '../../shared/search/types.ts';
import { contentRecord, headingRecords } from '../../shared/search/engine.ts';
import type { OutputFile } from '../emit/output.ts';
import type { PageSearchData } from './records.ts';
import { shardFiles } from './shards.ts';
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
 * DocSearch records for upload: absolute urls and object ids that stay the same while a
 * record's url, type and text do (so re-uploads replace rather than churn).
 */
export function uploadRecords(index: SearchIndex, origin: string): SearchRecord[] {
  return Array.from(eachUploadRecord(index), ([objectID, r]) => uploadRecord(objectID, r, origin));
}

/** A record as uploaded: in the key order JSON.stringify writes; `position` is for the browser only. */
function uploadRecord(objectID: string, r: SearchRecord, origin: string): SearchRecord {
  const record: SearchRecord = { objectID, hierarchy: r.hierarchy, content: r.content, type: r.type, url: origin + r.url };
  if (r.keywords !== undefined) record.keywords = r.keywords;
  return record;
}

/**
 * Each record with its object id: a hash of its url, type and text, numbered from the second
 * record with the same three on. Only texts can share all three: page and heading records each
 * have a url of their own (a route, a route and a heading's unique anchor), and a page's texts
 * come together, so the count of a text's hash is kept for its page only (one map for all
 * 430,000 records at 10,000 pages was a third of this loop's time).
 */
function* eachUploadRecord(index: SearchIndex): Generator<[string, SearchRecord]> {
  // The texts' records are made one at a time (they are half of all records), the others first.
  const base = headingRecords(index.headings);
  for (const r of base) yield [idBase(r), r];
  const seen = new Map<string, number>();
  let page = -1;
  const texts = index.content.content;
  for (let i = 0; i < texts.length; i++) {
    const r = contentRecord(index.headings, base, texts[i]!, i);
    if (texts[i]![0] !== page) {
      seen.clear();
      page = texts[i]![0];
    }
    const id = idBase(r);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    yield [n === 0 ? id : `${id}-${n}`, r];
  }
}

/** crypto.hash, one call per record, instead of a Hash object each (430,000 records at 10,000 pages). */
function idBase(r: SearchRecord): string {
  return hash('sha1', `${r.url}\n${r.type}\n${r.content ?? r.hierarchy[r.type === 'content' ? 'lvl1' : r.type] ?? ''}`).slice(0, 16);
}

/**
 * records.json in pieces of about 1 MB: the same text as `JSON.stringify(uploadRecords(...))`,
 * without ever holding it (136 MB at 10,000 pages, and the records it is made from).
 */
function* recordsJson(index: SearchIndex, origin: string): Generator<string> {
  let piece = '[';
  let first = true;
  for (const [objectID, r] of eachUploadRecord(index)) {
    piece += (first ? '' : ',') + JSON.stringify(uploadRecord(objectID, r, origin));
    first = false;
    if (piece.length >= 1 << 20) {
      yield piece;
      piece = '';
    }
  }
  yield piece + ']';
}

/** The output files of the search index. */
export function searchFiles(index: SearchIndex, origin: string): OutputFile[] {
  return [
    { path: HEADINGS_FILE, contents: JSON.stringify(index.headings) },
    { path: CONTENT_FILE, contents: JSON.stringify(index.content) },
    { path: RECORDS_FILE, pieces: () => recordsJson(index, origin) },
    // A large site's first query reads small shards; the files above follow behind.
    ...(index.headings.pages.length >= SHARD_FROM_PAGES ? shardFiles(index.headings) : []),
  ];
}
