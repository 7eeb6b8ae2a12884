/**
 * search/records.json, the DocSearch records `npm run search:upload` sends: the pages' page
 * records, then their heading records, then their text records, each group in the index's
 * page order. Each page's part of a group (a "fragment") is made from that page's search data
 * alone, so a cached build over its own previous output can copy an unchanged page's
 * fragments from the previous file instead of making them again: at 10,000 pages the file is
 * 136 MB and making it took about 1.4 s, copying it about 0.2 s.
 *
 * Where each page's fragments lie in the file it wrote (its layout) is kept in the build's
 * stamp (cache/build-stamp.ts), under the page's cache entry key: the same key, the same
 * search data, so the same bytes. The stamp lets the next build reuse the file only when the
 * output folder is exactly as the stamped build left it.
 */
import { hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, unlinkSync } from 'node:fs';
import type { Piece } from '../emit/output.ts';
import type { HeadingsIndexFile, SearchRecord } from '../../shared/search/types.ts';
import { contentRecord, headingRecords } from '../../shared/search/engine.ts';
import type { PageSearchData } from './records.ts';

/** The three groups of records, in the order the file holds them. */
const GROUPS = 3;

/** A page's fragments in a records.json: [cache entry key, then a start and an end byte offset per group]. */
export type PageRecordsPlace = [key: string, ...offsets: number[]];

/** Where a records.json's pages lie, for the next build to copy from. */
export interface RecordsLayout {
  /** The file's size in bytes. */
  size: number;
  pages: PageRecordsPlace[];
}

/** A page in the order of the index, with the key its search data came with (none: it is always made). */
export interface RecordsPage {
  data: PageSearchData;
  key?: string;
}

/** The previous build's records.json, open for reading, with its layout by key. */
export interface PreviousRecords {
  fd: number;
  byKey: Map<string, number[]>;
  closed?: boolean;
}

/**
 * Opens the previous records.json at `path` for copying from, and unlinks it: the new file is
 * then written at the same path while this one stays readable through its descriptor, and is
 * gone once closed (also when the build stops midway). Undefined when the file is not the
 * size its layout says (nothing is removed then).
 */
export function openPreviousRecords(path: string, layout: RecordsLayout): PreviousRecords | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    if (fstatSync(fd).size !== layout.size) throw new Error('not the file its layout describes');
    const byKey = new Map<string, number[]>();
    for (const [key, ...offsets] of layout.pages) {
      if (offsets.length === GROUPS * 2 && offsets.every((o, i) => Number.isInteger(o) && o >= (i % 2 ? offsets[i - 1]! : 1) && o < layout.size)) byKey.set(key, offsets);
    }
    unlinkSync(path);
    return { fd, byKey };
  } catch {
    if (fd !== undefined) closeSync(fd);
    return undefined;
  }
}

/** Closes the previous file (once: later calls do nothing). */
export function closePreviousRecords(previous: PreviousRecords | undefined): void {
  if (!previous || previous.closed) return;
  previous.closed = true;
  closeSync(previous.fd);
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

/** Pieces of about this many bytes: small enough never to hold the file, large enough for few writes. */
const PIECE = 1 << 20;

/**
 * records.json in pieces: `[`, every page's fragments of each group in turn, `]`, with commas
 * between. A fragment whose page's key is in `previous` is copied from it; runs of fragments
 * that lay side by side there are one range of it. The new file's layout is added to `layout`.
 */
export function* recordsPieces(pages: RecordsPage[], origin: string, previous: PreviousRecords | undefined, layout: RecordsLayout): Generator<Piece> {
  /** Text made and not yet yielded; it comes before `copy`, which is yielded first when text follows. */
  let text = '[';
  /** A range of the previous file waiting to be copied, [start, end). */
  let copy: [number, number] | undefined;
  /** The new file's size so far, pending text and copy included. */
  let size = 1;
  let first = true;
  function* flush(): Generator<Piece> {
    if (text) yield text;
    text = '';
    if (!copy) return;
    yield { fd: previous!.fd, start: copy[0], end: copy[1] };
    copy = undefined;
  }
  const places = pages.map((p): PageRecordsPlace | undefined => (p.key === undefined ? undefined : [p.key]));
  for (let group = 0; group < GROUPS; group++) {
    for (const [i, page] of pages.entries()) {
      const old = page.key === undefined ? undefined : previous?.byKey.get(page.key);
      if (old) {
        // Copied. Beside the range before it there (one comma apart, as here), the two are one copy.
        const [start, end] = [old[group * 2]!, old[group * 2 + 1]!];
        if (start === end) {
          places[i]?.push(size, size);
          continue;
        }
        const separator = first ? '' : ',';
        first = false;
        if (copy && copy[1] + 1 === start) copy[1] = end;
        else {
          if (copy) yield* flush();
          text += separator;
          yield* flush();
          copy = [start, end];
        }
        size += separator.length;
        places[i]?.push(size, size + end - start);
        size += end - start;
        continue;
      }
      let start: number | undefined;
      for (const record of fragment(page.data, group, origin)) {
        if (copy) yield* flush();
        const separator = first ? '' : ',';
        first = false;
        text += separator + record;
        size += separator.length;
        start ??= size;
        size += Buffer.byteLength(record);
        if (text.length >= PIECE) yield* flush();
      }
      places[i]?.push(start ?? size, size);
    }
  }
  if (copy) yield* flush();
  yield text + ']';
  layout.size = size + 1;
  layout.pages = places.filter((p): p is PageRecordsPlace => p !== undefined);
}
