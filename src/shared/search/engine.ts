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
import type { ContentIndexFile, HeadingsIndexFile, Hierarchy, HighlightValue, HitType, MultiSearchResponse, SearchHit, SearchRecord, SearchRequest, SearchResult } from './types.ts';
import { escapeHtml } from '../html.ts';
import { SYNONYMS } from './synonyms.ts';
import { TRANSLATIONS } from './translations.ts';
import { allowedTypos, forEachWord, incidentalWords, normalize, queryWords, STOP_WORDS, termsOf, typoDistance, wordSpans } from './text.ts';

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export const MAX_QUERY_LENGTH = 64;
/** Attribute ranks: lower is better. */
const RANK_OWN = 0;
/** A page's keywords (front matter, sidebar label, slug): the reader's words for what the page is about. */
const RANK_KEYWORDS = 1;
const RANK_TITLE = 2;
const RANK_ANCESTOR = 3;
/** Text that starts with the word (a configuration row's key, a definition) beats text that mentions it later. */
const RANK_CONTENT_START = 4;
const RANK_CONTENT = 5;
const RANK_SECTION = 6;
/** Words at the start of a text: the rest of it is "later". */
const START_WORDS = 3;
/** A prefix expands to at most this many index terms (the most frequent are kept). */
const MAX_PREFIX_TERMS = 400;

interface Doc extends SearchRecord {
  /** Position in the site, for the last tie-break. */
  order: number;
  /** 1 for page titles … 6 for level-6 headings, 7 for text. */
  level: number;
  /** Words of the record's own heading (for headings and titles). */
  ownWords: number;
  /** The doc of the record's page (looked up once, on first use). */
  page?: number;
}

/** One query word matching one record: packed as typos, rank and exactness. */
interface WordMatch {
  typos: number;
  rank: number;
  exact: boolean;
}

/** One record's score for one wording of the query (lower is better unless said). */
interface Scored {
  doc: number;
  /** Share of the query's required words it lacks. */
  missing: number;
  /** Share of the query's words that are optional (common) and not in it. */
  optionalMissing: number;
  typos: number;
  /** Mean attribute rank of the matched words. */
  rank: number;
  /** Share of words matched exactly (higher is better). */
  exact: number;
  names: number;
  coverage: number;
  conceptTitle: number;
  aboutTitle: number;
  mostlyAbout: number;
  definition: number;
  /** 1 for a page record standing for words found in several records of its page. */
  scattered: number;
  about: number;
}

/** Synonym phrases as word lists. */
/** Synonym phrases as word lists: the readers' words for ours, then other products' words for ours. */
const SYNONYM_WORDS = [...SYNONYMS, ...TRANSLATIONS].map(([from, to]) => [from.split(' '), to.split(' ')] as const);
/** The sidebar section whose pages explain ideas (preferred for "what is …" questions). */
const CONCEPTS_SECTION = 'Concepts';
const DEFINITION_QUESTION = /^\s*(what\s+(is|are)|what's|whats|how\s+(does|do|is|are)\s+(?!i\b|you\b|we\b)|why\s+(is|are|does|do))\b/i;
/** `tables()`, `now()`: the reader asks for a function by name. */
const FUNCTION_CALL = /^\s*[\p{L}\p{N}_.]+\s*\(\s*\)\s*$/u;
/** Page-level matching runs when fewer records than this hold the whole query. */
const PAGE_MATCH_BELOW = 10;
const NONE: ReadonlySet<string> = new Set();
/** What a word counts for where a page has it, by attribute rank (own heading … section name). */
const FIELD_WEIGHTS = [4, 3, 3, 2, 1.5, 1, 0.5];
/** An incidental word of a pasted message (a value, a path part) counts this share of a word's weight. */
const INCIDENTAL_WEIGHT = 0.5;
/** Records of one page shown before other pages' records are (the rest follow them). */
const RECORDS_PER_PAGE_FIRST = 5;
/** A synonym's term names the page for queries with at most this many other required words. */
const CONCEPT_LEADS_UP_TO = 4;
/** Records that hold some of the query are ranked too when fewer than this hold all of it. */
const PARTIAL_BELOW = 3;
/** Wordings tried besides the query itself. */
const MAX_VARIANTS = 4;

interface TermMatch {
  term: string;
  typos: number;
  /** Matched as the beginning of a longer term (highlight only that part). */
  prefixLength?: number;
}

export interface EngineOptions {
  /** Random id source for queryID (tests pass a fixed one). */
  queryId?: () => string;
}

/**
 * Simple English forms of a word: plural and singular (enough for technical nouns), and the
 * stem of a verb's `-ing`, `-ed`, `-ion` forms and of `-ices` plurals, so that "filling",
 * "insertion" and "indices" find "fill", "insert" and "index".
 */
function pluralForms(word: string): string[] {
  if (word.length < 3 || /\d/.test(word)) return [];
  const forms = [word + 's'];
  if (/(s|x|ch|sh)$/.test(word)) forms.push(word + 'es');
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.length >= 6) {
    for (const [suffix, ...ends] of STEMS) {
      if (!word.endsWith(suffix)) continue;
      const stem = word.slice(0, -suffix.length);
      for (const end of ends) forms.push(stem + end);
      // "filling" → "fill", "stopped" → "stop".
      if (stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2]) forms.push(stem.slice(0, -1));
    }
  }
  return forms;
}
/** Suffix → endings that give the word's stem forms. */
const STEMS: readonly (readonly [string, ...string[]])[] = [
  ['ing', '', 'e'],
  ['ion', '', 'e'],
  ['ed', '', 'e'],
  ['ices', 'ex', 'ix'],
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function randomId(): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += Math.floor(Math.random() * 16).toString(16);
  return s;
}

