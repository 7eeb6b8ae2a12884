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

/** Bump when the entry format or what a key covers changes. */
export const CACHE_FORMAT = 2;

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

async function hashFiles(cwd: string, patterns: string[], ignore: string[] = [], skip?: Set<string>): Promise<string> {
  const files = (await fg(patterns, { cwd, ignore, dot: false, followSymbolicLinks: false, onlyFiles: true })).sort();
  const hash = createHash('sha256');
  const piece = hashPiece();
  for (const f of files) {
    if (skip?.has(f)) continue;
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
}

export async function siteKey(input: SiteKeyInput): Promise<string> {
  const other = await hashFiles(input.root, ['content/**/*', 'public/**/*'], [], new Set(input.pageFiles));
  return createHash('sha256')
    .update(`format ${CACHE_FORMAT}\0`)
    .update(await buildCodeVersion())
    .update('\0')
    .update(other)
    .update('\0')
    .update(stableJson(input.shared))
    .digest('hex');
}
