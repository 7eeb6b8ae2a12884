#!/usr/bin/env tsx
// Prints the first hits of a query on the built site's local index, as the search modal ranks
// them: for writers checking a synonym, a keyword or a new page before adding a relevance query.
// Usage: npm run search:query -- "retention policy" [--limit 10] [--out DIR]   (after npm run build)
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SearchEngine, recordsFromIndex } from '../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile, SearchHit } from '../src/shared/search/types.ts';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const limit = Number(opt('--limit') ?? 10);
const out = resolve(opt('--out') ?? 'build');
const query = args.join(' ').trim();
if (query === '' || !Number.isInteger(limit) || limit < 1) {
  console.error('usage: npm run search:query -- "words to search" [--limit N] [--out DIR]');
  process.exit(1);
}
const headingsFile = join(out, 'search/headings.json');
if (!existsSync(headingsFile)) {
  console.error(`no search index at ${headingsFile}: run npm run build first (or pass --out DIR)`);
  process.exit(1);
}
const read = (path: string) => JSON.parse(readFileSync(join(out, path), 'utf8')) as unknown;
const engine = new SearchEngine(recordsFromIndex(read('search/headings.json') as HeadingsIndexFile, read('search/content.json') as ContentIndexFile));
const result = engine.search([{ indexName: 'docs', query, hitsPerPage: limit }]).results[0]!;
/** The hit's deepest heading, as the modal shows it. */
const headingOf = (hit: SearchHit) => [hit.hierarchy.lvl2, hit.hierarchy.lvl3, hit.hierarchy.lvl4].filter(Boolean).pop() ?? '';
console.log(`${result.nbHits} hits for "${query}"`);
result.hits.forEach((hit, i) => {
  const url = hit.url.replace(/^https?:\/\/[^/]+/, '');
  console.log(`${String(i + 1).padStart(2)}. ${hit.hierarchy.lvl1 ?? ''}${headingOf(hit) ? ' › ' + headingOf(hit) : ''}\n    ${url}`);
});
