/**
 * The built-in search engine: an inverted index over DocSearch-shaped records, queried in
 * the browser (and in the tests and the bench), answering in the shape of Algolia's
 * multi-search response so one modal serves both engines.
 *
 * Matching follows Algolia's defaults where DocSearch relies on them: every word must
 * match (common words are optional), the last word matches as a prefix while typing, 1
 * typo is allowed from 4 letters and 2 from 8, and hits are distinct by url. Ranking, in
 * order: words matched, typos, the attribute matched (the record's own heading, then the
 * page title, the headings above, the text, the section), exact over prefix words, how
 * much of the heading the query covers (so `avg` lands on the heading `avg`), the record
 * level (page before heading before text) and the position in the site.
 */
import type { MultiSearchResponse, SearchRecord, SearchRequest, SearchResult } from './types.ts';
import { hit, snippetLengths } from './highlight.ts';
import { SearchIndex } from './index.ts';
import { variants, type TermMatch } from './match.ts';
import { compare, score, type Scored } from './rank.ts';
import { incidentalWords, queryWords } from './text.ts';

// The engine's parts, exported from here as before so importers need not know the layout.
export { contentRecord, headingRecords, recordsFromIndex } from './records.ts';
export { mark } from './highlight.ts';

export const MAX_QUERY_LENGTH = 64;
const DEFINITION_QUESTION = /^\s*(what\s+(is|are)|what's|whats|how\s+(does|do|is|are)\s+(?!i\b|you\b|we\b)|why\s+(is|are|does|do))\b/i;
/** `tables()`, `now()`: the reader asks for a function by name. */
const FUNCTION_CALL = /^\s*[\p{L}\p{N}_.]+\s*\(\s*\)\s*$/u;
/** Records of one page shown before other pages' records are (the rest follow them). */
const RECORDS_PER_PAGE_FIRST = 5;

export interface EngineOptions {
  /** Random id source for queryID (tests pass a fixed one). */
  queryId?: () => string;
}

function randomId(): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += Math.floor(Math.random() * 16).toString(16);
  return s;
}

export class SearchEngine {
  private index = new SearchIndex();
  private readonly queryId: () => string;

  constructor(records: SearchRecord[] = [], options: EngineOptions = {}) {
    this.queryId = options.queryId ?? randomId;
    this.add(records);
  }

  get size(): number {
    return this.index.docs.length;
  }

  /** Adds records (e.g. the content index once it arrives). */
  add(records: SearchRecord[]): void {
    this.index.add(records);
  }

  /** Every word of the query and of its synonym wordings (the sharded index loads their shards). */
  wordsOf(query: string): string[] {
    const words = queryWords(query.slice(0, MAX_QUERY_LENGTH));
    return [...new Set(variants(words).flatMap((v) => v.words))];
  }

  /** A multi-search: `{ requests }` (algoliasearch v5) or a bare array (v4), answered in order. */
  search(params: { requests: SearchRequest[] } | SearchRequest[]): MultiSearchResponse {
    const requests = Array.isArray(params) ? params : params.requests;
    return { results: requests.map((r) => this.searchOne(r)) };
  }

  /** One search, as Algolia answers one request of a multi-search. */
  searchOne(request: SearchRequest): SearchResult {
    const started = performance.now();
    const query = (request.query ?? '').slice(0, MAX_QUERY_LENGTH);
    const hitsPerPage = request.hitsPerPage ?? 20;
    const page = request.page ?? 0;
    const { scored, words, terms } = this.rank(query);
    const { distinct, sectionText } = this.distinct(scored);
    const snippetWords = snippetLengths(request.attributesToSnippet);
    const marks = { pre: request.highlightPreTag ?? '<em>', post: request.highlightPostTag ?? '</em>', ellipsis: request.snippetEllipsisText ?? '…' };
    const matchedTerms = terms.map((t) => new Map(t.map((m) => [m.term, m])));
    const hits = distinct.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((doc) => hit(this.index.docs[doc]!, words, matchedTerms, snippetWords, marks, sectionText));
    return {
      hits,
      nbHits: distinct.length,
      page,
      nbPages: Math.ceil(distinct.length / hitsPerPage),
      hitsPerPage,
      query,
      params: `query=${encodeURIComponent(query)}&hitsPerPage=${hitsPerPage}`,
      processingTimeMS: Math.round(performance.now() - started),
      exhaustiveNbHits: true,
      ...(request.indexName ? { index: request.indexName } : {}),
      ...(request.clickAnalytics ? { queryID: this.queryId() } : {}),
    };
  }

  /**
   * Every matching record, best first, each with its best score over the query's wordings;
   * and the words of every wording with their matched terms (highlights mark a synonym's
   * words where it matched).
   */
  private rank(query: string): { scored: Scored[]; words: string[]; terms: TermMatch[][] } {
    const prefixLast = !/\s$/.test(query);
    // "What is a symbol", "how does the WAL work": a concept page explains; "how do I" asks for a task.
    const definitionQuestion = DEFINITION_QUESTION.test(query);
    const functionCall = FUNCTION_CALL.test(query);
    const incidental = incidentalWords(query);
    const docs = this.index.docs;
    const best = new Map<number, Scored>();
    const allTerms: TermMatch[][] = [];
    const allWords: string[] = [];
    for (const variant of variants(queryWords(query))) {
      const { scored, terms } = score(this.index, variant.words, variant.concept, prefixLast, definitionQuestion, incidental, variant.named ?? variant.concept);
      terms.forEach((t, i) => {
        if (allWords.includes(variant.words[i]!)) return;
        allWords.push(variant.words[i]!);
        allTerms.push(t);
      });
      for (const s of scored) {
        if (functionCall) {
          // A function is named by its heading, not by a page whose title or keywords share the word.
          s.aboutTitle = s.names && docs[s.doc]!.level > 1 ? 1 : 0;
          s.about = 0;
          s.mostlyAbout = 0;
        }
        const prev = best.get(s.doc);
        if (!prev || compare(docs, s, prev) < 0) best.set(s.doc, s);
      }
    }
    return { scored: [...best.values()].sort((a, b) => compare(docs, a, b)), words: allWords, terms: allTerms };
  }

  /**
   * Distinct by url: the best record of each section stands for it. A page's records after
   * its first few wait until every page has shown its first few: one long page (the
   * configuration reference) must not fill the first results alone. Also the best matching
   * text of each section: a heading that stands for its section shows it as its snippet (the
   * text that matched), without changing which hits come or their order.
   */
  private distinct(scored: Scored[]): { distinct: number[]; sectionText: Map<string, string> } {
    const seen = new Set<string>();
    const distinct: number[] = [];
    const later: number[] = [];
    const perPage = new Map<number, number>();
    const sectionText = new Map<string, string>();
    for (const s of scored) {
      const { url, content } = this.index.docs[s.doc]!;
      if (content !== null && !sectionText.has(url)) sectionText.set(url, content);
      if (seen.has(url)) continue;
      seen.add(url);
      const page = this.index.pageOf(s.doc);
      const shown = perPage.get(page) ?? 0;
      perPage.set(page, shown + 1);
      (shown < RECORDS_PER_PAGE_FIRST ? distinct : later).push(s.doc);
    }
    distinct.push(...later);
    return { distinct, sectionText };
  }
}
