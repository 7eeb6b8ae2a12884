// Words about how the work was organised (who worked when, in which sitting), which belong
// nowhere in the product: the repository speaks of the product only. Dates and commits are fine.

export const PROCESS_PHRASES = [
  /\bstops? \d+\b/i,
  /\bwork periods?\b/i,
  /\bsub-?agents?\b/i,
  /\b(?:this|that|the latest|the last|an earlier|the earlier|the previous|a previous|a later|the next) sessions?\b/i,
  /\bsessions? (?:before|ago|earlier)\b/i,
];

/**
 * The lines of `text` that speak of the work's organisation: [{ line, text }]. The word
 * "session" alone is no such word: the docs speak of database, SSH and MCP sessions.
 */
export function processWords(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (PROCESS_PHRASES.some((p) => p.test(line))) out.push({ line: i + 1, text: line.trim().slice(0, 160) });
  });
  return out;
}
