/**
 * The optional persistent page cache (`npm run build -- --cache`, kept under
 * `node_modules/.cache/questdb-docs/` where a CI runner can restore it). One entry per
 * page: what building it gave (compact page data without the page's Markdown, search data,
 * its HTML and Markdown copy) and the keys it is valid for: the site key (site-key.ts), the
 * page's own source, and the content hash of every file it read (fragments, examples, data,
 * included pages). An entry is used only when all of them match, so the cache can make a
 * build faster but never stale.
 */
import { createHash, hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PageSource } from '../../shared/types.ts';
import { asBytes, written, type OutputFile } from '../emit/output.ts';
import type { BuiltPage } from '../built-page.ts';
import type { CachedPage } from './page-pack.ts';
import { stableJson } from './site-key.ts';

/** Plain data, so the page pool's workers can store entries too. */
export interface PageCacheSetup {
  dir: string;
  siteKey: string;
  root: string;
}

/**
 * An entry is two files: `<name>.bin`, what lookups read (the keys and the page's compact
 * data, its outputs as paths), and `<name>.out`, the outputs' bytes, read only for a page
 * whose files must be written: a build over its own previous output, unchanged since (see
 * build-stamp.ts), leaves a cached page's files where they are, and at 10,000 pages the
 * outputs were 1.2 GB of the cache to read for nothing.
 */
interface Entry {
  siteKey: string;
  source: string;
  dependencies: [string, string][];
  /** The outputs as paths only (see `written`); their bytes are in the `.out` file. */
  built: BuiltPage;
}

/** The `.out` file: the outputs' bytes, and the key of the entry they belong to. */
interface EntryOutputs {
  key: string;
  outputs: OutputFile[];
}

const sha = (data: string | Buffer) => hash('sha256', data);
/**
 * An entry's file is named after the site key as well as the page: when the site key changes
 * (new code, data, templates), every old entry is simply not found, instead of being read,
 * deserialised and refused, and the new entries are new files instead of renames over old
 * ones, which ext4 flushes to disk at once. Both had made a build over a stale cache 25%
 * slower than one without a cache (10,000 pages: 83 s against 66 s); pruneCache then
 * removes the old entries.
 */
const entryName = (setup: PageCacheSetup, file: string) => sha(`${setup.siteKey}\0${file}`).slice(0, 32);
const entryPath = (setup: PageCacheSetup, file: string, kind: '.bin' | '.out') => join(setup.dir, 'pages', entryName(setup, file) + kind);
/**
 * The hash of everything of a page's source: of the file's bytes when loading took their hash
 * (a cached build: readPage makes the whole source from the path and the bytes), else of the
 * source itself. Its body is hashed as it is, not escaped into JSON first, nor joined to the
 * rest into one more copy of the page (10,000 pages: 0.18 s with stableJson of the whole source).
 */
const sourceKey = ({ body, ...rest }: PageSource) =>
  rest.sourceHash !== undefined ? sha(`bytes\0${rest.file}\0${rest.sourceHash}`) : createHash('sha256').update(stableJson(rest)).update('\0').update(body).digest('hex');
/** What an entry was built from: equal keys, the same output bytes (the build is deterministic). */
const keyOf = (entry: Omit<Entry, 'built'>) => sha(JSON.stringify([entry.siteKey, entry.source, entry.dependencies])).slice(0, 32);

/** A dependency's hash: the stamp check's when it took one (`known`, by path from the root), else its bytes' now. */
function hashOf(root: string, file: string, known?: ReadonlyMap<string, string>): string {
  const taken = known?.get(file);
  if (taken !== undefined) return taken;
  try {
    return sha(readFileSync(join(root, file)));
  } catch {
    return 'missing';
  }
}

/** Writes `data` aside and renames it into place, so a build stopped midway never leaves half a file. */
async function writeWhole(path: string, data: Buffer): Promise<void> {
  await writeFile(path + '.tmp', data);
  await rename(path + '.tmp', path);
}

/**
 * Stores one page's result; `outputs` must still hold their contents. Answers the entry's key,
 * or undefined when it could not be stored (that only costs the entry).
 */
export async function storePage(setup: PageCacheSetup, source: PageSource, built: BuiltPage): Promise<string | undefined> {
  const keys = { siteKey: setup.siteKey, source: sourceKey(source), dependencies: [...built.page.dependencies].map((f): [string, string] => [f, hashOf(setup.root, f)]) };
  const key = keyOf(keys);
  // The page's Markdown is in its key, and no build reads it from a cached page: half an entry's bytes.
  const page = { ...built.page, source: { ...built.page.source, body: '' } };
  const entry: Entry = { ...keys, built: { ...built, page, outputs: built.outputs.map(written) } };
  const outputs: EntryOutputs = { key, outputs: built.outputs.map(asBytes) };
  try {
    await mkdir(join(setup.dir, 'pages'), { recursive: true });
    // The bytes first: an entry found always has them (unless removed by hand, which its key check catches).
    await writeWhole(entryPath(setup, source.file, '.out'), serialize(outputs));
    await writeWhole(entryPath(setup, source.file, '.bin'), serialize(entry));
    return key;
  } catch {
    return undefined; // a cache that cannot be written is no cache
  }
}

/**
 * The cached result of a page, when every key still matches, with its entry's key as
 * `cacheKey`; its outputs are paths (read their bytes with cachedOutputs). `packed` is the
 * page pack's result for the page (page-pack.ts), checked as an entry file would be and
 * answered when it holds; `known`: files' hashes the build has taken already.
 */
export async function lookupPage(setup: PageCacheSetup, source: PageSource, packed?: CachedPage, known?: ReadonlyMap<string, string>): Promise<CachedPage | undefined> {
  if (packed !== undefined) {
    const dependencies = [...packed.page.dependencies].map((f): [string, string] => [f, hashOf(setup.root, f, known)]);
    if (keyOf({ siteKey: setup.siteKey, source: sourceKey(source), dependencies }) === packed.cacheKey) return packed;
  }
  let entry: Entry;
  try {
    // Read synchronously: many small entries go faster without libuv's thread hand-offs.
    entry = deserialize(readFileSync(entryPath(setup, source.file, '.bin'))) as Entry;
  } catch {
    return undefined;
  }
  if (entry?.siteKey !== setup.siteKey || entry.source !== sourceKey(source)) return undefined;
  for (const [file, hash] of entry.dependencies) if (hashOf(setup.root, file, known) !== hash) return undefined;
  return { ...entry.built, cacheKey: keyOf(entry) };
}

/** The bytes of a cached page's outputs (UTF-8, see asBytes in emit/output.ts); undefined when they are missing or belong to another entry. */
export function cachedOutputs(setup: PageCacheSetup, source: PageSource, key: string): OutputFile[] | undefined {
  try {
    const stored = deserialize(readFileSync(entryPath(setup, source.file, '.out'))) as EntryOutputs;
    return stored?.key === key && Array.isArray(stored.outputs) ? stored.outputs : undefined;
  } catch {
    return undefined;
  }
}

/** Removes entries of pages that no longer exist or of an older site key, so the cache does not grow with every rename or change. */
export async function pruneCache(setup: PageCacheSetup, files: string[]): Promise<void> {
  const keep = new Set(files.flatMap((f) => [entryName(setup, f) + '.bin', entryName(setup, f) + '.out']));
  const dir = join(setup.dir, 'pages');
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => !keep.has(n)).map((n) => rm(join(dir, n), { force: true })));
}
