/**
 * What the last build left in an output folder, so the next one need not read a file back
 * to learn that it already holds the bytes about to be written (see writeUnlessSame in
 * write-output.ts). A build that writes lists its folder when done and records, per file, its
 * size, inode, modification and change times and the revision (content hash) it wrote there.
 * The next build into the same folder skips a file whose revision is the one recorded and
 * whose status is still the recorded one: anything that wrote, replaced or touched the file
 * since (a hand edit, another tool, `touch`) changed its change time, and the file is compared
 * and written as before. A record can only save reads, never keep a stale file.
 *
 * Records live with the build's own code bundle, in node_modules/.cache/questdb-docs/outputs/,
 * one per output folder (named by a hash of its path). At 10,000 pages, reading each file back
 * cost the page workers 0.5–0.9 s per 1,000 pages of a build over the previous one.
 */
import { hash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { FileDigest } from './output.ts';

const RECORD_FORMAT = 1;
const RECORDS = fileURLToPath(new URL('../../../node_modules/.cache/questdb-docs/outputs/', import.meta.url));

/** Entries walked in the output folder before giving up on a listing (as output-folder.ts's limit). */
const MAX_OUTPUT_ENTRIES = 2_000_000;

/** A file's status as a build left it: size, inode, modification and change time (ms). */
export type FileStatus = [size: number, ino: number, mtimeMs: number, ctimeMs: number];
/** An output folder as listed: `[path]` for a folder, `[path, ...status]` for a file, in walking order. */
export type Listing = ([string] | [string, ...FileStatus])[];
/** Per file of the last build: its status and the revision written. */
export type PreviousFiles = Map<string, { status: FileStatus; revision: string }>;

/** The folder's files and folders with each file's status; undefined when it holds anything else (a link), or too much. */
export function listOutput(dir: string): Listing | undefined {
  const top = lstatSync(dir, { throwIfNoEntry: false });
  if (!top?.isDirectory()) return undefined;
  const listing: Listing = [];
  const pending = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      if (listing.length >= MAX_OUTPUT_ENTRIES) return undefined;
      const path = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(join(dir, path), { throwIfNoEntry: false });
      if (stat === undefined) return undefined; // removed while listed
      if (stat.isDirectory()) {
        listing.push([path]);
        pending.push(path);
      } else if (stat.isFile()) listing.push([path, stat.size, stat.ino, stat.mtimeMs, stat.ctimeMs]);
      else return undefined;
    }
  }
  return listing;
}

/**
 * Linux stamps file times from a clock that ticks every few milliseconds, so a file changed
 * just after a listing, within the same tick and to the same size, would look unchanged (git's
 * "racily clean" files). Listing a settled folder avoids that: SETTLE_MS after the last write.
 * On a file system with whole-second times (FAT, HFS+), the listing is refused unless every
 * file is two seconds old.
 */
const SETTLE_MS = 20;
const COARSE_SETTLE_MS = 2000;

/** The folder's listing once its last write has settled (see above); undefined when it cannot be trusted. */
export async function settledListing(dir: string): Promise<Listing | undefined> {
  // By the wall clock: a timer may fire early against it (libuv's loop time is read once per turn).
  // (+1: Date.now() drops the fraction of a millisecond that file times keep.)
  const settled = Date.now() + SETTLE_MS + 1;
  for (let now = Date.now(); now < settled; now = Date.now()) await new Promise((resolve) => setTimeout(resolve, settled - now));
  const start = Date.now();
  const listing = listOutput(dir);
  if (listing === undefined) return undefined;
  let newest = 0;
  let fine = false;
  for (const entry of listing) {
    if (entry.length !== 5) continue;
    newest = Math.max(newest, entry[3], entry[4]);
    if (entry[3] % 1000 !== 0 || entry[4] % 1000 !== 0) fine = true;
  }
  return newest + (fine ? SETTLE_MS : COARSE_SETTLE_MS) <= start ? listing : undefined;
}

export function sameListing(a: Listing, b: Listing): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

const recordPath = (outDir: string) => join(RECORDS, hash('sha256', outDir).slice(0, 32) + '.bin');

/** The last build's files in `outDir`, or an empty map when there is no usable record. */
export function readPreviousFiles(outDir: string): PreviousFiles {
  try {
    const record = deserialize(readFileSync(recordPath(outDir))) as { format: number; outDir: string; files: [string, FileStatus, string][] };
    if (record.format !== RECORD_FORMAT || record.outDir !== outDir) return new Map();
    return new Map(record.files.map(([path, status, revision]) => [path, { status, revision }]));
  } catch {
    return new Map();
  }
}

/** Records the folder as listed, with the revision of each file the build wrote from memory. Failures only cost the record. */
export function writePreviousFiles(outDir: string, listing: Listing, digests: Map<string, FileDigest>): void {
  const files: [string, FileStatus, string][] = [];
  for (const entry of listing) {
    const digest = entry.length === 5 ? digests.get(entry[0]) : undefined;
    if (digest && digest.size === entry[1]) files.push([entry[0], entry.slice(1) as FileStatus, digest.revision]);
  }
  try {
    mkdirSync(RECORDS, { recursive: true });
    const path = recordPath(outDir);
    writeFileSync(path + '.tmp', serialize({ format: RECORD_FORMAT, outDir, files }));
    renameSync(path + '.tmp', path);
    pruneRecords();
  } catch {
    /* no record: the next build compares files as it reads them */
  }
}

/** Records kept: those of the most recently built folders (tests build into many temporary ones). */
const MAX_RECORDS = 16;

function pruneRecords(): void {
  const names = readdirSync(RECORDS).filter((n) => n.endsWith('.bin'));
  if (names.length <= MAX_RECORDS) return;
  const byAge = names.map((n) => ({ n, t: statSync(join(RECORDS, n)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const { n } of byAge.slice(MAX_RECORDS)) rmSync(join(RECORDS, n), { force: true });
}

/** Whether `target` still holds what the last build wrote there, and that is `revision`. */
export function holdsRevision(previous: PreviousFiles | undefined, path: string, target: string, revision: string): boolean {
  const known = previous?.get(path);
  if (known === undefined || known.revision !== revision) return false;
  const stat = lstatSync(target, { throwIfNoEntry: false });
  const [size, ino, mtimeMs, ctimeMs] = known.status;
  return stat !== undefined && stat.isFile() && stat.size === size && stat.ino === ino && stat.mtimeMs === mtimeMs && stat.ctimeMs === ctimeMs;
}
