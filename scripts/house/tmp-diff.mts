// Throwaway differential run: every query and every typed prefix through the engine; full JSON out.
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
const wt = process.argv[3]!;
const { SearchEngine, recordsFromIndex, headingRecords, contentRecord, mark, MAX_QUERY_LENGTH } = await import(wt + '/src/shared/search/engine.ts');
const { RELEVANCE_QUERIES } = await import(wt + '/test/content/search-queries.ts');
const { REAL_QUESTIONS } = await import(wt + '/test/content/search-real-questions.ts');
const headings = JSON.parse(readFileSync('/tmp/engine-diff/headings.json', 'utf8'));
const content = JSON.parse(readFileSync('/tmp/engine-diff/content.json', 'utf8'));
const out: string[] = [];
const recs = recordsFromIndex(headings, content);
out.push(createHash('sha256').update(JSON.stringify(recs)).digest('hex'), String(MAX_QUERY_LENGTH), typeof mark, typeof headingRecords, typeof contentRecord);
const full = new SearchEngine(recs, { queryId: () => 'x' });
// Headings first, content added in slices later (as the browser does).
const inc = new SearchEngine(headingRecords(headings), { queryId: () => 'x' });
const queries = [...new Set([...RELEVANCE_QUERIES.map((q: any) => q.query), ...REAL_QUESTIONS.map((q: any) => q.query)])];
const prefixes = new Set<string>();
for (const q of queries) for (let i = 1; i <= q.length; i++) prefixes.add(q.slice(0, i));
const req = (query: string) => ({ query, indexName: 'docs', hitsPerPage: 20, clickAnalytics: true, attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10'], snippetEllipsisText: '…', highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
const clean = (r: any) => { const { processingTimeMS: _p, queryID: _q, ...rest } = r; return rest; };
for (const q of queries) {
  out.push(JSON.stringify(inc.searchOne(req(q)).hits.map((h: any) => h.objectID)));
  out.push(JSON.stringify(full.wordsOf(q)));
  out.push(JSON.stringify(clean(full.searchOne({ query: q, page: 1, hitsPerPage: 5 }))));
}
const base = recs.slice(0, headingRecords(headings).length);
const contentRecs = recs.slice(base.length);
for (let i = 0; i < contentRecs.length; i += 50000) inc.add(contentRecs.slice(i, i + 50000));
for (const q of prefixes) {
  out.push(q);
  out.push(JSON.stringify(clean(full.searchOne(req(q)))));
  const a = inc.search({ requests: [req(q)] }).results[0];
  out.push(JSON.stringify(a.hits.map((h: any) => h.objectID)));
}
const text = out.join('\n');
writeFileSync(process.argv[2]!, text);
console.log(queries.length, 'queries', prefixes.size, 'prefixes', createHash('sha256').update(text).digest('hex'));