function hierarchyOf(h: Partial<Hierarchy>): Hierarchy {
  return { lvl0: h.lvl0 ?? '', lvl1: h.lvl1 ?? '', lvl2: h.lvl2 ?? null, lvl3: h.lvl3 ?? null, lvl4: h.lvl4 ?? null, lvl5: h.lvl5 ?? null, lvl6: h.lvl6 ?? null };
}

/** Turns the compact index files into records (the same records the build writes for upload). */
export function recordsFromIndex(headings: HeadingsIndexFile, content?: ContentIndexFile): SearchRecord[] {
  const records = headingRecords(headings);
  content?.content.forEach((entry, i) => records.push(contentRecord(headings, records, entry, i)));
  return records;
}

/** The records of the pages (lvl1) and of their headings, in that order. */
export function headingRecords(headings: HeadingsIndexFile): SearchRecord[] {
  const records: SearchRecord[] = [];
  headings.pages.forEach(([route, section, title, keywords], i) => {
    const h = hierarchyOf({ lvl0: headings.sections[section] ?? '', lvl1: title });
    records.push({ objectID: `p${i}`, hierarchy: h, content: null, type: 'lvl1', url: route, position: i, ...(keywords ? { keywords } : {}) });
  });
  headings.headings.forEach(([page, level, anchor, text, parent], i) => {
    const base = records[parent >= 0 ? headings.pages.length + parent : page]!.hierarchy;
    const h: Hierarchy = { ...base };
    h[LEVELS[level]!] = text;
    for (let l = level + 1; l <= 6; l++) (h as unknown as Record<string, string | null>)[LEVELS[l]!] = null;
    records.push({ objectID: `h${i}`, hierarchy: h, content: null, type: LEVELS[level] as HitType, url: `${headings.pages[page]![0]}#${anchor}`, position: headings.pages.length + i });
  });
  return records;
}

/**
 * The record of the index's `i`th text, from `base`, the page and heading records (it takes
 * its heading's hierarchy and url). One at a time, so the build can write 430,000 of them
 * without holding them.
 */
export function contentRecord(headings: HeadingsIndexFile, base: SearchRecord[], [page, heading, text, anchor]: ContentIndexFile['content'][number], i: number): SearchRecord {
  const pages = headings.pages.length;
  const under = base[heading >= 0 ? pages + heading : page]!;
  const url = anchor ? `${headings.pages[page]![0]}#${anchor}` : under.url;
  return { objectID: `c${i}`, hierarchy: under.hierarchy, content: text, type: 'content', url, position: pages + headings.headings.length + i };
}

export class SearchEngine {
  private docs: Doc[] = [];
  /** term → packed postings (doc << 4 | rank << 1 | part). */
  private postings = new Map<string, number[]>();
  private byFirstChar = new Map<string, string[]>();
  private sorted: string[] = [];
  private vocabularyStale = false;
  /** Route → the page record's doc, for ranking a record by what its page is about. */
  private pageDocs = new Map<string, number>();
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
  private readonly queryId: () => string;

  constructor(records: SearchRecord[] = [], options: EngineOptions = {}) {
    this.queryId = options.queryId ?? randomId;
    this.add(records);
  }

