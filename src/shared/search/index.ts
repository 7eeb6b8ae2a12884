/**
 * The engine's inverted index: records become docs, each term of a doc one posting that
 * says where in the record the term is (its attribute rank) and whether only part of a
 * compound matched; the sorted vocabulary serves prefixes and the first-letter buckets typos.
 */
import type { SearchRecord } from './types.ts';
import { LEVELS } from './records.ts';
import { forEachWord, normalize, queryWords } from './text.ts';

/** Attribute ranks: lower is better. */
export const RANK_OWN = 0;
/** A page's keywords (front matter, sidebar label, slug): the reader's words for what the page is about. */
export const RANK_KEYWORDS = 1;
export const RANK_TITLE = 2;
export const RANK_ANCESTOR = 3;
/** Text that starts with the word (a configuration row's key, a definition) beats text that mentions it later. */
export const RANK_CONTENT_START = 4;
export const RANK_CONTENT = 5;
export const RANK_SECTION = 6;
/** Words at the start of a text: the rest of it is "later". */
const START_WORDS = 3;

export interface Doc extends SearchRecord {
  /** Position in the site, for the last tie-break. */
  order: number;
  /** 1 for page titles … 6 for level-6 headings, 7 for text. */
  level: number;
  /** Words of the record's own heading (for headings and titles). */
  ownWords: number;
  /** The doc of the record's page (looked up once, on first use). */
  page?: number;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A record's own heading: its heading, or for a text that starts with its own anchor (a configuration row), that anchor. */
function ownHeading(r: SearchRecord): string {
  if (r.type !== 'content') return r.hierarchy[r.type] ?? '';
  // A text that starts with its own anchor (a configuration row: `http.net.bind.to …`) is named by it, like a heading.
  const anchor = safeDecode(r.url.split('#')[1] ?? '');
  const namedText = anchor !== '' && normalize(r.content ?? '').startsWith(normalize(anchor));
  return namedText ? anchor : '';
}

/**
 * Each term of a record with its best posting code (rank << 1 | part): the record's own
 * heading, keywords, title, the headings above, its text and its section, best first.
 */
function recordTerms(r: SearchRecord, own: string, level: number, wordsOf: (text: string) => string[]): Map<string, number> {
  const best = new Map<string, number>();
  const setBest = (term: string, code: number) => {
    const prev = best.get(term);
    if (prev === undefined || code < prev) best.set(term, code);
  };
  /** A word and, for a compound, its parts (flagged as parts: they are not exact matches). */
  const noteWord = (word: string, rank: number) => {
    setBest(word, rank << 1);
    if (word.includes('.') || word.includes('_')) {
      for (const p of word.split(/[._]/)) if (p) setBest(p, (rank << 1) | 1);
      // And what follows each dot: `vm.max_map_count` holds `max_map_count`, `http.net.bind.to` holds `net.bind.to`.
      for (let i = word.indexOf('.'); i >= 0 && i < word.length - 1; i = word.indexOf('.', i + 1)) setBest(word.slice(i + 1), (rank << 1) | 1);
    }
  };
  const note = (text: string | null | undefined, rank: number) => {
    if (!text) return;
    if (rank === RANK_CONTENT) forEachWord(text, (w, i) => noteWord(w, i < START_WORDS ? RANK_CONTENT_START : RANK_CONTENT));
    else for (const w of wordsOf(text)) noteWord(w, rank);
  };
  note(own, RANK_OWN);
  if (r.type === 'lvl1' && r.keywords) {
    // The first keyword names the page's subject as its title does (`within` for the spatial operators page).
    const comma = r.keywords.indexOf(',');
    note(comma < 0 ? r.keywords : r.keywords.slice(0, comma), RANK_OWN);
    if (comma >= 0) note(r.keywords.slice(comma + 1), RANK_KEYWORDS);
  }
  if (r.type !== 'lvl1') note(r.hierarchy.lvl1, RANK_TITLE);
  for (let l = 2; l < level && l <= 6; l++) note(r.hierarchy[LEVELS[l]!], RANK_ANCESTOR);
  note(r.content, RANK_CONTENT);
  note(r.hierarchy.lvl0, RANK_SECTION);
  return best;
}

export class SearchIndex {
  docs: Doc[] = [];
  /** term → packed postings (doc << 4 | rank << 1 | part). */
  postings = new Map<string, number[]>();
  byFirstChar = new Map<string, string[]>();
  sorted: string[] = [];
  private vocabularyStale = false;
  /** Route → the page record's doc, for ranking a record by what its page is about. */
  pageDocs = new Map<string, number>();
  /** Object ids already added. */
  private ids = new Set<string>();
  /** Terms added since the vocabulary was last brought up to date. */
  private newTerms: string[] = [];
  /** Per page doc, the stamp of the last word that counted it (wordStats). */
  private seenPage = new Uint32Array(0);
  private stamp = 0;
  /** Records per page, and the record count they were taken at. */
  private sizes?: Map<number, number>;
  private sizesOf = 0;

