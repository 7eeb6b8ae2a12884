/** Search index files: records.json, content.json and the shards written in pieces, and kept from the previous build only when they would be made the same. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { PageSearchData } from '../../src/pipeline/search/records.ts';
import type { FragmentLayout } from '../../src/pipeline/search/fragment-file.ts';
import type { SearchReuse } from '../../src/pipeline/search/index-files.ts';
import { streamOutput, streamOutputInBackground } from '../../src/pipeline/emit/write-output.ts';
import { contentsOf, isFileRange } from '../../src/pipeline/emit/output.ts';
import { contentRecord, headingRecords } from '../../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile, SearchRecord } from '../../src/shared/search/types.ts';

/**
 * The records as the whole index makes them (the engine's headingRecords and contentRecord),
 * with object ids as records-file.ts documents them: a reference made independently of the
 * build's page-by-page fragments.
 */
function referenceRecords(index: { headings: HeadingsIndexFile; content: ContentIndexFile }, origin: string): SearchRecord[] {
  const idOf = (r: SearchRecord) => createHash('sha1').update(`${r.url}\n${r.type}\n${r.content ?? r.hierarchy[r.type === 'content' ? 'lvl1' : r.type] ?? ''}`).digest('hex').slice(0, 16);
  const upload = (objectID: string, r: SearchRecord): SearchRecord => ({ objectID, hierarchy: r.hierarchy, content: r.content, type: r.type, url: origin + r.url, ...(r.keywords !== undefined ? { keywords: r.keywords } : {}) });
  const base = headingRecords(index.headings);
  const out = base.map((r) => upload(idOf(r), r));
  const seen = new Map<string, number>();
  index.content.content.forEach((text, i) => {
    const r = contentRecord(index.headings, base, text, i);
    const id = idOf(r);
    const key = `${text[0]} ${id}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    out.push(upload(n === 0 ? id : `${id}-${n}`, r));
  });
  return out;
}

function searchPages(count: number, variant = ''): PageSearchData[] {
  return Array.from({ length: count }, (_, p) => ({
    route: `/docs/p${p}/`,
    section: `Section ${p % 7}`,
    title: `Page "${p}" <title>${variant}`,
    ...(p % 3 === 0 ? { keywords: `kw ${p}, "quoted"` } : {}),
    // Some pages have no headings, some no texts.
    headings: (p % 11 === 5 ? [] : [[2, `h-${p}`, `Heading ${p} ünïcode`, -1], [3, `s-${p}`, 'Sub', 0]]) as [number, string, string, number][],
    // The same text three times under one heading, and on every page: only its repeats on a page get a number.
    content: (p % 13 === 7 ? [] : [...Array.from({ length: 6 }, (_, c) => [p % 11 === 5 ? -1 : c % 2, `Paragraph ${c} of page ${p}, with "quotes", back\\slashes, ünïcode and a line\nbreak.`] as [number, string]), [p % 11 === 5 ? -1 : 1, 'Same text'], [p % 11 === 5 ? -1 : 1, 'Same text'], [p % 11 === 5 ? -1 : 1, 'Same text'], [p % 11 === 5 ? -1 : 0, 'A keyed row', `row-${p}`]]) as ([number, string] | [number, string, string])[],
  }));
}

test('records.json is written in pieces whose text is exactly JSON.stringify of the records, on a site large enough for several pieces', async () => {
  const { buildSearchIndex, searchFiles, RECORDS_FILE } = await import('../../src/pipeline/search/index-files.ts');
  const pages = searchPages(1200);
  const file = searchFiles(pages, 'https://questdb.com').find((f) => f.path === RECORDS_FILE)!;
  assert.ok('pieces' in file, 'written in pieces');
  const pieces = [...file.pieces()];
  assert.ok(pieces.length > 2, `pieces: ${pieces.length}`);
  const records = referenceRecords(buildSearchIndex(pages), 'https://questdb.com');
  assert.equal(pieces.join(''), JSON.stringify(records));
  assert.equal(new Set(records.map((r) => r.objectID)).size, records.length, 'object ids are unique');
  const same = records.filter((r) => r.content === 'Same text');
  assert.equal(same.length, 3 * pages.filter((p) => p.content.length > 0).length);
  assert.deepEqual(same.slice(0, 3).map((r) => r.objectID.replace(/^[0-9a-f]{16}/, '')), ['', '-1', '-2']);
  assert.equal(same.filter((r) => !r.objectID.includes('-')).length, pages.filter((p) => p.content.length > 0).length, 'each page numbers its own repeats');
  assert.ok(records.some((r) => r.keywords === 'kw 0, "quoted"'));
});

test('records.json copied in part from the previous file is byte for byte the file made anew, build after build', async () => {
  const { recordsPieces, RECORD_GROUPS } = await import('../../src/pipeline/search/records-file.ts');
  const { openPreviousFile, closePreviousFile } = await import('../../src/pipeline/search/fragment-file.ts');
  const dir = await mkdtemp(join(tmpdir(), 'qdb-records-'));
  const path = join(dir, 'records.json');
  const origin = 'https://questdb.com';
  type Page = { data: PageSearchData; key?: string };
  /**
   * Writes the file from `pages` with the build's writer (on libuv's threads or not), copying
   * from the one there by `layout`; answers the new layout and the bytes copied.
   */
  let round = 0;
  const write = async (pages: Page[], layout?: FragmentLayout) => {
    const previous = layout && openPreviousFile(path, layout, RECORD_GROUPS);
    const next: FragmentLayout = { size: 0, pages: [] };
    let copied = 0;
    function* counted() {
      for (const piece of recordsPieces(pages, origin, previous, next)) {
        if (isFileRange(piece)) copied += piece.end - piece.start;
        yield piece;
      }
    }
    try {
      if (round++ % 2 === 0) await streamOutputInBackground(dir, 'records.json', counted(), false);
      else await streamOutput(dir, 'records.json', counted());
    } finally {
      closePreviousFile(previous);
    }
    assert.equal(next.size, statSync(path).size, 'the layout has the file size');
    return { layout: next, copied };
  };
  const fresh = (pages: Page[]) => contentsOf({ path: 'records.json', pieces: () => recordsPieces(pages.map((p) => ({ data: p.data })), origin, undefined, { size: 0, pages: [] }) });
  const all = searchPages(400);
  const changed = searchPages(400, ' (changed)');
  let pages: Page[] = all.map((data, i) => ({ data, key: `k${i}` }));
  let { layout } = await write(pages);
  assert.equal(readFileSync(path, 'utf8'), fresh(pages));
  const rounds: [string, (p: Page[]) => Page[]][] = [
    ['nothing changed', (p) => p],
    ['three pages changed', (p) => p.map((x, i) => ([0, 57, 399].includes(i) ? { data: changed[i]!, key: `k${i}'` } : x))],
    ['a page removed and one added', (p) => [...p.slice(0, 100), ...p.slice(101), { data: { ...changed[5]!, route: '/docs/new/' }, key: 'new' }]],
    ['pages in another order, one without a key', (p) => [...p.slice(200), ...p.slice(0, 200).reverse()].map((x, i) => (i === 3 ? { data: x.data } : x))],
    ['the first page changed', (p) => [{ data: changed[1]!, key: 'first' }, ...p.slice(1)]],
  ];
  for (const [what, change] of rounds) {
    pages = change(pages);
    const made = await write(pages, layout);
    assert.equal(readFileSync(path, 'utf8'), fresh(pages), what);
    assert.ok(made.copied > statSync(path).size / 2, `${what}: most bytes copied (${made.copied})`);
    layout = made.layout;
  }
  // A file of another size than its layout says is not copied from.
  writeFileSync(path, readFileSync(path, 'utf8') + ' ');
  assert.equal(openPreviousFile(path, layout, RECORD_GROUPS), undefined);
  await rm(dir, { recursive: true, force: true });
});

