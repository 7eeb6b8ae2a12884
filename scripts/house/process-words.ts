// Words about how the work was organised (who worked when, in which sitting), which belong
// nowhere in the product: the repository speaks of the product only. Dates and commits are fine.

/** In every tracked text file. */
export const PROCESS_PHRASES = [
  /\bstops? \d+\b/i,
  /\bwork periods?\b/i,
  /\bsub-?agents?\b/i,
  /\b(?:this|that|the latest|the last|an earlier|the earlier|the previous|a previous|a later|the next|each|every) sessions?\b/i,
];

/**
 * Outside content/ the word "session" has no product meaning here (the docs speak of database
 * and SSH sessions, so pages are held to the phrases above only).
 */
export const PROCESS_WORD_OUTSIDE_CONTENT = /\bsessions?\b/i;

/** The lines of `text` (a file at `path`) that speak of the work's organisation: [{ line, text }]. */
export function processWords(path: string, text: string): { line: number; text: string }[] {
  const patterns = path.startsWith('content/') ? PROCESS_PHRASES : [...PROCESS_PHRASES, PROCESS_WORD_OUTSIDE_CONTENT];
  const out: { line: number; text: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (patterns.some((p) => p.test(line))) out.push({ line: i + 1, text: line.trim().slice(0, 160) });
  });
  return out;
}
