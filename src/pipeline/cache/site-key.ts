/**
 * The site key of the page cache: one hash of everything a page's output may depend on
 * besides the page itself and the files it records as dependencies. A change to any of it
 * (the build's own code and lockfile, the site and search config, the assets' URLs, the
 * sidebar and every page's route, the release and example data, any file of content/ or
 * public/ that is not a routed page) gives a new key, and no cached page is used.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { hasDotPart } from '../policy/paths.ts';

/** Bump when the entry format or what a key covers changes. */
export const CACHE_FORMAT = 3;

/** The repository the build's code lives in (not the site being built, which may be a fixture). */
const CODE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Files are hashed in pieces of this size, so a very large file (in public/, say) is never read whole. */
const HASH_PIECE = 1 << 20;

/** A buffer for hashFileInto, to reuse across the files of one hash. */
export const hashPiece = () => Buffer.allocUnsafe(HASH_PIECE);

/** Adds a file's bytes to `digest`, read in pieces into `piece`. */
export function hashFileInto(digest: Hash, path: string, piece: Buffer = hashPiece()): void {
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, piece, 0, piece.length, null); n > 0; n = readSync(fd, piece, 0, piece.length, null)) digest.update(piece.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

/** The sha256 of a file's bytes (hex), read in pieces into `piece`. */
export function fileHash(path: string, piece: Buffer = hashPiece()): string {
  const digest = createHash('sha256');
  hashFileInto(digest, path, piece);
  return digest.digest('hex');
}

async function hashFiles(cwd: string, patterns: string[]): Promise<string> {
  const files = (await fg(patterns, { cwd, dot: false, followSymbolicLinks: false, onlyFiles: true })).sort();
  const hash = createHash('sha256');
  const piece = hashPiece();
  for (const f of files) {
    hash.update(f).update('\0');
    hashFileInto(hash, join(cwd, f), piece);
    hash.update('\0');
  }
  return hash.digest('hex');
}

let codeVersion: Promise<string> | undefined;
/**
 * The build's own version: its source, templates, styles, build scripts and locked
 * dependencies, the files listed in scripts/code-files.json (the launcher's bundle is keyed
 * by the same list).
 */
export function buildCodeVersion(): Promise<string> {
  return (codeVersion ??= hashFiles(CODE_ROOT, JSON.parse(readFileSync(join(CODE_ROOT, 'scripts/code-files.json'), 'utf8')) as string[]));
}

/** `JSON.stringify` that writes Maps and Sets as arrays, so they count in a key. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? { map: [...v.entries()] } : v instanceof Set ? { set: [...v] } : v));
}

export interface SiteKeyInput {
  root: string;
  /** Routed page files (`content/docs/x.md`): keyed per page, so left out of the site key. */
  pageFiles: string[];
  /** Everything else the pages are built with: render context, navigation, routes, data. */
  shared: unknown;
  /** Every file's hash under content/ and public/, by path from the root, when the build stamp's check took them. */
  fileHashes?: ReadonlyMap<string, string>;
}

/**
 * The hash of every file under content/ and public/ but the routed pages (no dot files, no
 * links, as fast-glob lists them): from the stamp check's file hashes when the build has
 * them, else by reading the files. Both give the same key.
 */
async function otherFilesKey(root: string, pageFiles: string[], known?: ReadonlyMap<string, string>): Promise<string> {
  const pages = new Set(pageFiles);
  const listed = known
    ? [...known.keys()].filter((f) => (f.startsWith('content/') || f.startsWith('public/')) && !hasDotPart(f))
    : await fg(['content/**/*', 'public/**/*'], { cwd: root, dot: false, followSymbolicLinks: false, onlyFiles: true });
  const digest = createHash('sha256');
  const piece = known ? undefined : hashPiece();
  for (const f of listed.sort()) {
    if (pages.has(f)) continue;
    digest.update(`${f}\0${known?.get(f) ?? fileHash(join(root, f), piece)}\0`);
  }
  return digest.digest('hex');
}

export async function siteKey(input: SiteKeyInput): Promise<string> {
  const other = await otherFilesKey(input.root, input.pageFiles, input.fileHashes);
  return createHash('sha256')
    .update(`format ${CACHE_FORMAT}\0`)
    .update(await buildCodeVersion())
    .update('\0')
    .update(other)
    .update('\0')
    .update(stableJson(input.shared))
    .digest('hex');
}