test('a large site\'s search shards are kept from the previous build only when the site key and the headings index are the same', async () => {
  const { searchFiles } = await import('../../src/pipeline/search/index-files.ts');
  const { SHARD_FROM_PAGES, SHARDS_MANIFEST } = await import('../../src/shared/search/shards.ts');
  const { shardPaths } = await import('../../src/pipeline/search/shards.ts');
  const pages = searchPages(SHARD_FROM_PAGES);
  const made = (data: PageSearchData[], siteKey: string, previousShards?: string) => {
    const reuse: SearchReuse = { keys: new Map<string, string>(), records: { size: 0, pages: [] }, content: { size: 0, pages: [] }, siteKey, previousShards, keepShards: () => ['kept'] };
    const files = searchFiles(data, 'https://questdb.com', reuse);
    return { reuse, shardFiles: files.filter((f) => f.path.startsWith('search/shards')) };
  };
  const first = made(pages, 'site');
  assert.ok(first.shardFiles.length > 10, 'a site this large has shards');
  assert.equal(first.reuse.keptShards, undefined);
  const manifest = first.shardFiles.find((f) => f.path === SHARDS_MANIFEST)!;
  assert.deepEqual(shardPaths(String('contents' in manifest && manifest.contents)), first.shardFiles.map((f) => f.path).sort((a, b) => (a === SHARDS_MANIFEST ? 1 : b === SHARDS_MANIFEST ? -1 : a < b ? -1 : 1)));
  // A text edited: the same headings, so the same shards.
  const edited = pages.map((p, i) => (i === 7 ? { ...p, content: [...p.content, [-1, 'A new sentence.'] as [number, string]] } : p));
  const again = made(edited, 'site', first.reuse.shards);
  assert.deepEqual(again.reuse.keptShards, ['kept']);
  assert.equal(again.shardFiles.length, 0);
  assert.equal(again.reuse.shards, first.reuse.shards);
  // A heading edited, or another site key (new code, settings or navigation): made again.
  const heading = pages.map((p, i) => (i === 7 ? { ...p, headings: [[2, 'h-new', 'A new heading', -1]] as [number, string, string, number][] } : p));
  assert.equal(made(heading, 'site', first.reuse.shards).shardFiles.length > 0, true);
  assert.equal(made(pages, 'other', first.reuse.shards).shardFiles.length > 0, true);
  // Kept shards that cannot be read back are made again.
  const unreadable: SearchReuse = { keys: new Map<string, string>(), records: { size: 0, pages: [] }, content: { size: 0, pages: [] }, siteKey: 'site', previousShards: first.reuse.shards, keepShards: () => undefined };
  assert.ok(searchFiles(pages, 'https://questdb.com', unreadable).some((f) => f.path === SHARDS_MANIFEST));
  assert.equal(shardPaths('not json'), undefined);
  assert.equal(shardPaths('{"v":1,"keys":[1]}'), undefined);
});

