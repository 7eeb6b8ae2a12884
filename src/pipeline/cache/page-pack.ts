/**
 * The page pack: one file per site beside the page cache, holding for every page file what a
 * cached build needs of it while its bytes stay the same: what reading it gave (its page
 * without the body, and the diagnostics) and its cache entry's compact data (page-cache.ts).
 * A build whose stamp check (build-stamp.ts) hashed a page file to the pack's hash takes both
 * from here: it reads neither the page nor its entry's file. At 10,000 pages that is 20,000
 * file reads, a front-matter parse per page and 56 MB of entries to deserialize, for a build
 * where one page changed.
 *
 * The pack is only an index of the cache: its entry of a page is used when its key is the one
 * the page's keys give now (site key, the page's bytes, its dependencies), as an entry file is,
 * so it can make a build faster but never stale. A page's search content, the largest part, is
 * deserialized only when a search file must be made from it; a build over its own output copies
 * it from the files there.
 *
 * Layout: MAGIC, the index's length (u32, little-endian), the index (JSON
 * `[file, hash, record bytes, content bytes][]`), then each file's record and search content
 * as JSON, in the index's order. JSON, not v8's serializer: V8 parses it three times as fast
 * (10,000 records: 116 ms against 344 ms), and a record is plain data but for two Sets.
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { HashedRead, PageRead } from '../load/load-pages.ts';
import type { BuiltPage } from '../built-page.ts';
import type { PageSearchData } from '../search/records.ts';

const MAGIC = Buffer.from('QDBPACK3');
/** A pack holds at most this many files (the pages past them are read and looked up as usual). */
const MAX_PACKED_FILES = 1_000_000;

/** A cached page's result as lookups answer it: with its entry's key. */
export type CachedPage = BuiltPage & { cacheKey: string };

/** A record: the reading and, when the page's entry was stored, its result (its source is `read.page`, its search content apart). */
interface PackRecord {
  read: PageRead;
  built?: CachedPage;
}

interface Slot {
  hash: string;
  record: Buffer;
  content: Buffer;
  /** The record once deserialized. */
  opened?: PackRecord;
  /** Whether this build took the reading, and the result, from this slot unchanged. */
  readTaken?: boolean;
  builtTaken?: boolean;
}

const packPath = (cacheDir: string, root: string) => join(cacheDir, 'packs', hash('sha256', root).slice(0, 32) + '.bin');

/** The previous build's pack of a site, as read at the start of a cached build. */
export class PagePack {
  private constructor(private readonly slots: Map<string, Slot>) {}

  /** The site's pack, or an empty one when there is none or it cannot be read. */
  static open(cacheDir: string, root: string): PagePack {
    try {
      return new PagePack(slotsOf(readFileSync(packPath(cacheDir, root))));
    } catch {
      return new PagePack(new Map());
    }
  }

  /** What reading `file` gave when its bytes had `hash` (its page's body is ''), or undefined. */
  read(file: string, hash: string): PageRead | undefined {
    const slot = this.slots.get(file);
    if (slot?.hash !== hash) return undefined;
    const record = this.open(slot);
    if (record === undefined) return undefined;
    slot.readTaken = true;
    return record.read;
  }

  /**
   * The result stored with the reading `read` answered for `file` (so its source is that
   * page), for the cache to check against the keys of now; see `taken`.
   */
  built(file: string): CachedPage | undefined {
    const slot = this.slots.get(file);
    return slot?.readTaken ? slot.opened?.built : undefined;
  }

  /** Notes that this build uses `file`'s packed result as it is: the next pack copies its bytes. */
  taken(file: string): void {
    const slot = this.slots.get(file);
    if (slot) slot.builtTaken = true;
  }

  /** A slot's bytes, when the build took both its reading and its result unchanged. */
  unchanged(file: string): Slot | undefined {
    const slot = this.slots.get(file);
    return slot?.readTaken && slot.builtTaken ? slot : undefined;
  }

