/**
 * Suggestions for a page or anchor that does not exist: the nearest names by edit distance,
 * and for pages also what the search engine finds for the words of the route, so
 * `/docs/ttl/` suggests `/docs/concept/ttl/`.
 */
import type { SearchEngine } from '../shared/search/engine.ts';

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The `n` names nearest to `wanted`: containing it first, then by edit distance. */
export function nearest(wanted: string, names: Iterable<string>, n = 5): string[] {
  const w = wanted.toLowerCase();
  return [...names]
    .map((name) => ({ name, contains: name.toLowerCase().includes(w) || w.includes(name.toLowerCase()) ? 0 : 1, d: editDistance(w, name.toLowerCase()) }))
    .sort((a, b) => a.contains - b.contains || a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, n)
    .map((x) => x.name);
}

/** Pages to suggest for an unknown route: the engine's pages for its words, then the nearest routes. */
export function closestRoutes(route: string, routes: string[], engine: SearchEngine, n = 5): string[] {
  const words = route.replace(/^\/docs\//, '').replace(/[/_-]+/g, ' ').trim().slice(0, 64);
  const found: string[] = [];
  if (words) {
    for (const hit of engine.searchOne({ query: words, hitsPerPage: 10 }).hits) {
      const page = hit.url.split('#')[0]!;
      if (!found.includes(page)) found.push(page);
      if (found.length === 3) break;
    }
  }
  for (const r of nearest(route, routes, n)) if (!found.includes(r)) found.push(r);
  return found.slice(0, n);
}