test('content.json copied in part from the previous file is byte for byte JSON.stringify of the index, as pages and headings come and go', async () => {
  const { buildSearchIndex, searchFiles, CONTENT_FILE, CONTENT_GROUPS } = await import('../../src/pipeline/search/index-files.ts');
  const { openPreviousFile, closePreviousFile } = await import('../../src/pipeline/search/fragment-file.ts');
  const dir = await mkdtemp(join(tmpdir(), 'qdb-content-'));
  const path = join(dir, 'content.json');
  /** One build: the file written from `pages` (each page's key by route), copying from the one there by `layout`. */
  const build = async (pages: PageSearchData[], keys: Map<string, string>, layout?: FragmentLayout) => {
    const reuse: SearchReuse = { keys, records: { size: 0, pages: [] }, content: { size: 0, pages: [] } };
    reuse.previousContent = layout && openPreviousFile(path, layout, CONTENT_GROUPS);
    const file = searchFiles(pages, 'https://questdb.com', reuse).find((f) => f.path === CONTENT_FILE)!;
    if (!('pieces' in file)) throw new Error('content.json is written in pieces');
    const pieces = file.pieces;
    let copied = 0;
    function* counted() {
      for (const piece of pieces()) {
        if (isFileRange(piece)) copied += piece.end - piece.start;
        yield piece;
      }
    }
    try {
      const digest = await streamOutputInBackground(dir, 'content.json', counted(), true);
      assert.equal(digest.revision, createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 32), 'the revision is of the bytes written');
    } finally {
      closePreviousFile(reuse.previousContent);
    }
    assert.equal(readFileSync(path, 'utf8'), JSON.stringify(buildSearchIndex(pages).content));
    assert.equal(reuse.content.size, statSync(path).size);
    return { layout: reuse.content, copied };
  };
  const keysOf = (pages: PageSearchData[], version: (i: number) => string = () => '') => new Map(pages.map((p, i) => [p.route, `k${i}${version(i)}`]));
  let pages = searchPages(300);
  let keys = keysOf(pages);
  let { layout } = await build(pages, keys);
  // A text changed on page 10: every other page copied.
  pages = pages.map((p, i) => (i === 10 ? { ...p, content: [...p.content, [-1, 'An added sentence.'] as [number, string]] } : p));
  keys = keysOf(pages, (i) => (i === 10 ? "'" : ''));
  let made = await build(pages, keys, layout);
  assert.ok(made.copied > statSync(path).size * 0.9, `copied ${made.copied}`);
  layout = made.layout;
  // A heading added on page 20: the pages after it are numbered anew, so made again.
  pages = pages.map((p, i) => (i === 20 ? { ...p, headings: [...p.headings, [2, 'new', 'A new heading', -1] as [number, string, string, number]] } : p));
  keys = keysOf(pages, (i) => (i === 10 ? "'" : i === 20 ? "''" : ''));
  made = await build(pages, keys, layout);
  assert.ok(made.copied > 0 && made.copied < statSync(path).size * 0.2, `copied ${made.copied}`);
  layout = made.layout;
  // A page removed near the start, and another without a key.
  pages = [...pages.slice(0, 2), ...pages.slice(3)];
  keys = new Map([...keys].filter(([route]) => route !== '/docs/p2/' && route !== '/docs/p7/'));
  made = await build(pages, keys, layout);
  await rm(dir, { recursive: true, force: true });
});
