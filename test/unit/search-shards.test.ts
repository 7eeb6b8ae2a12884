/**
 * The sharded headings index of a large site: shards are small, a query with only its
 * own shards ranks like the whole index, and shards and the whole index join without
 * duplicates.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { shardFiles } from '../../src/pipeline/search/shards.ts';
import { SearchEngine, recordsFromIndex } from '../../src/shared/search/engine.ts';
import { queryShardKeys, recordsFromShard, SHARD_TOP, type ShardFile, type ShardManifest } from '../../src/shared/search/shards.ts';
import type { HeadingsIndexFile } from '../../src/shared/search/types.ts';

const TOPICS = ['partitions', 'deduplication', 'materialized views', 'sample by', 'latest on', 'asof join', 'replication', 'kafka', 'grafana', 'backup', 'symbol', 'indexes'];

/** 3,000 pages: a few topical pages, the rest alike (the worst case for term shards). */
function bigIndex(): HeadingsIndexFile {
  const index: HeadingsIndexFile = { v: 1, sections: ['Docs', 'Reference'], pages: [], headings: [] };
  for (let i = 0; i < 3000; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const title = i < TOPICS.length ? `All about ${topic}` : `Generated page ${i}`;
    index.pages.push(i < TOPICS.length ? [`/docs/t${i}/`, 0, title, `${topic}, guide`] : [`/docs/p${i}/`, 1, title]);
    const first = index.headings.length;
    index.headings.push([i, 2, 'overview', `Overview of page ${i}`, -1]);
    index.headings.push([i, 3, 'details', `Details on ${topic}`, first]);
  }
  return index;
}

const index = bigIndex();
const files = shardFiles(index).map((f) => ({ path: f.path, contents: 'contents' in f ? String(f.contents) : '' }));
const read = (path: string) => JSON.parse(files.find((f) => f.path === path)!.contents) as unknown;
const manifest = read('search/shards.json') as ShardManifest;
const shard = (key: string) => read(`search/shards/${encodeURIComponent(key)}.json`) as ShardFile;

function withShardsFor(query: string): SearchEngine {
  const engine = new SearchEngine([]);
  for (const word of engine.wordsOf(query)) for (const key of queryShardKeys(word)) if (manifest.keys.includes(key)) engine.add(recordsFromShard(shard(key)));
  return engine;
}

describe('sharded headings index', () => {
  test('every shard is small: at most SHARD_TOP records per term, whatever the number of pages', () => {
    const whole = gzipSync(JSON.stringify(index)).length;
    for (const f of files) {
      const size = gzipSync(f.contents).length;
      assert.ok(size < whole / 4, `${f.path}: ${size} B gzip (whole index ${whole} B)`);
    }
    const pa = shard('pa');
    assert.ok(pa.pages.length <= SHARD_TOP * 10, `${pa.pages.length} pages in shard pa`);
  });

  test('a query with only its own shards finds what the whole index ranks first', () => {
    const full = new SearchEngine(recordsFromIndex(index));
    for (const query of ['partitions', 'deduplication', 'materialized view', 'asof join', 'kafka', 'grafana', 'upsert keys', 'dedup']) {
      const expected = full.searchOne({ query, hitsPerPage: 1 }).hits[0]?.url;
      const got = withShardsFor(query).searchOne({ query, hitsPerPage: 1 }).hits[0]?.url;
      assert.ok(expected, query);
      assert.equal(got, expected, query);
    }
  });

  test('shards bring the same records as the whole index (same ids, hierarchy and order), and nothing twice', () => {
    const full = recordsFromIndex(index);
    const byId = new Map(full.map((r) => [r.objectID, r]));
    for (const r of recordsFromShard(shard('pa'))) assert.deepEqual(r, byId.get(r.objectID), r.objectID);
    const engine = withShardsFor('partitions');
    const before = engine.size;
    engine.add(full);
    assert.equal(engine.size, full.length, 'the whole index joins without duplicates');
    assert.ok(before > 0 && before < full.length / 10);
  });

  test('keys: two letters, and the same swapped for a typo there', () => {
    assert.deepEqual(queryShardKeys('partition'), ['pa', 'ap']);
    assert.deepEqual(queryShardKeys('p'), []);
    assert.deepEqual(queryShardKeys('oom'), ['oo']);
  });
});