  /** Adds records (e.g. the content index once it arrives). */
  add(records: SearchRecord[]): void {
    // Headings repeat on every record below them: split each into words once.
    const wordCache = new Map<string, string[]>();
    const wordsOf = (text: string) => {
      let words = wordCache.get(text);
      if (!words) {
        words = [];
        forEachWord(text, (w) => words!.push(w));
        wordCache.set(text, words);
      }
      return words;
    };
    for (const r of records) {
      // Shards and the whole index overlap: a record already in is not added twice.
      if (this.ids.has(r.objectID)) continue;
      this.ids.add(r.objectID);
      const level = r.type === 'content' ? 7 : Number(r.type.slice(3));
      const own = ownHeading(r);
      const doc: Doc = { ...r, order: r.position ?? this.docs.length, level, ownWords: queryWords(own).length };
      const id = this.docs.push(doc) - 1;
      if (r.type === 'lvl1') this.pageDocs.set(r.url.split('#')[0]!, id);
      for (const [term, code] of recordTerms(r, own, level, wordsOf)) {
        let list = this.postings.get(term);
        if (!list) {
          this.postings.set(term, (list = []));
          this.newTerms.push(term);
        }
        list.push((id << 4) | code);
      }
    }
    this.vocabularyStale = true;
  }

  /**
   * The sorted vocabulary (prefixes) and its first-letter buckets (typos), brought up to
   * date before a query: new terms are sorted on their own and merged in, so adding the
   * content index in slices never re-sorts the whole vocabulary.
   */
  refreshVocabulary(): void {
    if (!this.vocabularyStale) return;
    this.vocabularyStale = false;
    const added = this.newTerms.sort();
    this.newTerms = [];
    const merged: string[] = new Array(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted.length && j < added.length) merged[k++] = this.sorted[i]! < added[j]! ? this.sorted[i++]! : added[j++]!;
    while (i < this.sorted.length) merged[k++] = this.sorted[i++]!;
    while (j < added.length) merged[k++] = added[j++]!;
    this.sorted = merged;
    for (const t of added) {
      const c = t[0]!;
      let list = this.byFirstChar.get(c);
      if (!list) this.byFirstChar.set(c, (list = []));
      list.push(t);
    }
  }

  /** How many page titles (or keywords) a word's matches hold, and on how many pages it is. */
  wordStats(m: Map<number, { rank: number }>): [titles: number, pages: number] {
    let titles = 0;
    let pages = 0;
    // Pages are counted with a stamp per doc (no set per word: this runs for every query word).
    if (this.seenPage.length < this.docs.length) this.seenPage = new Uint32Array(this.docs.length * 2);
    const stamp = ++this.stamp;
    for (const [doc, w] of m) {
      if (w.rank <= RANK_KEYWORDS && this.docs[doc]!.level === 1) titles++;
      const page = this.pageOf(doc);
      if (page >= 0 && this.seenPage[page] !== stamp) {
        this.seenPage[page] = stamp;
        pages++;
      }
    }
    return [titles, pages];
  }

  /** How many records each page has (counted again after records are added). */
  pageSizes(): Map<number, number> {
    if (this.sizes && this.sizesOf === this.docs.length) return this.sizes;
    const sizes = new Map<number, number>();
    for (let d = 0; d < this.docs.length; d++) {
      const page = this.pageOf(d);
      sizes.set(page, (sizes.get(page) ?? 0) + 1);
    }
    this.sizesOf = this.docs.length;
    return (this.sizes = sizes);
  }

  /** The doc of a record's page (-1 when the page record is not loaded). */
  pageOf(doc: number): number {
    const d = this.docs[doc]!;
    if (d.page === undefined) {
      const page = this.pageDocs.get(d.url.split('#')[0]!);
      // Not remembered while missing: a sharded index may add the page record later.
      if (page === undefined) return -1;
      d.page = page;
    }
    return d.page;
  }
}
