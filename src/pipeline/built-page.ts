/**
 * The page stage's result, in a module of its own so that the stages that keep or pass it on
 * (the page cache and its pack, the pool, the build) import it without importing the page
 * stage: the page stage stores pages in the cache, so the cache must not depend on it.
 */
import type { CompiledPage } from '../shared/types.ts';
import type { FileDigest, OutputFile } from './emit/output.ts';
import type { PageSearchData } from './search/records.ts';

/** A page once built: its tree is gone, only what the site stage, search and emit need is left. */
export interface BuiltPage {
  /** The compile result without its tree (`hast` is an empty root, `rawBlocks` and `markdown` empty). */
  page: CompiledPage;
  /** The page's files; contents are '' once written to disk. */
  outputs: OutputFile[];
  search?: PageSearchData;
  /** Sizes and revisions of the files as written, for the precache. */
  digests?: FileDigest[];
  /** With the cache on: the key of the page's cache entry (what its files were built from), when it has one. */
  cacheKey?: string;
}
