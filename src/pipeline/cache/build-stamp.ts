/**
 * The up-to-date check of cached builds (`--cache`): a build that writes records, beside the
 * page cache, a stamp of everything it was built from and of the folder it left. The next
 * build with the same cache first compares both; when nothing differs, it is the same build
 * again, so it builds nothing and reports the stamp's diagnostics (a build with nothing
 * changed at 10,000 pages: 6.5 s through the page cache, well under a second this way).
 *
 * What a stamp covers, so that it can never stand for a stale build:
 * - inputs: the path and bytes of every file and folder under content/ and public/ (dot files
 *   too: a page may include one, and folder listings feed "did you mean" fixes), the build's
 *   own code (the page cache's code version), Node's version and every environment variable
 *   the build reads (STAMP_ENV). A stamp is made at the start of a build, before anything is
 *   read, so an edit made while it runs is seen by the next one. Under a link (a symbolic
 *   link may point anywhere, its target is not hashed here) there is no stamp: such sites
 *   are always built. A file whose state (size, inode, modification and change times) is
 *   the one the last check saw, and had settled by then, keeps the hash it had (InputStates).
 * - the output: every file and folder of the output folder, the folder itself too, with each
 *   one's inode and modification and change times (and a file's size) as the build left them.
 *   Anything that wrote, touched, replaced, added or removed a file since (a build without the
 *   cache, a hand edit, a restored folder) fails the check, and the build runs as usual. The
 *   check takes each listed entry's state instead of walking the folder: an entry added,
 *   removed or renamed changes the times of the folder that holds it (10,000 pages: 30,000
 *   lstat calls, ~70 ms, against ~170 ms to walk 10,000 folders).
 *
 * A stamp also names, for each page, the page cache entry its files were written from (the
 * entry's key). When the inputs changed but the output folder is exactly as the stamped build
 * left it, the next build leaves a cached page's files in place when its entry's key is the
 * one named: the same key, the same bytes. That saves writing (and reading from the cache)
 * every unchanged page of a large site when one page changes.
 */
import { hash, createHash } from 'node:crypto';
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import fg from 'fast-glob';
import type { Diagnostic } from '../../shared/types.ts';
import { buildCodeVersion, fileHash, hashPiece } from './site-key.ts';
import { addFoldersOf, isFileEntry, listingEntry, MAX_FOLDER_ENTRIES, walkFolder, type FolderListing } from '../emit/walk-folder.ts';
import type { FragmentLayout } from '../search/fragment-file.ts';
import type { SearchFilesLayout } from '../search/index-files.ts';
import type { FileDigest } from '../emit/output.ts';

/** Bump when what a stamp holds or covers changes. */
const STAMP_FORMAT = 9;

/** The environment the build reads: the search settings (search/settings.ts) and React's NODE_ENV. A test checks src/ reads no other. */
export const STAMP_ENV = (name: string) => name === 'NODE_ENV' || name.startsWith('ALGOLIA_') || name.startsWith('SEARCH_');

/** What a reused build reports: as the build that made the stamp did. */
export interface StampedBuild {
  pages: number;
  diagnostics: Diagnostic[];
  /** The build's notes worth repeating (the service worker's warnings). */
  notes: string[];
}

/** What a build leaves for the next: its report, and each page's cache entry key (page file → key) for the pages whose files came from an entry. */
export interface FinishedBuild extends StampedBuild {
  pageKeys: Map<string, string>;
  /** Where each page's parts lie in the large search files it wrote, and its shards' key (search/index-files.ts). */
  search?: SearchFilesLayout;
  /** The key and digests of the site files made from the render context alone (build.ts's contextFiles). */
  contextFiles?: KeyedFiles;
}

/** Files a build may keep in place when their key is the previous build's, with their digests (for the service worker). */
export interface KeyedFiles {
  key: string;
  digests: FileDigest[];
}

