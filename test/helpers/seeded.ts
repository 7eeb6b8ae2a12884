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
