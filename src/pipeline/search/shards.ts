/** Builds the sharded headings index (see src/shared/search/shards.ts) from the whole one. */
import type { HeadingsIndexFile } from '../../shared/search/types.ts';
import { SHARD_TOP, shardKey, SHARDS_DIR, SHARDS_MANIFEST, type ShardFile, type ShardManifest } from '../../shared/search/shards.ts';
import { indexTerms } from '../../shared/search/text.ts';
import type { OutputFile } from '../emit/output.ts';
import { readFileSync } from 'node:fs';
import { outputTarget } from '../policy/paths.ts';

/** A record as a shard refers to it: a page (p) or a heading (h), by id. */
type Ref = number; // pages: id; headings: -(id + 1)

/**
 * A term's mention by a record, packed in one number so that 10,000 pages' terms are not a
 * million small arrays: strength (lower is stronger) × 2^32 + position (pages first, then
 * headings). Sorting the numbers sorts by strength, then position.
 */
type Mention = number;
const STRENGTH = 2 ** 32;

/** The record a mention names: a page's position is its id; headings follow the pages. */
const refOf = (mention: Mention, pages: number): Ref => {
  const position = mention % STRENGTH;
  return position < pages ? position : -(position - pages + 1);
};

/** For each term, the mentions of the records that name it most strongly, strongest first. */
function strongestPerTerm(index: HeadingsIndexFile): Map<string, Mention[]> {
  const byTerm = new Map<string, Mention[]>();
  const add = (text: string, strength: number, position: number) => {
    const seen = new Set<string>();
    for (const term of indexTerms(text)) {
      if (seen.has(term)) continue;
      seen.add(term);
      let list = byTerm.get(term);
      if (!list) byTerm.set(term, (list = []));
      list.push(strength * STRENGTH + position);
    }
  };
  index.pages.forEach(([, , title, keywords], i) => {
    const comma = keywords?.indexOf(',') ?? -1;
    add(title, 0, i);
    if (keywords) {
      add(comma < 0 ? keywords : keywords.slice(0, comma), 0, i);
      if (comma >= 0) add(keywords.slice(comma + 1), 1, i);
    }
  });
  index.headings.forEach(([, level, , text], i) => add(text, 1 + level, index.pages.length + i));
  for (const list of byTerm.values()) {
    list.sort((a, b) => a - b);
    if (list.length > SHARD_TOP) list.length = SHARD_TOP;
  }
  return byTerm;
}

/** The paths of a manifest's shard files and of the manifest itself; undefined when `text` is not a manifest. */
export function shardPaths(text: string): string[] | undefined {
  try {
    const manifest = JSON.parse(text) as ShardManifest;
    if (manifest?.v !== 1 || !Array.isArray(manifest.keys) || !manifest.keys.every((k) => typeof k === 'string')) return undefined;
    return [...manifest.keys.map(shardPath), SHARDS_MANIFEST];
  } catch {
    return undefined;
  }
}

/** The shard files of the manifest in the build folder `outDir`, as shardPaths; undefined when it cannot be read. */
export function shardPathsIn(outDir: string): string[] | undefined {
  try {
    return shardPaths(readFileSync(outputTarget(outDir, SHARDS_MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
}

const shardPath = (key: string) => `${SHARDS_DIR}/${encodeURIComponent(key)}.json`;

/** The shard files and their manifest. */
export function shardFiles(index: HeadingsIndexFile): OutputFile[] {
  const byKey = new Map<string, Set<Ref>>();
  for (const [term, list] of strongestPerTerm(index)) {
    const key = shardKey(term);
    if (key.length < 2 || !/^[\p{L}\p{N}]+$/u.test(key)) continue;
    let refs = byKey.get(key);
    if (!refs) byKey.set(key, (refs = new Set()));
    for (const mention of list) refs.add(refOf(mention, index.pages.length));
  }
  const files: OutputFile[] = [];
  const keys = [...byKey.keys()].sort();
  for (const key of keys) {
    const pages = new Set<number>();
    const headings = new Set<number>();
    for (const ref of byKey.get(key)!) {
      if (ref >= 0) pages.add(ref);
      else {
        // A heading brings its parents and its page, for its place in the hierarchy.
        for (let h = -ref - 1, depth = 0; h >= 0 && depth < 6; h = index.headings[h]![4], depth++) {
          headings.add(h);
          pages.add(index.headings[h]![0]);
        }
      }
    }
    const shard: ShardFile = {
      v: 1,
      pageCount: index.pages.length,
      sections: index.sections,
      pages: [...pages].sort((a, b) => a - b).map((i) => {
        const [route, section, title, keywords] = index.pages[i]!;
        return keywords ? [i, route, section, title, keywords] : [i, route, section, title];
      }),
      headings: [...headings].sort((a, b) => a - b).map((i) => {
        const [page, level, anchor, text, parent] = index.headings[i]!;
        return [i, page, level, anchor, text, parent];
      }),
    };
    files.push({ path: shardPath(key), contents: JSON.stringify(shard) });
  }
  const manifest: ShardManifest = { v: 1, keys };
  files.push({ path: SHARDS_MANIFEST, contents: JSON.stringify(manifest) });
  return files;
}
