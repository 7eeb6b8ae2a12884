/**
 * The sharded headings index of a large site. The whole index of 10,000 pages is several
 * MB, too much for a first query; so from SHARD_FROM_PAGES pages on, the build also writes
 * one small shard per term key (the term's first two letters). A shard holds, for each of
 * its terms, the SHARD_TOP records that name it most strongly (page titles and first
 * keywords, then keywords, then headings; in site order), with the page and parent
 * headings they need. The first query fetches only the shards of its words (and of their
 * synonyms, and of their first two letters swapped, for a typo there); the complete index
 * follows in the background and refines the answers.
 */
import type { Hierarchy, SearchRecord } from './types.ts';

/** Sites with at least this many indexed pages get a sharded headings index. */
export const SHARD_FROM_PAGES = 2000;
/** Records kept per term in a shard. */
export const SHARD_TOP = 40;
export const SHARDS_DIR = 'search/shards';
export const SHARDS_MANIFEST = 'search/shards.json';

export interface ShardManifest {
  v: 1;
  /** Keys that have a shard (`search/shards/<key>.json`). */
  keys: string[];
}

export interface ShardFile {
  v: 1;
  /** Pages in the whole index: headings' positions follow the pages'. */
  pageCount: number;
  sections: string[];
  /** [page id, route, section index, title, keywords?] */
  pages: ([number, string, number, string] | [number, string, number, string, string])[];
  /** [heading id, page id, level 2–6, anchor, text, parent heading id or -1] */
  headings: [number, number, number, string, string, number][];
}

/** The shard key of an index term. */
export function shardKey(term: string): string {
  return term.slice(0, 2);
}

/** The keys a query word needs: its first two letters, and the same swapped (a typo there). */
export function queryShardKeys(word: string): string[] {
  if (word.length < 2) return [];
  const keys = [word.slice(0, 2)];
  if (word[0] !== word[1]) keys.push(word[1]! + word[0]!);
  return keys;
}

/** A shard's records, with the same object ids and positions as the whole index gives them. */
export function recordsFromShard(shard: ShardFile): SearchRecord[] {
  const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
  const pages = new Map(shard.pages.map((p) => [p[0], p]));
  const headings = new Map(shard.headings.map((h) => [h[0], h]));
  const records: SearchRecord[] = [];
  const pageHierarchy = (id: number): Hierarchy => {
    const p = pages.get(id);
    return { lvl0: shard.sections[p?.[2] ?? 0] ?? '', lvl1: p?.[3] ?? '', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  };
  const cache = new Map<number, Hierarchy>();
  const headingHierarchy = (id: number, depth = 0): Hierarchy => {
    const known = cache.get(id);
    if (known) return known;
    const h = headings.get(id)!;
    const [, page, level, , text, parent] = h;
    const base = parent >= 0 && headings.has(parent) && depth < 6 ? headingHierarchy(parent, depth + 1) : pageHierarchy(page);
    const out: Hierarchy = { ...base };
    (out as unknown as Record<string, string | null>)[LEVELS[level]!] = text;
    for (let l = level + 1; l <= 6; l++) (out as unknown as Record<string, string | null>)[LEVELS[l]!] = null;
    cache.set(id, out);
    return out;
  };
  for (const p of shard.pages) {
    records.push({ objectID: `p${p[0]}`, hierarchy: pageHierarchy(p[0]), content: null, type: 'lvl1', url: p[1], position: p[0], ...(p[4] ? { keywords: p[4] } : {}) });
  }
  for (const h of shard.headings) {
    const route = pages.get(h[1])?.[1] ?? '';
    records.push({ objectID: `h${h[0]}`, hierarchy: headingHierarchy(h[0]), content: null, type: LEVELS[h[2]] as SearchRecord['type'], url: `${route}#${h[3]}`, position: shard.pageCount + h[0] });
  }
  return records;
}
