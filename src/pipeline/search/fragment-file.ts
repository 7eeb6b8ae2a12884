/**
 * A large JSON file made of each page's fragments: `prefix`, the fragments of every page for
 * each group in turn (records.json has three groups: page, heading and text records), joined
 * by commas, `suffix`. A fragment is made from its page's data alone, so a cached build over
 * its own previous output can copy an unchanged page's fragments from the previous file
 * instead of making them again (records.json, 136 MB at 10,000 pages, took ~1.4 s to make and
 * takes ~0.2 s to copy).
 *
 * Where each page's fragments lie in the file it wrote (its layout) is kept in the build's
 * stamp (cache/build-stamp.ts), under a key that stands for everything the fragments are
 * made from (the page's cache entry key, and what else the file's format puts in them): the
 * same key, the same bytes. The stamp offers a layout only when the output folder is exactly
 * as the stamped build left it.
 */
import { close, closeSync, fstatSync, openSync, unlinkSync } from 'node:fs';
import type { Piece } from '../emit/output.ts';

/** A page's fragments in a file: [key, then a start and an end byte offset per group]. */
export type FragmentPlace = [key: string, ...offsets: number[]];

/** Where a file's fragments lie, for the next build to copy from. */
export interface FragmentLayout {
  /** The file's size in bytes. */
  size: number;
  pages: FragmentPlace[];
}

/** A page's fragments: its key (none: always made), and its fragment of each group as JSON texts, joined by commas in the file. */
export interface FragmentSource {
  key?: string;
  make(group: number): Iterable<string>;
}

/** The previous build's file, open for reading, with its layout by key. */
export interface PreviousFile {
  fd: number;
  byKey: Map<string, number[]>;
  closed?: boolean;
}

/**
 * Opens the previous file at `path` for copying from, and unlinks it: the new file is then
 * written at the same path while this one stays readable through its descriptor, and is gone
 * once closed (also when the build stops midway). Undefined when the file is not the size its
 * layout says (nothing is removed then).
 */
export function openPreviousFile(path: string, layout: FragmentLayout, groups: number): PreviousFile | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    if (fstatSync(fd).size !== layout.size) throw new Error('not the file its layout describes');
    const byKey = new Map<string, number[]>();
    for (const [key, ...offsets] of layout.pages) {
      if (offsets.length === groups * 2 && offsets.every((o, i) => Number.isInteger(o) && o >= (i % 2 ? offsets[i - 1]! : 0) && o <= layout.size)) byKey.set(key, offsets);
    }
    unlinkSync(path);
    return { fd, byKey };
  } catch {
    if (fd !== undefined) closeSync(fd);
    return undefined;
  }
}

/**
 * Closes the previous file (once: later calls do nothing). On libuv's threads: closing the last
 * descriptor of an unlinked file frees its blocks, 30-40 ms for the 136 MB of records.json.
 */
export function closePreviousFile(previous: PreviousFile | undefined): void {
  if (!previous || previous.closed) return;
  previous.closed = true;
  close(previous.fd, () => {});
}

/** Pieces of about this many bytes: small enough never to hold the file, large enough for few writes. */
const PIECE = 1 << 20;

/**
 * The file in pieces. A fragment whose page's key is in `previous` is copied from it; runs
 * of fragments that lay side by side there are one range of it. The new file's layout is
 * added to `layout`.
 */
export function* fragmentedPieces(pages: FragmentSource[], groups: number, prefix: string, suffix: string, previous: PreviousFile | undefined, layout: FragmentLayout): Generator<Piece> {
  /** Text made and not yet yielded; it comes before `copy`, which is yielded first when text follows. */
  let text = prefix;
  /** A range of the previous file waiting to be copied, [start, end). */
  let copy: [number, number] | undefined;
  /** The new file's size so far, pending text and copy included. */
  let size = Buffer.byteLength(prefix);
  let first = true;
  function* flush(): Generator<Piece> {
    if (text) yield text;
    text = '';
    if (!copy) return;
    yield { fd: previous!.fd, start: copy[0], end: copy[1] };
    copy = undefined;
  }
  const places = pages.map((p): FragmentPlace | undefined => (p.key === undefined ? undefined : [p.key]));
  for (let group = 0; group < groups; group++) {
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
      for (const item of page.make(group)) {
        if (copy) yield* flush();
        const separator = first ? '' : ',';
        first = false;
        text += separator + item;
        size += separator.length;
        start ??= size;
        size += Buffer.byteLength(item);
        if (text.length >= PIECE) yield* flush();
      }
      places[i]?.push(start ?? size, size);
    }
  }
  if (copy) yield* flush();
  yield text + suffix;
  layout.size = size + Buffer.byteLength(suffix);
  layout.pages = places.filter((p): p is FragmentPlace => p !== undefined);
}
