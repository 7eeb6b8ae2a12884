/**
 * Highlighting and snippets, as Algolia returns them: each shown attribute escaped, with
 * the query's matched words wrapped in the highlight tags, and snippets cut to a window of
 * words around the first match.
 */
import type { Hierarchy, HighlightValue, SearchHit } from './types.ts';
import { escapeHtml } from '../html.ts';
import type { Doc } from './index.ts';
import type { TermMatch } from './match.ts';
import { LEVELS } from './records.ts';
import { normalize, termsOf, wordSpans } from './text.ts';

export interface Marks {
  pre: string;
  post: string;
  ellipsis: string;
}

/** `["content:10", "hierarchy.lvl1:10"]` → attribute → number of words. */
export function snippetLengths(list: string[] = []): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of list) {
    const [attr, n] = item.split(':');
    if (attr) out.set(attr, Number(n) || 10);
  }
  return out;
}

/** A record as a hit: the record with its highlighted and snippeted attributes. */
export function hit(doc: Doc, words: string[], terms: Map<string, TermMatch>[], snippetWords: Map<string, number>, marks: Marks, sectionText?: ReadonlyMap<string, string>): SearchHit {
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
  const result: SearchHit = { ...record, _highlightResult: { hierarchy: highlight }, _snippetResult: { hierarchy: snippet } };
  const n = snippetWords.get('content');
  if (doc.content !== null) {
    result._highlightResult.content = mark(doc.content, words, terms, marks);
    if (n !== undefined) result._snippetResult.content = mark(doc.content, words, terms, marks, n);
  } else if (n !== undefined && sectionText?.has(doc.url)) {
    // A heading has no text of its own: the section's matching text is its snippet.
    result._snippetResult.content = mark(sectionText.get(doc.url)!, words, terms, marks, n);
  }
  return result;
}

/** Where the matched words of `text` are: one span per word, and which query words matched. */
function highlightSpans(text: string, terms: Map<string, TermMatch>[]): { highlights: { start: number; end: number }[]; matchedWords: Set<number> } {
  const matchedWords = new Set<number>();
  const highlights: { start: number; end: number }[] = [];
  for (const s of wordSpans(text)) {
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
  return { highlights, matchedWords };
}

/** The window of `snippetWords` words around the first highlight, and whether it cuts either end. */
function snippetWindow(text: string, firstStart: number | undefined, snippetWords: number): { from: number; to: number; cutStart: boolean; cutEnd: boolean } {
  const tokens = [...text.matchAll(/\S+/g)];
  if (tokens.length <= snippetWords) return { from: 0, to: text.length, cutStart: false, cutEnd: false };
  const firstIdx = firstStart !== undefined ? tokens.findIndex((t) => t.index + t[0].length > firstStart) : 0;
  // Show a little before the match, as Algolia does.
  const startIdx = Math.max(0, Math.min(firstIdx - Math.floor(snippetWords / 4), tokens.length - snippetWords));
  const endIdx = startIdx + snippetWords - 1;
  const last = tokens[endIdx]!;
  return { from: tokens[startIdx]!.index, to: last.index + last[0].length, cutStart: startIdx > 0, cutEnd: endIdx < tokens.length - 1 };
}

/**
 * The escaped text with matched words wrapped in the highlight tags; with `snippetWords`,
 * only a window of that many words around the first match, with ellipses where cut.
 */
export function mark(text: string, words: string[], terms: Map<string, TermMatch>[], marks: Marks, snippetWords?: number): HighlightValue {
  const { highlights, matchedWords } = highlightSpans(text, terms);
  const { from, to, cutStart, cutEnd } = snippetWords !== undefined ? snippetWindow(text, highlights[0]?.start, snippetWords) : { from: 0, to: text.length, cutStart: false, cutEnd: false };
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