  get size(): number {
    return this.docs.length;
  }

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
      // A text that starts with its own anchor (a configuration row: `http.net.bind.to …`) is named by it, like a heading.
      const anchor = r.type === 'content' ? safeDecode(r.url.split('#')[1] ?? '') : '';
      const namedText = anchor !== '' && normalize(r.content ?? '').startsWith(normalize(anchor));
      const own = r.type === 'content' ? (namedText ? anchor : '') : (r.hierarchy[r.type] ?? '');
      const doc: Doc = { ...r, order: r.position ?? this.docs.length, level, ownWords: queryWords(own).length };
      const id = this.docs.push(doc) - 1;
      if (r.type === 'lvl1') this.pageDocs.set(r.url.split('#')[0]!, id);
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
      for (const [term, code] of best) {
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
  private refreshVocabulary(): void {
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

  /** Index terms a query word matches: itself, longer terms when it is a prefix, and near misses. */
  private termsFor(word: string, prefix: boolean): TermMatch[] {
    this.refreshVocabulary();
    const out = new Map<string, TermMatch>();
    const prefixLimit = word.length <= 1 ? 40 : word.length === 2 ? 120 : MAX_PREFIX_TERMS;
    // A word and its plural are the same word ("partition" finds "Partitions" as exactly as "partition").
    for (const form of [word, ...pluralForms(word)]) if (this.postings.has(form)) out.set(form, { term: form, typos: 0 });
    if (prefix) {
      let lo = 0;
      let hi = this.sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.sorted[mid]! < word) lo = mid + 1;
        else hi = mid;
      }
      const found: string[] = [];
      for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(word); i++) found.push(this.sorted[i]!);
      // Short prefixes match thousands of terms: keep the most frequent (the likeliest words).
      if (found.length > prefixLimit) found.sort((a, b) => this.postings.get(b)!.length - this.postings.get(a)!.length).length = prefixLimit;
      for (const t of found) if (!out.has(t)) out.set(t, { term: t, typos: 0, prefixLength: word.length });
    }
    const max = allowedTypos(word.length);
    if (max > 0) {
      // Typos rarely hit the first letter; checking only terms that share it (or swap the first two) keeps this fast.
      const firsts = new Set([word[0]!, word[1] ?? '']);
      for (const first of firsts) {
        for (const t of this.byFirstChar.get(first) ?? []) {
          if (out.has(t)) continue;
          // A plural counts as its singular: "partiton" is one typo from "partitions" too.
          const stem = t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t;
          if (Math.abs(stem.length - word.length) <= max || Math.abs(t.length - word.length) <= max) {
            const d = Math.min(typoDistance(word, t, max), stem === t ? max + 1 : typoDistance(word, stem, max));
            if (d <= max) {
              out.set(t, { term: t, typos: d });
              continue;
            }
          }
          if (prefix && t.length > word.length) {
            const d = typoDistance(word, t.slice(0, word.length), max);
            if (d <= max) out.set(t, { term: t, typos: d, prefixLength: word.length });
          }
        }
      }
    }
    return [...out.values()];
  }

  /** Every record one query word matches, with its best match per record. */
  private matchWord(terms: TermMatch[]): Map<number, WordMatch> {
    const out = new Map<number, WordMatch>();
    for (const t of terms) {
      for (const p of this.postings.get(t.term) ?? []) {
        const doc = p >> 4;
        const rank = (p >> 1) & 7;
        const exact = t.typos === 0 && t.prefixLength === undefined && (p & 1) === 0;
        const prev = out.get(doc);
        if (!prev || t.typos < prev.typos || (t.typos === prev.typos && (rank < prev.rank || (rank === prev.rank && exact && !prev.exact)))) {
          out.set(doc, { typos: t.typos, rank, exact });
        }
      }
    }
    return out;
  }

  /**
   * The query and its synonym variants (synonyms.ts): each phrase of the query found on
   * the left of an entry is replaced by the right, one at a time (at most MAX_VARIANTS).
   */
  private variants(words: string[]): { words: string[]; concept: number[]; named?: number[] }[] {
    // The query itself names a page too with the phrase a synonym starts from, when a page
    // has that phrase in its title ("backup" names the Backup page as well as CHECKPOINT).
    const own: number[] = [];
    for (const [from] of SYNONYM_WORDS) {
      for (let i = 0; i + from.length <= words.length; i++) if (from.every((w, k) => words[i + k] === w)) own.push(...from.map((_, k) => i + k));
    }
    const out: { words: string[]; concept: number[]; named?: number[] }[] = [{ words, concept: [], named: [...new Set(own)] }];
    const seen = new Set([words.join(' ')]);
    for (const [from, to] of SYNONYM_WORDS) {
      if (out.length > MAX_VARIANTS) break;
      for (let i = 0; i + from.length <= words.length; i++) {
        if (!from.every((w, k) => words[i + k] === w)) continue;
        const variant = [...words.slice(0, i), ...to, ...words.slice(i + from.length)];
        const key = variant.join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          // The positions of the docs' own term, to find the page it names.
          out.push({ words: variant, concept: to.map((_, k) => i + k) });
        }
        break;
      }
    }
    return out;
  }

  /** Every word of the query and of its synonym wordings (the sharded index loads their shards). */
  wordsOf(query: string): string[] {
    const words = queryWords(query.slice(0, MAX_QUERY_LENGTH));
    return [...new Set(this.variants(words).flatMap((v) => v.words))];
  }

  /** Scores every record that matches one wording of the query. */
  /** How many page titles (or keywords) a word's matches hold, and on how many pages it is. */
  private wordStats(m: Map<number, WordMatch>): [titles: number, pages: number] {
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

  /**
   * For a query no record holds whole: each page's share of the query's weight it lacks,
   * each word counting by its weight and by where the page has it at best (its title over
   * a heading over its text), so the page that holds the rare words in the right places
   * comes first however the words are spread over it.
   */
  private lackingShares(matches: Map<number, WordMatch>[], weights: Map<number, number>, max: number): Map<number, number> {
    const idx = [...weights.keys()];
    const weight = [...weights.values()];
    const best = new Map<number, Float64Array>();
    const sizes = this.pageSizes();
    const mean = this.docs.length / (this.pageDocs.size || 1);
    idx.forEach((i, k) => {
      for (const [doc, w] of matches[i]!) {
        const page = this.pageOf(doc);
        if (page < 0) continue;
        let held = best.get(page);
        if (!held) best.set(page, (held = new Float64Array(idx.length)));
        // A word in a section of a long page (the configuration reference) says less than the
        // same word in a section of a short one; a page's title and keywords are not diluted.
        const spread = this.docs[doc]!.level > 1 ? Math.min(1, Math.sqrt(mean / (sizes.get(page) ?? mean))) : 1;
        const f = (FIELD_WEIGHTS[w.rank]! * spread) / (1 + w.typos);
        if (f > held[k]!) held[k] = f;
      }
    });
    const out = new Map<number, number>();
    for (const [page, held] of best) {
      let sum = 0;
      held.forEach((f, k) => (sum += f * weight[k]!));
      out.set(page, 1 - sum / max);
    }
    return out;
  }

  /** How many records each page has (counted again after records are added). */
  private pageSizes(): Map<number, number> {
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
  private pageOf(doc: number): number {
    const d = this.docs[doc]!;
    if (d.page === undefined) {
      const page = this.pageDocs.get(d.url.split('#')[0]!);
      // Not remembered while missing: a sharded index may add the page record later.
      if (page === undefined) return -1;
      d.page = page;
    }
    return d.page;
  }

  private score(words: string[], concept: number[], prefixLast: boolean, isDefinitionQuestion = false, incidental: ReadonlySet<string> = NONE, named: number[] = concept): { scored: Scored[]; terms: TermMatch[][] } {
    const perWord = words.map((w, i) => this.termsFor(w, prefixLast && i === words.length - 1));
    const matches = perWord.map((terms) => this.matchWord(terms));
    // Required: the words that can tell pages apart. Common words, the reader's own names and
    // numbers in a pasted message (incidental), and words no page has are optional.
    const required = words.map((w, i) => i).filter((i) => words.length === 1 || (!STOP_WORDS.has(words[i]!) && !incidental.has(words[i]!) && matches[i]!.size > 0));
    const requiredIdx = required.length > 0 ? required : words.map((_, i) => i);

    // Candidates: records matching every required word (for a synonym's wording, every word
    // of the docs' own term: the rest of a long question may be noise); if none, any word
    // (fewer words rank lower).
    const conceptRequired = concept.filter((i) => !STOP_WORDS.has(words[i]!));
    const mustMatch = conceptRequired.length > 0 ? conceptRequired : requiredIdx;
    let candidates: number[] = [];
    if (words.length > 0) {
      const smallest = mustMatch.reduce((a, b) => (matches[a]!.size <= matches[b]!.size ? a : b));
      for (const doc of matches[smallest]!.keys()) if (mustMatch.every((i) => matches[i]!.has(doc))) candidates.push(doc);
    }
    const stats = requiredIdx.map((i) => this.wordStats(matches[i]!));
    // The weight of a word a record lacks: rare words (on few pages) cost more than common
    // ones, so a record holding a pasted message's rare words beats one with its filler.
    const rarity = new Map(requiredIdx.map((i, k) => [i, Math.log(1 + this.pageDocs.size / (1 + stats[k]![1]))]));
    const totalRarity = [...rarity.values()].reduce((a, b) => a + b, 0) || 1;
    // Rank pages, not only records: a page whose records between them hold every required
    // word ("send data from kafka": the Kafka page says "send" in one place, "data" in another)
    // stands in the results by its page record, with each word's best rank on the page.
    const pageBest = new Map<number, Map<number, WordMatch>>();
    // Only when few records hold the whole query: otherwise they answer it, and this walk costs.
    const partly = words.length > 1 && candidates.length < PARTIAL_BELOW;
    if (!partly && mustMatch.length > 1 && candidates.length < PAGE_MATCH_BELOW) {
      const hasRecord = new Set(candidates.map((d) => this.pageOf(d)));
      for (const i of mustMatch) {
        for (const [doc, w] of matches[i]!) {
          const pageDoc = this.pageOf(doc);
          if (pageDoc < 0 || hasRecord.has(pageDoc)) continue;
          let best = pageBest.get(pageDoc);
          if (!best) pageBest.set(pageDoc, (best = new Map()));
          const prev = best.get(i);
          if (!prev || w.typos < prev.typos || (w.typos === prev.typos && w.rank < prev.rank)) best.set(i, w);
        }
      }
      for (const [pageDoc, best] of pageBest) {
        if (best.size === mustMatch.length) candidates.push(pageDoc);
        else pageBest.delete(pageDoc);
      }
    }
    const whole = new Set(candidates);

    // No record, or too few to fill the first results, holds the whole query (a long
    // question, a pasted message): after them, every record that holds some of it, its page
    // ranked by how much of the query it holds, and where.
    let partial: Map<number, number> | undefined;
    let partialWeights: Map<number, number> | undefined;
    let partialMax = 1;
    if (partly) {
      const all = new Set<number>(candidates);
      for (const m of matches) for (const d of m.keys()) all.add(d);
      candidates = [...all];
      partialWeights = new Map(rarity);
      for (let i = 0; i < words.length; i++) {
        if (!incidental.has(words[i]!) || STOP_WORDS.has(words[i]!) || matches[i]!.size === 0) continue;
        partialWeights.set(i, INCIDENTAL_WEIGHT * Math.log(1 + this.pageDocs.size / (1 + this.wordStats(matches[i]!)[1])));
      }
      partialMax = [...partialWeights.values()].reduce((a, b) => a + b, 0) * FIELD_WEIGHTS[RANK_OWN]! || 1;
      partial = this.lackingShares(matches, partialWeights, partialMax);
    }
    // What a record's page is about: [the docs' own term a synonym stands for is in its title
    // (or first keyword), every required word is there, every required word is in its title or keywords].
    const aboutCache = new Map<number, [number, number, number, number]>();
    const allAt = (pageDoc: number, idx: number[], maxRank: number) => idx.length > 0 && idx.every((i) => (matches[i]!.get(pageDoc)?.rank ?? Infinity) <= maxRank);
    // The weight of each required word: rare words (in few page titles) say more about
    // what a page is about than common ones ("table", "data").
    const weights = stats.map(([titles]) => Math.log(1 + this.pageDocs.size / (1 + titles)));
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
    const aboutPage = (doc: number): [number, number, number, number] => {
      const pageDoc = this.pageOf(doc);
      if (pageDoc < 0) return [0, 0, 0, 0];
      let about = aboutCache.get(pageDoc);
      if (about === undefined) {
        let share = 0;
        requiredIdx.forEach((i, k) => {
          const rank = matches[i]!.get(pageDoc)?.rank;
          if (rank !== undefined && rank <= RANK_KEYWORDS) share += weights[k]!;
        });
        // Half or more of what the query says, by weight, is in the page's title or keywords.
        const mostly = share / totalWeight >= 0.5 ? 1 : 0;
        about = [allAt(pageDoc, named, RANK_OWN) ? 1 : 0, allAt(pageDoc, requiredIdx, RANK_OWN) ? 1 : 0, allAt(pageDoc, requiredIdx, RANK_KEYWORDS) ? 1 : 0, mostly];
        aboutCache.set(pageDoc, about);
      }
      return about;
    };
    // How many required words the query has besides a synonym's term.
    const beyondConcept = requiredIdx.filter((i) => !named.includes(i)).length;
    const scored = candidates.map((doc): Scored => {
      let matched = 0;
      let missingRequired = 0;
      let missingWeight = 0;
      let held = 0;
      let typos = 0;
      let rank = 0;
      let exact = 0;
      let ownAll = true;
      const pageWords = pageBest.get(doc);
      for (let i = 0; i < matches.length; i++) {
        const w = pageWords?.get(i) ?? matches[i]!.get(doc);
        if (!w) {
          ownAll = false;
          const r = rarity.get(i);
          if (r !== undefined) {
            missingRequired++;
            missingWeight += r;
          }
          continue;
        }
        matched++;
        const pw = partialWeights?.get(i);
        if (pw !== undefined) held += (pw * FIELD_WEIGHTS[w.rank]!) / (1 + w.typos);
        typos += w.typos;
        rank += w.rank;
        if (w.exact) exact++;
        if (w.rank !== RANK_OWN) ownAll = false;
      }
      const d = this.docs[doc]!;
      const coverage = ownAll && d.ownWords > 0 ? matched / d.ownWords : 0;
      // A heading that is just the query (`avg`), or a page title that is mostly it ("SAMPLE BY keyword"), names what was asked for.
      const names = coverage >= (d.level === 1 ? 0.5 : 1) ? 1 : 0;
      const [conceptTitle, aboutTitle, about, mostlyAbout] = aboutPage(doc);
      const definition = this.docs[doc]!.hierarchy.lvl0 === CONCEPTS_SECTION && isDefinitionQuestion ? 1 : 0;
      // Per word, so wordings of different lengths compare.
      // Common words ("per", "how") are optional: missing one costs only after everything else.
      // The page named by a synonym's term leads for a short query, or for a record that holds
      // the whole query: in a long question, "postgres" alone does not make it one about the
      // PostgreSQL pages.
      const leads = missingRequired === 0 || beyondConcept <= CONCEPT_LEADS_UP_TO ? conceptTitle : 0;
      return { doc, missing: partialWeights && !whole.has(doc) ? 1 - held / partialMax : missingWeight / totalRarity, optionalMissing: (words.length - matched - missingRequired) / words.length, typos, rank: matched > 0 ? rank / matched : RANK_SECTION + 1, exact: matched > 0 ? exact / matched : 0, names, coverage, conceptTitle: leads, aboutTitle, about, mostlyAbout, definition, scattered: pageWords ? 1 : 0 };
    });
    if (partial) this.rankByPage(scored.filter((s) => !whole.has(s.doc)), partial);
    return { scored, terms: perWord };
  }

  /**
   * A query no record holds whole: each page's record that holds the most of it stands for
   * the page, ranked by what the page as a whole lacks; its other records keep their own
   * share, so one long page does not fill the results.
   */
  private rankByPage(scored: Scored[], lacking: Map<number, number>): void {
    const best = new Map<number, Scored>();
    for (const s of scored) {
      const page = this.pageOf(s.doc);
      const prev = best.get(page);
      if (!prev || s.missing < prev.missing || (s.missing === prev.missing && s.rank < prev.rank)) best.set(page, s);
    }
    for (const [page, s] of best) s.missing = Math.min(s.missing, lacking.get(page) ?? 1);
  }

  /** One search, as Algolia answers one request of a multi-search. */
  searchOne(request: SearchRequest): SearchResult {
    const started = performance.now();
    const query = (request.query ?? '').slice(0, MAX_QUERY_LENGTH);
    const hitsPerPage = request.hitsPerPage ?? 20;
    const page = request.page ?? 0;
    const words = queryWords(query);
    const prefixLast = !/\s$/.test(query);
    // "What is a symbol", "how does the WAL work": a concept page explains; "how do I" asks for a task.
    const definitionQuestion = DEFINITION_QUESTION.test(query);
    const functionCall = FUNCTION_CALL.test(query);
    const incidental = incidentalWords(query);
    // Each record keeps its best score over the query's wordings.
    const best = new Map<number, Scored>();
    // Highlights mark the words of every wording (a synonym's words where it matched).
    const allTerms: TermMatch[][] = [];
    const allWords: string[] = [];
    for (const variant of this.variants(words)) {
      const { scored, terms } = this.score(variant.words, variant.concept, prefixLast, definitionQuestion, incidental, variant.named ?? variant.concept);
      terms.forEach((t, i) => {
        if (allWords.includes(variant.words[i]!)) return;
        allWords.push(variant.words[i]!);
        allTerms.push(t);
      });
      for (const s of scored) {
        if (functionCall) {
          // A function is named by its heading, not by a page whose title or keywords share the word.
          s.aboutTitle = s.names && this.docs[s.doc]!.level > 1 ? 1 : 0;
          s.about = 0;
          s.mostlyAbout = 0;
        }
        const prev = best.get(s.doc);
        if (!prev || this.compare(s, prev) < 0) best.set(s.doc, s);
      }
    }
    const scored = [...best.values()].sort((a, b) => this.compare(a, b));

    // Distinct by url: the best record of each section stands for it.
    const seen = new Set<string>();
    const distinct: number[] = [];
    // A page's records after its first few wait until every page has shown its first few:
    // one long page (the configuration reference) must not fill the first results alone.
    const later: number[] = [];
    const perPage = new Map<number, number>();
    // The best matching text of each section: a heading that stands for its section shows it
    // as its snippet (the text that matched), without changing which hits come or their order.
    const sectionText = new Map<string, string>();
    for (const s of scored) {
      const { url, content } = this.docs[s.doc]!;
      if (content !== null && !sectionText.has(url)) sectionText.set(url, content);
      if (seen.has(url)) continue;
      seen.add(url);
      const page = this.pageOf(s.doc);
      const shown = perPage.get(page) ?? 0;
      perPage.set(page, shown + 1);
      (shown < RECORDS_PER_PAGE_FIRST ? distinct : later).push(s.doc);
    }
    distinct.push(...later);

    const snippetWords = snippetLengths(request.attributesToSnippet);
    const marks = { pre: request.highlightPreTag ?? '<em>', post: request.highlightPostTag ?? '</em>', ellipsis: request.snippetEllipsisText ?? '…' };
    const matchedTerms = allTerms.map((terms) => new Map(terms.map((t) => [t.term, t])));
    const hits = distinct.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((doc) => this.hit(this.docs[doc]!, allWords, matchedTerms, snippetWords, marks, sectionText));
    const result: SearchResult = {
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
    return result;
  }

  /** Best first: words matched, typos, what the page is about, naming, attribute, exactness, level, position. */
  private compare(a: Scored, b: Scored): number {
    return (
      // The page named by the docs' own term for what the reader typed (synonyms.ts) first;
      b.conceptTitle - a.conceptTitle ||
      a.missing - b.missing ||
      a.typos - b.typos ||
      // for a question about what something is, the concept pages;
      b.definition - a.definition ||
      // then a page titled after the query;
      b.aboutTitle - a.aboutTitle ||
      // a record that holds the whole query before a page that holds it in several places;
      a.scattered - b.scattered ||
      // then the record that is exactly what was asked for (a heading `avg`, a configuration row);
      b.names - a.names ||
      // then pages whose keywords name the query, or most of it by weight.
      b.about - a.about ||
      b.mostlyAbout - a.mostlyAbout ||
      a.rank - b.rank ||
      b.exact - a.exact ||
      this.docs[a.doc]!.level - this.docs[b.doc]!.level ||
      b.coverage - a.coverage ||
      a.optionalMissing - b.optionalMissing ||
      this.docs[a.doc]!.order - this.docs[b.doc]!.order
    );
  }

  /** A multi-search: `{ requests }` (algoliasearch v5) or a bare array (v4), answered in order. */
  search(params: { requests: SearchRequest[] } | SearchRequest[]): MultiSearchResponse {
    const requests = Array.isArray(params) ? params : params.requests;
    return { results: requests.map((r) => this.searchOne(r)) };
  }

  private hit(doc: Doc, words: string[], terms: Map<string, TermMatch>[], snippetWords: Map<string, number>, marks: Marks, sectionText: Map<string, string>): SearchHit {
    const { order: _order, level: _level, ownWords: _own, position: _position, ...record } = doc;
    const highlight = {} as Record<keyof Hierarchy, HighlightValue>;
    const snippet: Partial<Record<keyof Hierarchy, HighlightValue>> = {};
    for (const l of LEVELS) {
      const text = doc.hierarchy[l];
      if (text === null) continue;
      if (l === 'lvl0') {
        // DocSearch shows lvl0 (the group title) as text, not HTML: escaping it would show "&amp;".
        highlight[l] = { value: text, matchLevel: 'none', matchedWords: [] };
        continue;
      }
      highlight[l] = mark(text, words, terms, marks);
      const n = snippetWords.get(`hierarchy.${l}`);
      if (n !== undefined) snippet[l] = mark(text, words, terms, marks, n);
    }
    const hit: SearchHit = { ...record, _highlightResult: { hierarchy: highlight }, _snippetResult: { hierarchy: snippet } };
    const n = snippetWords.get('content');
    if (doc.content !== null) {
      hit._highlightResult.content = mark(doc.content, words, terms, marks);
      if (n !== undefined) hit._snippetResult.content = mark(doc.content, words, terms, marks, n);
    } else if (n !== undefined && sectionText.has(doc.url)) {
      // A heading has no text of its own: the section's matching text is its snippet.
      hit._snippetResult.content = mark(sectionText.get(doc.url)!, words, terms, marks, n);
    }
    return hit;
  }
}

interface Marks {
  pre: string;
  post: string;
  ellipsis: string;
}

/** `["content:10", "hierarchy.lvl1:10"]` → attribute → number of words. */
function snippetLengths(list: string[] = []): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of list) {
    const [attr, n] = item.split(':');
    if (attr) out.set(attr, Number(n) || 10);
  }
  return out;
}

