/**
 * Partial matching of long questions and pasted messages: when too few records hold the
 * whole query, every record that holds some of it is ranked by what its page as a whole
 * holds, each word counting by its rarity and by where the page has it.
 */
import { RANK_OWN, type SearchIndex } from './index.ts';
import type { WordMatch } from './match.ts';
import { STOP_WORDS } from './text.ts';

/** What a word counts for where a page has it, by attribute rank (own heading … section name). */
export const FIELD_WEIGHTS = [4, 3, 3, 2, 1.5, 1, 0.5];
/** An incidental word of a pasted message (a value, a path part) counts this share of a word's weight. */
const INCIDENTAL_WEIGHT = 0.5;

export interface PartialMatch {
  /** Every record that holds some of the query. */
  candidates: number[];
  /** Query word → its weight (rare words weigh more; incidental words less). */
  weights: Map<number, number>;
  /** The weight of the whole query where a page's own heading holds it. */
  max: number;
  /** Page doc → the share of the query's weight the page lacks. */
  lacking: Map<number, number>;
}

/** Widens the candidates to every record holding some of the query, and weighs what each page holds. */
export function partialMatch(index: SearchIndex, words: string[], matches: Map<number, WordMatch>[], incidental: ReadonlySet<string>, rarity: Map<number, number>, whole: number[]): PartialMatch {
  const all = new Set<number>(whole);
  for (const m of matches) for (const d of m.keys()) all.add(d);
  const weights = new Map(rarity);
  for (let i = 0; i < words.length; i++) {
    if (!incidental.has(words[i]!) || STOP_WORDS.has(words[i]!) || matches[i]!.size === 0) continue;
    weights.set(i, INCIDENTAL_WEIGHT * Math.log(1 + index.pageDocs.size / (1 + index.wordStats(matches[i]!)[1])));
  }
  const max = [...weights.values()].reduce((a, b) => a + b, 0) * FIELD_WEIGHTS[RANK_OWN]! || 1;
  return { candidates: [...all], weights, max, lacking: lackingShares(index, matches, weights, max) };
}

/**
 * For a query no record holds whole: each page's share of the query's weight it lacks,
 * each word counting by its weight and by where the page has it at best (its title over
 * a heading over its text), so the page that holds the rare words in the right places
 * comes first however the words are spread over it.
 */
function lackingShares(index: SearchIndex, matches: Map<number, WordMatch>[], weights: Map<number, number>, max: number): Map<number, number> {
  const idx = [...weights.keys()];
  const weight = [...weights.values()];
  const best = new Map<number, Float64Array>();
  const sizes = index.pageSizes();
  const mean = index.docs.length / (index.pageDocs.size || 1);
  idx.forEach((i, k) => {
    for (const [doc, w] of matches[i]!) {
      const page = index.pageOf(doc);
      if (page < 0) continue;
      let held = best.get(page);
      if (!held) best.set(page, (held = new Float64Array(idx.length)));
      // A word in a section of a long page (the configuration reference) says less than the
      // same word in a section of a short one; a page's title and keywords are not diluted.
      const spread = index.docs[doc]!.level > 1 ? Math.min(1, Math.sqrt(mean / (sizes.get(page) ?? mean))) : 1;
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

/**
 * A query no record holds whole: each page's record that holds the most of it stands for
 * the page, ranked by what the page as a whole lacks; its other records keep their own
 * share, so one long page does not fill the results.
 */
export function rankByPage(index: SearchIndex, scored: { doc: number; missing: number; rank: number }[], lacking: Map<number, number>): void {
  const best = new Map<number, { missing: number; rank: number }>();
  for (const s of scored) {
    const page = index.pageOf(s.doc);
    const prev = best.get(page);
    if (!prev || s.missing < prev.missing || (s.missing === prev.missing && s.rank < prev.rank)) best.set(page, s);
  }
  for (const [page, s] of best) s.missing = Math.min(s.missing, lacking.get(page) ?? 1);
}
