/** A small seeded generator of numbers in [0, 1), so a failing random test can be replayed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One of `from`, picked with `random`. */
export const pick = <T>(random: () => number, from: readonly T[]): T => from[Math.floor(random() * from.length)]!;

/**
 * Runs `cases` random cases from `seed` against a fast path: `make` draws an input, `check`
 * answers false when the fast path left it to the parser, or asserts on the tree it made and
 * answers true. Answers how many cases took each path.
 */
export function fastPathCases<T>(seed: number, cases: number, make: (random: () => number) => T, check: (input: T) => boolean): { fast: number; left: number } {
  const random = seeded(seed);
  let fast = 0;
  for (let i = 0; i < cases; i++) if (check(make(random))) fast++;
  return { fast, left: cases - fast };
}
