/** Words, typos and escaping for the built-in search engine (no DOM, no Node). */

/**
 * A word: letters and digits, joined by `.` or `_` into one compound token so a function
 * name (`to_timezone`) or a configuration key (`http.net.bind.to`) is found whole.
 */
const WORD = /[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)*/gu;
const SPLIT = /[._]/;

/** Lower case without accents: "Café" and "cafe" are the same word. */
export function normalize(text: string): string {
  // Most text is ASCII: lower-casing is all it needs (and NFKD is the slow part).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
const ASCII = /^[\x00-\x7f]*$/;

export interface WordSpan {
  /** Normalised word. */
  word: string;
  start: number;
  end: number;
}

/** The words of `text` with their positions in it (positions refer to the original text). */
export function wordSpans(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  // ASCII text is lower-cased once, not word by word.
  const lower = ASCII.test(text) ? text.toLowerCase() : undefined;
  for (const m of text.matchAll(WORD)) {
    const end = m.index + m[0].length;
    out.push({ word: lower ? lower.slice(m.index, end) : normalize(m[0]), start: m.index, end });
  }
  return out;
}

/** Calls `fn` with each normalised word of `text` and its position among the words (no objects made: indexing hot path). */
export function forEachWord(text: string, fn: (word: string, index: number) => void): void {
  const ascii = ASCII.test(text);
  const source = ascii ? text.toLowerCase() : text;
  let i = 0;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(source); m !== null; m = WORD.exec(source)) fn(ascii ? m[0] : normalize(m[0]), i++);
}

/**
 * The terms the engine indexes for the words of a text: each word, and for a compound
 * (`vm.max_map_count`) its parts and what follows each dot (`max_map_count`).
 */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  forEachWord(text, (word) => {
    out.push(word);
    if (word.includes('.') || word.includes('_')) {
      for (const p of word.split(SPLIT)) if (p) out.push(p);
      for (let i = word.indexOf('.'); i >= 0 && i < word.length - 1; i = word.indexOf('.', i + 1)) out.push(word.slice(i + 1));
    }
  });
  return out;
}

/** `[size=28800, name=oid]`: the values of a bracketed list of `key=value` pairs. */
const BRACKET_VALUES = /\[([^\]]*=[^\]]*)\]?/g;
const VALUE = /=\s*([^,\]\s]+)/g;
/** `/home/me/.questdb/db/trades`: a path of two or more slashes. */
const PATH = /(?:[\p{L}\p{N}_.~-]*\/){2,}[\p{L}\p{N}_.~-]*/gu;
/** `'2020-12-31 15:15:51'`: a quoted literal with digits, the reader's own value (not a quoted keyword such as `'time zone'`). */
const QUOTED = /'([^']+)'/g;
/** Numbers of four digits or more: sizes, file descriptors, timestamps, ids. */
const LONG_NUMBER = /^\d{4,}$/;

/**
 * The words of a pasted message that name the reader's own things rather than the
 * problem: long numbers, the values in `[key=value, …]`, the parts of a file path, quoted
 * literals. A page
 * that has them ranks higher, but a page need not have them to answer the message
 * (`could not mmap [size=1916, offset=0, fd=65199]`, `Duplicate column [name=oid]`).
 */
export function incidentalWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const { word } of wordSpans(text)) if (LONG_NUMBER.test(word)) out.add(word);
  for (const list of text.matchAll(BRACKET_VALUES)) {
    for (const value of list[1]!.matchAll(VALUE)) for (const { word } of wordSpans(value[1]!)) out.add(word);
  }
  for (const path of text.matchAll(PATH)) for (const { word } of wordSpans(path[0])) out.add(word);
  for (const literal of text.matchAll(QUOTED)) if (/\d/.test(literal[1]!)) for (const { word } of wordSpans(literal[1]!)) out.add(word);
  return out;
}

/** The words of a query, compounds kept whole. */
export function queryWords(text: string): string[] {
  return wordSpans(text).map((s) => s.word);
}

/** Index terms of a word: the word itself, plus its parts when it is a compound. */
export function termsOf(word: string): { term: string; part: boolean }[] {
  const out = [{ term: word, part: false }];
  if (word.includes('.') || word.includes('_')) for (const p of word.split(SPLIT)) if (p) out.push({ term: p, part: true });
  return out;
}

/** How many typos a word of this length may have (Algolia's defaults: 1 from 4 letters, 2 from 8). */
export function allowedTypos(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Optimal-string-alignment distance (a swap of neighbours counts as one typo), or
 * `max + 1` as soon as the distance is known to exceed `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Common English words that do not have to match when a query has other words. */
export const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'of', 'on', 'or', 'the', 'to', 'what', 'when', 'where', 'which', 'why', 'with', 'my',
  // The filler of questions ("how do I get the last row per symbol automatically") and of feature
  // requests ("Add PIVOT function", "UPDATE support"): optional, so the content words decide.
  'per', 'each', 'every', 'get', 'find', 'me', 'we', 'you', 'want', 'need', 'use', 'using', 'should', 'could', 'would', 'will', 'about', 'there', 'this', 'that', 'way', 'best', 'automatically', 'possible', 'support', 'add', 'while',
  // What is left of a contraction ("doesn't" is read as "doesn" and "t").
  'doesn', 'don', 'isn', 'didn', 'aren', 'wasn', 'won', 't', 's',
]);
