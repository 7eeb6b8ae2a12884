/**
 * Hidden control characters ("Trojan Source", CVE-2021-42574): bidirectional overrides and
 * isolates make text display in another order than it is stored, and zero-width characters
 * hide inside words. A page that carries one shows a reader something other than what a
 * compiler, a search or a copy would see. This module is the one place that names them and
 * says what the build does with them:
 *
 * - everywhere: a warning with the file, line and column, and how to remove it;
 * - in code (blocks and inline): each one is shown as a visible marker such as `<U+202E>`,
 *   as code hosts do, and never as the character itself; the copy button copies the text the
 *   reader sees (markers included), because code on this site is meant to be pasted and run,
 *   and pasting a hidden override into a terminal or a source file is the attack itself;
 * - in prose, titles, front matter, link targets and attributes: removed. Prose is read, not
 *   run, so a marker would only clutter it, and removing the character means no heading id,
 *   search record, `<title>` or Markdown copy can carry it (U+2028/U+2029, which separate
 *   lines, become a space so the words beside them stay apart);
 * - in the Markdown copy and the search files: code keeps the visible markers, prose is removed.
 */

/** The characters, by code point, with the name a writer can look up. */
export const HIDDEN_CHARS: ReadonlyMap<number, string> = new Map([
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x2028, 'LINE SEPARATOR'],
  [0x2029, 'PARAGRAPH SEPARATOR'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
]);

const PATTERN = /[\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const PATTERN_ALL = /[\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** At most this many lines of one file are reported; then one line says how many more. */
export const HIDDEN_CHAR_REPORTS_PER_FILE = 10;

export const HIDDEN_CHAR_FIX =
  'Delete the character (editors show it with "render control characters" or a hex view; `grep -nP "[\\x{200B}-\\x{200F}\\x{2028}-\\x{202E}\\x{2066}-\\x{2069}]"` finds it). If the text needs right-to-left words, write them without control characters.';

export function hasHiddenChars(text: string): boolean {
  return PATTERN.test(text);
}

/** `U+202E` for a code point. */
export function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The marker text shown in code in place of the character, e.g. `<U+202E>`. */
export function hiddenCharMarker(code: number): string {
  return `<${codePointLabel(code)}>`;
}

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, for titles and messages. */
export function hiddenCharName(code: number): string {
  return `${codePointLabel(code)} ${HIDDEN_CHARS.get(code) ?? ''}`.trim();
}

/** Prose rule: the characters removed (line and paragraph separators become a space). */
export function stripHiddenChars(text: string): string {
  if (!PATTERN.test(text)) return text;
  return text.replace(PATTERN_ALL, (c) => (c === '\u2028' || c === '\u2029' ? ' ' : ''));
}

/** Code rule, as text: each character replaced by its visible marker (the Markdown copy, search). */
export function markHiddenChars(text: string): string {
  if (!PATTERN.test(text)) return text;
  return text.replace(PATTERN_ALL, (c) => hiddenCharMarker(c.charCodeAt(0)));
}

/** Code rule, as pieces: plain text, and the characters to draw as markers, in order. */
export function splitHiddenChars(text: string): (string | number)[] {
  const out: (string | number)[] = [];
  let last = 0;
  for (const m of text.matchAll(PATTERN_ALL)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(m[0].charCodeAt(0));
    last = m.index + 1;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export interface HiddenCharHit {
  /** 0-based line within the text, and 0-based column within that line. */
  line: number;
  column: number;
  codes: number[];
}

/** Where the characters are in `text`, one entry per line (the first column and every character on it). */
export function findHiddenChars(text: string): HiddenCharHit[] {
  const hits: HiddenCharHit[] = [];
  if (!PATTERN.test(text)) return hits;
  let line = 0;
  let lineStart = 0;
  let searchFrom = 0;
  for (const m of text.matchAll(PATTERN_ALL)) {
    for (let i = text.indexOf('\n', searchFrom); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    searchFrom = lineStart;
    const code = m[0].charCodeAt(0);
    const last = hits[hits.length - 1];
    if (last && last.line === line) {
      if (!last.codes.includes(code)) last.codes.push(code);
    } else hits.push({ line, column: m.index - lineStart, codes: [code] });
  }
  return hits;
}

/** The warning's message for one line's characters. */
export function hiddenCharMessage(codes: number[], inCode: boolean): string {
  const names = codes.map(hiddenCharName).join(', ');
  const what = inCode ? 'it is shown in the code block as a visible marker' : 'it was removed from the page';
  return `Hidden control character${codes.length > 1 ? 's' : ''} ${names}: text with ${codes.length > 1 ? 'these' : 'it'} can read differently than it is stored (Trojan Source); ${what}.`;
}