/**
 * The escaped text with matched words wrapped in the highlight tags; with `snippetWords`,
 * only a window of that many words around the first match, with ellipses where cut.
 */
export function mark(text: string, words: string[], terms: Map<string, TermMatch>[], marks: Marks, snippetWords?: number): HighlightValue {
  const spans = wordSpans(text);
  const matchedWords = new Set<number>();
  const highlights: { start: number; end: number }[] = [];
  for (const s of spans) {
    for (let w = 0; w < terms.length; w++) {
      let hitTerm: TermMatch | undefined;
      for (const { term } of termsOf(s.word)) {
        hitTerm = terms[w]!.get(term);
        if (hitTerm) break;
      }
      if (!hitTerm) continue;
      matchedWords.add(w);
      // A prefix highlights only the typed part of a whole word.
      const len = hitTerm.prefixLength !== undefined && hitTerm.term === s.word ? Math.min(hitTerm.prefixLength, s.end - s.start) : s.end - s.start;
      highlights.push({ start: s.start, end: s.start + len });
      break;
    }
  }
  let from = 0;
  let to = text.length;
  let cutStart = false;
  let cutEnd = false;
  if (snippetWords !== undefined) {
    const tokens = [...text.matchAll(/\S+/g)];
    if (tokens.length > snippetWords) {
      const first = highlights[0];
      const firstIdx = first ? tokens.findIndex((t) => t.index + t[0].length > first.start) : 0;
      // Show a little before the match, as Algolia does.
      const startIdx = Math.max(0, Math.min(firstIdx - Math.floor(snippetWords / 4), tokens.length - snippetWords));
      const endIdx = startIdx + snippetWords - 1;
      from = tokens[startIdx]!.index;
      const last = tokens[endIdx]!;
      to = last.index + last[0].length;
      cutStart = startIdx > 0;
      cutEnd = endIdx < tokens.length - 1;
    }
  }
  let value = '';
  let pos = from;
  for (const h of highlights) {
    if (h.end <= from || h.start >= to) continue;
    const start = Math.max(h.start, from);
    const end = Math.min(h.end, to);
    value += escapeHtml(text.slice(pos, start)) + marks.pre + escapeHtml(text.slice(start, end)) + marks.post;
    pos = end;
  }
  value += escapeHtml(text.slice(pos, to));
  if (cutStart) value = `${marks.ellipsis} ${value}`;
  if (cutEnd) value = `${value} ${marks.ellipsis}`;
  const matched = [...matchedWords].map((i) => words[i]!);
  const matchLevel = matched.length === 0 ? 'none' : matched.length === words.length ? 'full' : 'partial';
  const fullyHighlighted = matchLevel === 'full' && highlights.length > 0 && normalize(text).trim() === words.join(' ');
  return { value, matchLevel, matchedWords: matched, ...(matchLevel !== 'none' ? { fullyHighlighted } : {}) };
}
