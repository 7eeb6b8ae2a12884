/** Collecting and printing the problems writers can fix. */
import type { Diagnostic } from '../shared/types.ts';

/** Formats one diagnostic as `file:line:col: severity: message (rule)` plus its fix. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [d.file, d.line, d.line !== undefined ? d.column : undefined].filter((x) => x !== undefined).join(':');
  const fix = d.fix ? `\n    fix: ${d.fix}` : '';
  return `${where}: ${d.severity}: ${d.message} [${d.rule}]${fix}`;
}

/** Sorts diagnostics by file and line so reports read top to bottom. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/**
 * Identical diagnostics (same severity, file, line, column, rule, message and fix) as one
 * entry with how often it came: a fragment included forty times, or forty times into one
 * page, would otherwise print the same lines forty times.
 */
export function collapseDiagnostics(list: Diagnostic[]): { diagnostic: Diagnostic; count: number }[] {
  const seen = new Map<string, { diagnostic: Diagnostic; count: number }>();
  for (const d of list) {
    const key = JSON.stringify([d.severity, d.file, d.line, d.column, d.rule, d.message, d.fix]);
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { diagnostic: d, count: 1 });
  }
  return [...seen.values()];
}

/** Formats diagnostics for a terminal, identical ones once with `(×N)` after the message. */
export function formatDiagnostics(list: Diagnostic[]): string[] {
  return collapseDiagnostics(list).map(({ diagnostic, count }) => {
    const text = formatDiagnostic(diagnostic);
    if (count === 1) return text;
    const end = text.indexOf('\n');
    return end === -1 ? `${text} (×${count})` : `${text.slice(0, end)} (×${count})${text.slice(end)}`;
  });
}

/** Prints every diagnostic (identical ones once, with a count), then the totals, to stderr. */
export function printDiagnostics(list: Diagnostic[], log: (s: string) => void = (s) => process.stderr.write(s + '\n')): void {
  for (const line of formatDiagnostics(sortDiagnostics(list))) log(line);
  const errors = list.filter((d) => d.severity === 'error').length;
  if (list.length > 0) log(`${errors} error(s), ${list.length - errors} warning(s)`);
}

/** The line (1-based) where `needle` first appears in `text`, or undefined. */
export function lineOf(text: string, needle: string | RegExp): number | undefined {
  const i = typeof needle === 'string' ? text.indexOf(needle) : text.search(needle);
  if (i < 0) return undefined;
  let line = 1;
  for (let k = 0; k < i; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** Suggests the closest of `candidates` to `input` (edit distance), for "did you mean" fixes. */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(input.length / 6));
  let best: string | undefined;
  let bestScore = limit + 1;
  for (const c of candidates) {
    // A length difference alone puts a candidate out of reach: skip the quadratic part.
    if (Math.abs(c.length - input.length) >= bestScore) continue;
    const s = editDistance(input, c);
    if (s < bestScore) {
      bestScore = s;
      best = c;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** Errors make a page unbuildable or ambiguous; only they fail the build. */
export function hasErrors(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