interface Stamp extends StampedBuild {
  format: number;
  inputs: string;
  inputStates?: InputStates;
  output: FolderListing;
  /** The output folder's own [ino, mtimeMs, ctimeMs]. */
  outputRoot: number[];
  /** [page file, cache entry key] */
  pageKeys: [string, string][];
  search?: SearchFilesLayout;
  contextFiles?: KeyedFiles;
}

/** What the check found (see checkStamp). */
export interface StampCheck {
  /** The stamped build, when its inputs and its output folder are exactly as it left them. */
  build?: StampedBuild;
  /** The inputs' hash, when the check took it. */
  inputs?: string;
  /** Every file's hash under content/ and public/, taken with `inputs`. */
  fileHashes?: Map<string, string>;
  /** The files' states with their hashes, for the next check (see InputStates). */
  inputStates?: InputStates;
  /** The stamped build's page keys, when its output folder is exactly as it left it (its inputs may have changed). */
  inPlace?: Map<string, string>;
  /** The stamped build's search files' layouts and shards key, when its output folder is as it left it. */
  search?: SearchFilesLayout;
  /** The stamped build's context files, when its output folder is as it left it. */
  contextFiles?: KeyedFiles;
  /** The output folder as the check listed it. */
  listing?: FolderListing;
}

export interface StampPlace {
  cacheDir: string;
  root: string;
  outDir: string;
}

const stampPath = (place: StampPlace) => join(place.cacheDir, 'stamps', hash('sha256', place.outDir).slice(0, 32) + '.bin');

/** The inputs' hash, and each file's (by path from the root), as inputsOf takes them. */
export interface Inputs {
  key: string;
  files: Map<string, string>;
  /** What the next check may take a file's hash from without reading it (see InputStates). */
  states: InputStates;
}

/**
 * Each file's hash with the file's state when it was taken, [path, size, inode, modification
 * time, change time, hash], and when the taking began. The next check takes a file's hash from
 * here, without reading it, when its state is the same and its last change had settled before
 * the hash was taken (see SETTLE_MS): git trusts its index the same way. Every write changes a
 * file's change time, which no tool can set back, so a file whose bytes changed is read again.
 */
export interface InputStates {
  takenAt: number;
  files: [string, number, number, number, number, string][];
}

/**
 * The inputs' hash and every file's hash under content/ and public/ (the site key and the
 * page pack take them from here instead of reading the files again), or undefined when
 * content/ or public/ holds a link or anything but files and folders, holds too much, or
 * cannot be read. `previous`: the states the last check left (see InputStates).
 */
