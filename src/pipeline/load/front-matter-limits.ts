/**
 * Front matter fields cut to the limits of policy/limits.ts (FRONT_MATTER_LIMITS), each cut
 * reported as a warning at the field's line: what was over, and how to fix it.
 */
import { FRONT_MATTER_LIMITS as L } from '../policy/limits.ts';

type Warn = (message: string, line: number | undefined, fix: string) => void;

/** `text` cut to at most `max` characters, at a word where one is near, with `…`. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > max / 2 ? space : max - 1).trimEnd()}…`;
}

/** A text field over its limit: cut, and a warning. */
export function limitText(key: 'title' | 'sidebar_label' | 'description', value: string | undefined, line: number | undefined, warn: Warn): string | undefined {
  const max = key === 'title' ? L.titleChars : key === 'sidebar_label' ? L.sidebarLabelChars : L.descriptionChars;
  if (value === undefined || value.length <= max) return value;
  warn(`Front matter \`${key}\` is ${value.length} characters, over the limit of ${max}; it was cut.`, line, `Shorten \`${key}\` to at most ${max} characters${key === 'description' ? ' (160 is what search engines show)' : ''}.`);
  return cutAtWord(value, max);
}

/** The keywords that fit: none longer than keywordChars, at most `keywords` of them and keywordsChars together. */
export function limitKeywords(keywords: string[], line: number | undefined, warn: Warn): string[] {
  const kept: string[] = [];
  let chars = 0;
  let tooLong = 0;
  let full = false;
  for (const k of keywords) {
    if (k.length > L.keywordChars) {
      tooLong++;
      continue;
    }
    full ||= kept.length >= L.keywords || chars + k.length > L.keywordsChars;
    if (full) continue;
    kept.push(k);
    chars += k.length;
  }
  if (tooLong > 0) {
    warn(`Front matter \`keywords\` has ${tooLong} keyword(s) over ${L.keywordChars} characters; they were left out of search.`, line, `Write each keyword as a short phrase of at most ${L.keywordChars} characters; put longer text in the page itself.`);
  }
  const dropped = keywords.length - tooLong - kept.length;
  if (dropped > 0) {
    warn(
      `Front matter \`keywords\` has ${keywords.length} keywords; only the first ${kept.length} were kept (limits: ${L.keywords} keywords, ${L.keywordsChars} characters together), because every reader downloads them with the first search.`,
      line,
      `Keep the ${L.keywords} words or phrases readers search for that the page's title and headings do not already say.`,
    );
  }
  return kept;
}