  private open(slot: Slot): PackRecord | undefined {
    if (slot.opened) return slot.opened;
    let record: PackRecord;
    try {
      record = parse(slot.record) as PackRecord;
    } catch {
      return undefined;
    }
    if (!Array.isArray(record?.read?.diagnostics)) return undefined;
    const { page } = record.read;
    if (page) page.body = '';
    const built = record.built;
    if (built) {
      if (!page || typeof built.cacheKey !== 'string' || !built.page) record.built = undefined;
      else {
        // JSON keeps the two Sets as arrays (see packedResult).
        built.page.anchors = new Set(built.page.anchors);
        built.page.dependencies = new Set(built.page.dependencies);
        built.page.source = page;
        if (built.search) lazyContent(built.search, slot.content);
      }
    }
    return (slot.opened = record);
  }
}

/** A page's search content, deserialized from its bytes when first read. */
function lazyContent(search: PageSearchData, bytes: Buffer): void {
  let content: PageSearchData['content'] | undefined;
  Object.defineProperty(search, 'content', {
    enumerable: true,
    configurable: true,
    get: () => (content ??= parse(bytes) as PageSearchData['content']),
    set: (value: PageSearchData['content']) => void (content = value),
  });
}

const parse = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8'));
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

function slotsOf(file: Buffer): Map<string, Slot> {
  const slots = new Map<string, Slot>();
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC)) return slots;
  const indexEnd = MAGIC.length + 4 + file.readUInt32LE(MAGIC.length);
  const index = parse(file.subarray(MAGIC.length + 4, indexEnd)) as [string, string, number, number][];
  if (!Array.isArray(index) || index.length > MAX_PACKED_FILES) return slots;
  let at = indexEnd;
  for (const [path, sourceHash, recordBytes, contentBytes] of index) {
    const end = at + recordBytes + contentBytes;
    if (end > file.length) break; // a file cut short keeps what it holds whole
    slots.set(path, { hash: sourceHash, record: file.subarray(at, at + recordBytes), content: file.subarray(at + recordBytes, end) });
    at = end;
  }
  return slots;
}

/**
 * Writes the site's pack for the next build: each page file read (`reads`, with its hash), and
 * the result of its page when it has a cache entry (`built`, by page file). A file whose reading
 * and result this build took from `previous` unchanged keeps its bytes. Failures only cost the pack.
 */
export async function writePack(cacheDir: string, root: string, reads: HashedRead[], built: Map<string, BuiltPage>, previous?: PagePack): Promise<void> {
  const index: [string, string, number, number][] = [];
  const parts: Buffer[] = [];
  for (const { file, hash: sourceHash, read } of reads.slice(0, MAX_PACKED_FILES)) {
    // A page read again since loading (it changed meanwhile) is no longer what `hash` gave.
    if (read.page && read.page.sourceHash !== sourceHash) continue;
    const kept = previous?.unchanged(file);
    if (kept) {
      index.push([file, sourceHash, kept.record.length, kept.content.length]);
      parts.push(kept.record, kept.content);
      continue;
    }
    const result = built.get(file);
    const cached = result?.cacheKey !== undefined && read.page ? result : undefined;
    const record = json({ read: { page: read.page && { ...read.page, body: '' }, diagnostics: read.diagnostics }, built: cached && packedResult(cached) });
    const content = json(cached?.search?.content ?? []);
    index.push([file, sourceHash, record.length, content.length]);
    parts.push(record, content);
  }
  const head = json(index);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const path = packPath(cacheDir, root);
  try {
    await mkdir(join(cacheDir, 'packs'), { recursive: true });
    // One gathered write (libuv loops over the parts), not a write per part nor a copy of them all.
    const file = await open(path + '.tmp', 'w');
    try {
      const all = [MAGIC, length, head, ...parts];
      const { bytesWritten } = await file.writev(all);
      if (bytesWritten !== all.reduce((sum, part) => sum + part.length, 0)) throw new Error('the pack was written short');
    } finally {
      await file.close();
    }
    await rename(path + '.tmp', path);
  } catch {
    /* no pack: the next build reads its pages and entries one by one */
  }
}

/** A result as the pack keeps it: its source is the record's reading, its search content is apart, its Sets are arrays. */
function packedResult(built: BuiltPage): unknown {
  const page = { ...built.page, source: undefined, anchors: [...built.page.anchors], dependencies: [...built.page.dependencies] };
  const search = built.search && { ...built.search, content: [] };
  return { ...built, page, search };
}