export async function inputsOf(root: string, previous?: InputStates): Promise<Inputs | undefined> {
  try {
    const takenAt = Date.now();
    for (const top of ['content', 'public']) {
      const stat = lstatSync(join(root, top), { throwIfNoEntry: false });
      if (stat && !stat.isDirectory()) return undefined;
    }
    const entries = await fg(['content/**', 'public/**'], { cwd: root, dot: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
    if (entries.length > MAX_FOLDER_ENTRIES) return undefined; // a larger site is simply never stamped
    entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const digest = createHash('sha256').update(`stamp ${STAMP_FORMAT}\0${process.version}\0${root}\0`);
    digest.update(await buildCodeVersion()).update('\0');
    const env = Object.keys(process.env).filter(STAMP_ENV).sort();
    digest.update(JSON.stringify(env.map((k) => [k, process.env[k]]))).update('\0');
    const piece = hashPiece();
    const known = new Map(previous?.files.map((state) => [state[0], state]));
    const files = new Map<string, string>();
    const states: InputStates = { takenAt, files: [] };
    for (const e of entries) {
      if (e.dirent.isDirectory()) digest.update(`d ${e.path}\0`);
      else if (e.dirent.isFile()) {
        const path = join(root, e.path);
        const stat = lstatSync(path);
        const state = known.get(e.path);
        const same = state !== undefined && state[1] === stat.size && state[2] === stat.ino && state[3] === stat.mtimeMs && state[4] === stat.ctimeMs && settled(stat.mtimeMs, stat.ctimeMs, previous!.takenAt);
        const hash = same ? state[5] : fileHash(path, piece);
        files.set(e.path, hash);
        states.files.push([e.path, stat.size, stat.ino, stat.mtimeMs, stat.ctimeMs, hash]);
        digest.update(`f ${e.path}\0${hash}\0`);
      } else return undefined;
    }
    return { key: digest.digest('hex'), files, states };
  } catch {
    return undefined; // a file that vanished or cannot be read: no stamp, the build runs as usual
  }
}

/** Whether a file last changed at these times had settled by `at` (file times tick coarsely, see SETTLE_MS). */
function settled(mtimeMs: number, ctimeMs: number, at: number): boolean {
  const fine = mtimeMs % 1000 !== 0 || ctimeMs % 1000 !== 0;
  return Math.max(mtimeMs, ctimeMs) + (fine ? SETTLE_MS : COARSE_SETTLE_MS) <= at;
}

/** The output folder as a build left it; undefined when it holds anything but files and folders, or too much. */
function outputListing(dir: string): FolderListing | undefined {
  try {
    const listing = listFolder(dir);
    return listing && byPath(listing);
  } catch {
    return undefined; // a folder that cannot be read: no stamp
  }
}

function listFolder(dir: string): FolderListing | undefined {
  const top = lstatSync(dir, { throwIfNoEntry: false });
  if (!top?.isDirectory()) return undefined;
  const listing: FolderListing = [];
  const whole = walkFolder(dir, (path, entry) => {
    if (!entry.isDirectory() && !entry.isFile()) return false; // a link or anything else: no stamp
    const stat = lstatSync(join(dir, path), { throwIfNoEntry: false });
    if (stat === undefined || stat.isDirectory() !== entry.isDirectory()) return false; // changed while listed
    listing.push(listingEntry(path, stat));
    return true;
  });
  return whole ? listing : undefined;
}

/** A folder's own [ino, mtimeMs, ctimeMs], or undefined when it is not a folder. */
function folderState(dir: string): number[] | undefined {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  return stat?.isDirectory() ? [stat.ino, stat.mtimeMs, stat.ctimeMs] : undefined;
}

/**
 * Whether the folder is as `listing` and `root` describe it, by each entry's state: every
 * listed file and folder is still there, of the same kind, size, inode and times, and so is the
 * folder itself. Nothing can be added to, removed from or renamed in a folder without changing
 * its modification time, so with every folder's times the same the folder holds nothing else.
 */
function stillAsListed(dir: string, listing: FolderListing, root: number[]): boolean {
  try {
    const top = folderState(dir);
    if (top === undefined || top.some((v, i) => v !== root[i])) return false;
    for (const entry of listing) {
      const stat = lstatSync(join(dir, String(entry[0])), { throwIfNoEntry: false });
      if (stat === undefined || (isFileEntry(entry) ? !stat.isFile() : !stat.isDirectory())) return false;
      const now = listingEntry(String(entry[0]), stat);
      for (let i = 1; i < entry.length; i++) if (now[i] !== entry[i]) return false;
    }
    return true;
  } catch {
    return false; // a folder where a file was (ENOTDIR), one that cannot be read: changed
  }
}

/** A path inside the folder as a walk gives it: relative, `/`-separated, no empty, `.` or `..` part. */
const LISTED_PATH = /^(?:(?!\.\.?\/)[^/\\\0]+\/)*(?!\.\.?$)[^/\\\0]+$/;

/** A stamp's listing when every entry has its shape (a damaged or forged stamp's names nothing the build would remove outside its folder). */
function validListing(listing: unknown): FolderListing | undefined {
  if (!Array.isArray(listing)) return undefined;
  for (const entry of listing) {
    if (!Array.isArray(entry) || (entry.length !== 4 && entry.length !== 5) || typeof entry[0] !== 'string' || !LISTED_PATH.test(entry[0])) return undefined;
    for (let i = 1; i < entry.length; i++) if (typeof entry[i] !== 'number') return undefined;
  }
  return listing as FolderListing;
}

/**
 * Called as a cached build starts, with the check just made if there was one: removes the
 * previous stamp (this build will change the folder) and answers the inputs' hash to stamp
 * with at the end, if the site can have one, and the page keys of the files in place.
 */
export async function beginStamp(place: StampPlace, check?: StampCheck): Promise<StampCheck> {
  const { inputs, fileHashes, inputStates, ...rest } = check ?? (await checkStamp(place));
  rmSync(stampPath(place), { force: true });
  if (inputs !== undefined) return { inputs, fileHashes, inputStates, ...rest, build: undefined };
  const taken = await inputsOf(place.root);
  return { inputs: taken?.key, fileHashes: taken?.files, inputStates: taken?.states, ...rest, build: undefined };
}

/**
 * Linux stamps file times from a clock that ticks every few milliseconds, so a file changed
 * just after the listing, within the same tick and to the same size, would look unchanged
 * (git's "racily clean" files). The folder is listed once its last write has settled:
 * SETTLE_MS later by the wall clock (a timer may fire early against it: libuv reads its loop
 * time once per turn; +1 as Date.now() drops the fraction of a millisecond that file times
 * keep). On a file system with whole-second times (FAT, HFS+) every file must be two seconds
 * old, or there is no stamp.
 */
const SETTLE_MS = 20;
const COARSE_SETTLE_MS = 2000;

async function settledListing(dir: string, after?: FolderAfter): Promise<{ listing: FolderListing; root: number[] } | undefined> {
  const settled = Date.now() + SETTLE_MS + 1;
  for (let now = Date.now(); now < settled; now = Date.now()) await new Promise((resolve) => setTimeout(resolve, settled - now));
  const start = Date.now();
  const root = folderState(dir);
  const listing = after ? listingAfter(dir, after) : outputListing(dir);
  if (listing === undefined || root === undefined) return undefined;
  let newest = 0;
  let fine = false;
  // Every entry ends with its modification and change times, as the folder's own state does.
  for (const entry of [root, ...listing]) {
    const [mtimeMs, ctimeMs] = entry.slice(-2) as number[];
    newest = Math.max(newest, mtimeMs!, ctimeMs!);
    if (mtimeMs! % 1000 !== 0 || ctimeMs! % 1000 !== 0) fine = true;
  }
  return newest + (fine ? SETTLE_MS : COARSE_SETTLE_MS) <= start ? { listing, root } : undefined;
}

/**
 * What a build did to its output folder since `before` was listed (at its start): the folder
 * now holds exactly `files` (stale ones are removed), all written by the build except those
 * `kept` as they were.
 */
export interface FolderAfter {
  before: FolderListing;
  files: ReadonlySet<string>;
  kept: ReadonlySet<string>;
}

/**
 * The folder's listing without walking it (10,000 folders at 10,000 pages): a kept file as
 * `before` listed it, every other file and the folders that hold them as they are now. It can
 * only be wrong by missing something the folder holds or by a file changed since `before`,
 * and either makes the next check fail, so it can never let a changed folder pass.
 */
function listingAfter(dir: string, after: FolderAfter): FolderListing | undefined {
  const before = new Map<string, (string | number)[]>();
  for (const entry of after.before) if (isFileEntry(entry)) before.set(String(entry[0]), entry);
  const listing: FolderListing = [];
  const folders = new Set<string>();
  for (const path of after.files) {
    addFoldersOf(path, folders);
    const kept = after.kept.has(path) ? before.get(path) : undefined;
    if (kept) {
      listing.push(kept);
      continue;
    }
    const stat = lstatSync(join(dir, path), { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    listing.push(listingEntry(path, stat));
  }
  for (const folder of folders) {
    const stat = lstatSync(join(dir, folder), { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return undefined;
    listing.push(listingEntry(folder, stat));
  }
  return byPath(listing);
}

/** Listings are compared in path order, whoever made them. */
function byPath(listing: FolderListing): FolderListing {
  return listing.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}

/** Records a finished build (`after`: what it did to the folder, when its listing at the start is known); failures only cost the stamp. */
export async function writeStamp(place: StampPlace, inputs: string, inputStates: InputStates | undefined, build: FinishedBuild, after?: FolderAfter): Promise<void> {
  const settled = await settledListing(place.outDir, after);
  if (settled === undefined) return;
  const { pageKeys, ...report } = build;
  const stamp: Stamp = { format: STAMP_FORMAT, inputs, inputStates, output: settled.listing, outputRoot: settled.root, pageKeys: [...pageKeys], ...report };
  const path = stampPath(place);
  try {
    await mkdir(join(place.cacheDir, 'stamps'), { recursive: true });
    await writeFile(path + '.tmp', serialize(stamp));
    await rename(path + '.tmp', path);
  } catch {
    /* no stamp: the next build checks its pages one by one */
  }
}

/** A stamp's input states when they have their shape (a damaged stamp's are simply not used). */
function validStates(states: InputStates | undefined): InputStates | undefined {
  if (typeof states?.takenAt !== 'number' || !Array.isArray(states.files)) return undefined;
  const whole = states.files.every((f) => Array.isArray(f) && f.length === 6 && typeof f[0] === 'string' && typeof f[5] === 'string' && [1, 2, 3, 4].every((i) => typeof f[i] === 'number'));
  return whole ? states : undefined;
}

/** The stamped build when its inputs and its output folder are exactly as it left them; else undefined. */
export async function stampedBuild(place: StampPlace): Promise<StampedBuild | undefined> {
  return (await checkStamp(place)).build;
}

/**
 * The stamped build, as stampedBuild; the inputs' hash when it was taken for the check (a
 * build that follows passes the check to beginStamp instead of hashing every input again);
 * and the stamped page keys when the output folder is as the stamped build left it.
 */
export async function checkStamp(place: StampPlace): Promise<StampCheck> {
  let stamp: Stamp;
  try {
    stamp = deserialize(readFileSync(stampPath(place))) as Stamp;
  } catch {
    return {};
  }
  if (stamp?.format !== STAMP_FORMAT) return {};
  const taken = await inputsOf(place.root, validStates(stamp.inputStates));
  const inputs = taken?.key;
  const fileHashes = taken?.files;
  const inputStates = taken?.states;
  const listed = validListing(stamp.output);
  const intact = listed !== undefined && Array.isArray(stamp.outputRoot) && stillAsListed(place.outDir, listed, stamp.outputRoot);
  // A folder that changed is walked for the build's listing of it.
  if (!intact) return { inputs, fileHashes, inputStates, listing: outputListing(place.outDir) };
  const output = listed;
  const inPlace = new Map(Array.isArray(stamp.pageKeys) ? stamp.pageKeys.filter((k) => Array.isArray(k) && typeof k[0] === 'string' && typeof k[1] === 'string') : []);
  const layout = (l: FragmentLayout | undefined) => (typeof l?.size === 'number' && Array.isArray(l.pages) ? l : undefined);
  const search = { records: layout(stamp.search?.records), content: layout(stamp.search?.content), shards: typeof stamp.search?.shards === 'string' ? stamp.search.shards : undefined, llms: layout(stamp.search?.llms) };
  const contextFiles = typeof stamp.contextFiles?.key === 'string' && Array.isArray(stamp.contextFiles.digests) ? stamp.contextFiles : undefined;
  const found = { inputs, fileHashes, inputStates, inPlace, search, contextFiles, listing: output };
  if (inputs !== stamp.inputs) return found;
  return { ...found, build: { pages: stamp.pages, diagnostics: stamp.diagnostics, notes: stamp.notes } };
}
