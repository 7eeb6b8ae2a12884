/**
 * Word matching: the index terms a query word stands for (itself, its plural and stem
 * forms, longer terms while it is typed, near misses) and the query's other wordings from
 * the synonym and translation tables.
 */
import type { SearchIndex } from './index.ts';
import { SYNONYMS } from './synonyms.ts';
import { TRANSLATIONS } from './translations.ts';
import { allowedTypos, typoDistance } from './text.ts';

/** A prefix expands to at most this many index terms (the most frequent are kept). */
const MAX_PREFIX_TERMS = 400;
/** Wordings tried besides the query itself. */
const MAX_VARIANTS = 4;
/** Synonym phrases as word lists: the readers' words for ours, then other products' words for ours. */
const SYNONYM_WORDS = [...SYNONYMS, ...TRANSLATIONS].map(([from, to]) => [from.split(' '), to.split(' ')] as const);

export interface TermMatch {
  term: string;
  typos: number;
  /** Matched as the beginning of a longer term (highlight only that part). */
  prefixLength?: number;
}

/** One query word matching one record: packed as typos, rank and exactness. */
export interface WordMatch {
  typos: number;
  rank: number;
  exact: boolean;
}

/** One wording of the query: its words, where a synonym put the docs' term, and the words that name a page. */
export interface Variant {
  words: string[];
  concept: number[];
  named?: number[];
}

/** Suffix → endings that give the word's stem forms. */
const STEMS: readonly (readonly [string, ...string[]])[] = [
  ['ing', '', 'e'],
  ['ion', '', 'e'],
  ['ed', '', 'e'],
  ['ices', 'ex', 'ix'],
];

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

/** Longer terms that start with `word`, the most frequent when there are many. */
function prefixTerms(index: SearchIndex, word: string): string[] {
  const prefixLimit = word.length <= 1 ? 40 : word.length === 2 ? 120 : MAX_PREFIX_TERMS;
  const sorted = index.sorted;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(word); i++) found.push(sorted[i]!);
  // Short prefixes match thousands of terms: keep the most frequent (the likeliest words).
  if (found.length > prefixLimit) found.sort((a, b) => index.postings.get(b)!.length - index.postings.get(a)!.length).length = prefixLimit;
  return found;
}

/** Adds to `out` the terms within the allowed typos of `word` (and, while typing, of its start). */
function addTypoTerms(index: SearchIndex, word: string, prefix: boolean, out: Map<string, TermMatch>): void {
  const max = allowedTypos(word.length);
  if (max === 0) return;
  // Typos rarely hit the first letter; checking only terms that share it (or swap the first two) keeps this fast.
  const firsts = new Set([word[0]!, word[1] ?? '']);
  for (const first of firsts) {
    for (const t of index.byFirstChar.get(first) ?? []) {
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

/** Index terms a query word matches: itself, longer terms when it is a prefix, and near misses. */
export function termsFor(index: SearchIndex, word: string, prefix: boolean): TermMatch[] {
  index.refreshVocabulary();
  const out = new Map<string, TermMatch>();
  // A word and its plural are the same word ("partition" finds "Partitions" as exactly as "partition").
  for (const form of [word, ...pluralForms(word)]) if (index.postings.has(form)) out.set(form, { term: form, typos: 0 });
  if (prefix) for (const t of prefixTerms(index, word)) if (!out.has(t)) out.set(t, { term: t, typos: 0, prefixLength: word.length });
  addTypoTerms(index, word, prefix, out);
  return [...out.values()];
}

/** Every record one query word matches, with its best match per record. */
export function matchWord(index: SearchIndex, terms: TermMatch[]): Map<number, WordMatch> {
  const out = new Map<number, WordMatch>();
  for (const t of terms) {
    for (const p of index.postings.get(t.term) ?? []) {
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
 * The query and its synonym variants (synonyms.ts, translations.ts): each phrase of the
 * query found on the left of an entry is replaced by the right, one at a time (at most
 * MAX_VARIANTS).
 */
export function variants(words: string[]): Variant[] {
  // The query itself names a page too with the phrase a synonym starts from, when a page
  // has that phrase in its title ("backup" names the Backup page as well as CHECKPOINT).
  const own: number[] = [];
  for (const [from] of SYNONYM_WORDS) {
    for (let i = 0; i + from.length <= words.length; i++) if (from.every((w, k) => words[i + k] === w)) own.push(...from.map((_, k) => i + k));
  }
  const out: Variant[] = [{ words, concept: [], named: [...new Set(own)] }];
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
