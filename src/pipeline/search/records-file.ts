/**
 * search/records.json, the DocSearch records `npm run search:upload` sends: the pages' page
 * records, then their heading records, then their text records, each group in the index's
 * page order, as a file of fragments (fragment-file.ts) keyed by the page's cache entry key.
 */
import { hash } from 'node:crypto';
import type { Piece } from '../emit/output.ts';
import type { HeadingsIndexFile, SearchRecord } from '../../shared/search/types.ts';
import { contentRecord, headingRecords } from '../../shared/search/engine.ts';
import type { PageSearchData } from './records.ts';
import { fragmentedPieces, type FragmentLayout, type PreviousFile } from './fragment-file.ts';

/** The three groups of records, in the order the file holds them. */
export const RECORD_GROUPS = 3;

/** A page in the order of the index, with the key its search data came with (none: it is always made). */
export interface RecordsPage {
  data: PageSearchData;
  key?: string;
}

/** A record as uploaded: in the key order JSON.stringify writes; `position` is for the browser only. */
function uploadRecord(objectID: string, r: SearchRecord, origin: string): SearchRecord {
  const record: SearchRecord = { objectID, hierarchy: r.hierarchy, content: r.content, type: r.type, url: origin + r.url };
  if (r.keywords !== undefined) record.keywords = r.keywords;
  return record;
}

/**
 * An object id: a hash of the record's url, type and text (so re-uploads replace rather than
 * churn); crypto.hash, one call per record, instead of a Hash object each (430,000 records at
 * 10,000 pages).
 */
function idBase(r: SearchRecord): string {
  return hash('sha1', `${r.url}\n${r.type}\n${r.content ?? r.hierarchy[r.type === 'content' ? 'lvl1' : r.type] ?? ''}`).slice(0, 16);
}

/** The page's page and heading records, as the whole index's headingRecords makes them (hierarchy, type and url depend on the page alone). */
function pageBase(page: PageSearchData): { index: HeadingsIndexFile; base: SearchRecord[] } {
  const index: HeadingsIndexFile = {
    v: 1,
    sections: [page.section],
    pages: [page.keywords ? [page.route, 0, page.title, page.keywords] : [page.route, 0, page.title]],
    headings: page.headings.map(([level, anchor, text, parent]) => [0, level, anchor, text, parent]),
  };
  return { index, base: headingRecords(index) };
}

/**
 * A page's fragment of group `group`, as the records' JSON texts: its page record (0), its
 * heading records (1) or its text records (2); none when it has none. They are joined by
 * commas in the file. One at a time, so a page of megabytes is never one string. Only texts
 * can share a url, type and text, and only on one page (page and heading records each have a
 * url of their own), so a text's repeats are numbered from the second on within its page.
 */
function* fragment(page: PageSearchData, group: number, origin: string): Generator<string> {
  if ((group === 1 && page.headings.length === 0) || (group === 2 && page.content.length === 0)) return;
  const { index, base } = pageBase(page);
  if (group === 0) yield JSON.stringify(uploadRecord(idBase(base[0]!), base[0]!, origin));
  if (group === 1) for (const r of base.slice(1)) yield JSON.stringify(uploadRecord(idBase(r), r, origin));
  if (group !== 2) return;
  const seen = new Map<string, number>();
  for (const [i, [heading, content, anchor]] of page.content.entries()) {
    const r = contentRecord(index, base, anchor ? [0, heading, content, anchor] : [0, heading, content], i);
    const id = idBase(r);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    yield JSON.stringify(uploadRecord(n === 0 ? id : `${id}-${n}`, r, origin));
  }
}

/** records.json in pieces: `[`, every page's fragments of each group in turn, `]`. */
export function recordsPieces(pages: RecordsPage[], origin: string, previous: PreviousFile | undefined, layout: FragmentLayout): Generator<Piece> {
  return fragmentedPieces(
    pages.map((p) => ({ key: p.key, make: (group) => fragment(p.data, group, origin) })),
    RECORD_GROUPS,
    '[',
    ']',
    previous,
    layout,
  );
}
