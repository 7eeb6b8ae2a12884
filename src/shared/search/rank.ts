/**
 * Ranking: each record that matches one wording of the query gets a score (what it lacks,
 * typos, what its page is about, whether it names what was asked, where the words are),
 * and `compare` orders scores as the engine's header comment lists.
 */
import { RANK_KEYWORDS, RANK_OWN, RANK_SECTION, type Doc, type SearchIndex } from './index.ts';
import { matchWord, termsFor, type TermMatch, type WordMatch } from './match.ts';
import { FIELD_WEIGHTS, partialMatch, rankByPage, type PartialMatch } from './partial.ts';
import { STOP_WORDS } from './text.ts';

/** The sidebar section whose pages explain ideas (preferred for "what is …" questions). */
const CONCEPTS_SECTION = 'Concepts';
/** Page-level matching runs when fewer records than this hold the whole query. */
const PAGE_MATCH_BELOW = 10;
const NONE: ReadonlySet<string> = new Set();
/** A synonym's term names the page for queries with at most this many other required words. */
const CONCEPT_LEADS_UP_TO = 4;
/** Records that hold some of the query are ranked too when fewer than this hold all of it. */
const PARTIAL_BELOW = 3;

/** One record's score for one wording of the query (lower is better unless said). */
export interface Scored {
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

/** What every record of one wording is scored against. */
interface Wording {
  index: SearchIndex;
  words: string[];
  matches: Map<number, WordMatch>[];
  /** Query word → the weight of lacking it (rare words cost more). */
  rarity: Map<number, number>;
  totalRarity: number;
  /** Page doc → each required word's best match on the page (a page record standing for several records). */
  pageBest: Map<number, Map<number, WordMatch>>;
  /** Records that hold the whole query. */
  whole: Set<number>;
  partial?: PartialMatch;
  aboutPage: (doc: number) => [number, number, number, number];
  /** How many required words the query has besides a synonym's term. */
  beyondConcept: number;
  isDefinitionQuestion: boolean;
}

/**
 * Required: the words that can tell pages apart. Common words, the reader's own names and
 * numbers in a pasted message (incidental), and words no page has are optional.
 */
function requiredWords(words: string[], matches: Map<number, WordMatch>[], incidental: ReadonlySet<string>): number[] {
  const required = words.map((w, i) => i).filter((i) => words.length === 1 || (!STOP_WORDS.has(words[i]!) && !incidental.has(words[i]!) && matches[i]!.size > 0));
  return required.length > 0 ? required : words.map((_, i) => i);
}

/** Records matching every word of `mustMatch`, walked from the word with the fewest records. */
function wholeMatches(words: string[], matches: Map<number, WordMatch>[], mustMatch: number[]): number[] {
  const candidates: number[] = [];
  if (words.length > 0) {
    const smallest = mustMatch.reduce((a, b) => (matches[a]!.size <= matches[b]!.size ? a : b));
    for (const doc of matches[smallest]!.keys()) if (mustMatch.every((i) => matches[i]!.has(doc))) candidates.push(doc);
  }
  return candidates;
}

/**
 * Rank pages, not only records: a page whose records between them hold every required
 * word ("send data from kafka": the Kafka page says "send" in one place, "data" in another)
 * stands in the results by its page record (added to `candidates`), with each word's best
 * rank on the page.
 */
function pageMatches(index: SearchIndex, matches: Map<number, WordMatch>[], mustMatch: number[], candidates: number[]): Map<number, Map<number, WordMatch>> {
  const pageBest = new Map<number, Map<number, WordMatch>>();
  const hasRecord = new Set(candidates.map((d) => index.pageOf(d)));
  for (const i of mustMatch) {
    for (const [doc, w] of matches[i]!) {
      const pageDoc = index.pageOf(doc);
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
  return pageBest;
}

/**
 * What a record's page is about, per page (cached): [the docs' own term a synonym stands for
 * is in its title (or first keyword), every required word is there, every required word is
 * in its title or keywords, half or more of the query by weight is in its title or keywords].
 */
function pageAbout(index: SearchIndex, matches: Map<number, WordMatch>[], requiredIdx: number[], named: number[], stats: [number, number][]): (doc: number) => [number, number, number, number] {
  const aboutCache = new Map<number, [number, number, number, number]>();
  const allAt = (pageDoc: number, idx: number[], maxRank: number) => idx.length > 0 && idx.every((i) => (matches[i]!.get(pageDoc)?.rank ?? Infinity) <= maxRank);
  // The weight of each required word: rare words (in few page titles) say more about
  // what a page is about than common ones ("table", "data").
  const weights = stats.map(([titles]) => Math.log(1 + index.pageDocs.size / (1 + titles)));
  const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
  return (doc) => {
    const pageDoc = index.pageOf(doc);
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
}

/** One record's score against one wording. */
function scoreDoc(q: Wording, doc: number): Scored {
  let matched = 0;
  let missingRequired = 0;
  let missingWeight = 0;
  let held = 0;
  let typos = 0;
  let rank = 0;
  let exact = 0;
  let ownAll = true;
  const pageWords = q.pageBest.get(doc);
  for (let i = 0; i < q.matches.length; i++) {
    const w = pageWords?.get(i) ?? q.matches[i]!.get(doc);
    if (!w) {
      ownAll = false;
      const r = q.rarity.get(i);
      if (r !== undefined) {
        missingRequired++;
        missingWeight += r;
      }
      continue;
    }
    matched++;
    const pw = q.partial?.weights.get(i);
    if (pw !== undefined) held += (pw * FIELD_WEIGHTS[w.rank]!) / (1 + w.typos);
    typos += w.typos;
    rank += w.rank;
    if (w.exact) exact++;
    if (w.rank !== RANK_OWN) ownAll = false;
  }
  const d = q.index.docs[doc]!;
  const coverage = ownAll && d.ownWords > 0 ? matched / d.ownWords : 0;
  // A heading that is just the query (`avg`), or a page title that is mostly it ("SAMPLE BY keyword"), names what was asked for.
  const names = coverage >= (d.level === 1 ? 0.5 : 1) ? 1 : 0;
  const [conceptTitle, aboutTitle, about, mostlyAbout] = q.aboutPage(doc);
  const definition = d.hierarchy.lvl0 === CONCEPTS_SECTION && q.isDefinitionQuestion ? 1 : 0;
  // Per word, so wordings of different lengths compare.
  // Common words ("per", "how") are optional: missing one costs only after everything else.
  // The page named by a synonym's term leads for a short query, or for a record that holds
  // the whole query: in a long question, "postgres" alone does not make it one about the
  // PostgreSQL pages.
  const leads = missingRequired === 0 || q.beyondConcept <= CONCEPT_LEADS_UP_TO ? conceptTitle : 0;
  const missing = q.partial && !q.whole.has(doc) ? 1 - held / q.partial.max : missingWeight / q.totalRarity;
  return { doc, missing, optionalMissing: (q.words.length - matched - missingRequired) / q.words.length, typos, rank: matched > 0 ? rank / matched : RANK_SECTION + 1, exact: matched > 0 ? exact / matched : 0, names, coverage, conceptTitle: leads, aboutTitle, about, mostlyAbout, definition, scattered: pageWords ? 1 : 0 };
}

/** Scores every record that matches one wording of the query. */
export function score(index: SearchIndex, words: string[], concept: number[], prefixLast: boolean, isDefinitionQuestion = false, incidental: ReadonlySet<string> = NONE, named: number[] = concept): { scored: Scored[]; terms: TermMatch[][] } {
  const perWord = words.map((w, i) => termsFor(index, w, prefixLast && i === words.length - 1));
  const matches = perWord.map((terms) => matchWord(index, terms));
  const requiredIdx = requiredWords(words, matches, incidental);
  // Candidates: records matching every required word (for a synonym's wording, every word
  // of the docs' own term: the rest of a long question may be noise); if none, any word
  // (fewer words rank lower).
  const conceptRequired = concept.filter((i) => !STOP_WORDS.has(words[i]!));
  const mustMatch = conceptRequired.length > 0 ? conceptRequired : requiredIdx;
  const candidates = wholeMatches(words, matches, mustMatch);
  const stats = requiredIdx.map((i) => index.wordStats(matches[i]!));
  // The weight of a word a record lacks: rare words (on few pages) cost more than common
  // ones, so a record holding a pasted message's rare words beats one with its filler.
  const rarity = new Map(requiredIdx.map((i, k) => [i, Math.log(1 + index.pageDocs.size / (1 + stats[k]![1]))]));
  const totalRarity = [...rarity.values()].reduce((a, b) => a + b, 0) || 1;
  // Page-level matching only when few records hold the whole query: otherwise they answer it, and this walk costs.
  const partly = words.length > 1 && candidates.length < PARTIAL_BELOW;
  const pageBest = !partly && mustMatch.length > 1 && candidates.length < PAGE_MATCH_BELOW ? pageMatches(index, matches, mustMatch, candidates) : new Map<number, Map<number, WordMatch>>();
  const whole = new Set(candidates);
  // No record, or too few to fill the first results, holds the whole query (a long
  // question, a pasted message): after them, every record that holds some of it, its page
  // ranked by how much of the query it holds, and where.
  const partial = partly ? partialMatch(index, words, matches, incidental, rarity, candidates) : undefined;
  const aboutPage = pageAbout(index, matches, requiredIdx, named, stats);
  const beyondConcept = requiredIdx.filter((i) => !named.includes(i)).length;
  const wording: Wording = { index, words, matches, rarity, totalRarity, pageBest, whole, partial, aboutPage, beyondConcept, isDefinitionQuestion };
  const scored = (partial ? partial.candidates : candidates).map((doc) => scoreDoc(wording, doc));
  if (partial) rankByPage(index, scored.filter((s) => !whole.has(s.doc)), partial.lacking);
  return { scored, terms: perWord };
}

/** Best first: words matched, typos, what the page is about, naming, attribute, exactness, level, position. */
export function compare(docs: Doc[], a: Scored, b: Scored): number {
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
    docs[a.doc]!.level - docs[b.doc]!.level ||
    b.coverage - a.coverage ||
    a.optionalMissing - b.optionalMissing ||
    docs[a.doc]!.order - docs[b.doc]!.order
  );
}
