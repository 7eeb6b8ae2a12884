/** Reads and validates a page's front matter (the fields of CONTENT-GUIDE.md). */
import matter from 'gray-matter';
import type { Diagnostic, FrontMatter } from '../../shared/types.ts';
import { closest, lineOf } from '../diagnostics.ts';
import { URL_FIX, refusedScheme } from '../policy/urls.ts';
import { HIDDEN_CHAR_FIX, findHiddenChars, hiddenCharMessage, stripHiddenChars } from '../policy/hidden-chars.ts';
import { limitKeywords, limitText } from './front-matter-limits.ts';

/** Known front matter keys and what each is for (shown in fixes). */
const KNOWN_KEYS: Record<string, string> = {
  title: 'required; the page title',
  sidebar_label: 'optional; the sidebar text',
  description: 'required; at most 160 characters',
  keywords: 'optional; a list or one comma-separated string',
  image: 'optional; social image path',
  canonical: 'optional; canonical URL',
  permalink: 'optional; route relative to /docs/',
  slug: 'optional; `/` for the docs home',
  noindex: 'optional; true keeps the page out of search engines and the sitemap',
  hide_table_of_contents: 'optional; true hides the table of contents',
};

export const DESCRIPTION_MAX = 160;

export interface ParsedFrontMatter {
  /** Undefined when the front matter is unusable (the page cannot be built). */
  frontMatter?: FrontMatter;
  /** Body with the front matter block replaced by as many blank lines, so lines match the file. */
  body: string;
  diagnostics: Diagnostic[];
}

/** Error and warning reporters of the `front-matter` rule for one file. */
function reporters(diagnostics: Diagnostic[], file: string) {
  const report = (severity: Diagnostic['severity']) => (message: string, line: number | undefined, fix: string) =>
    diagnostics.push({ severity, file, line, message, fix, rule: 'front-matter' });
  return { error: report('error'), warn: report('warning') };
}

/** Splits front matter from the body and validates it. Never throws. */
export function parseFrontMatter(text: string, file: string): ParsedFrontMatter {
  const diagnostics: Diagnostic[] = [];
  const { error, warn } = reporters(diagnostics, file);

  if (!/^---\r?\n/.test(text)) {
    // Pages written for other sites often have none: build them from their own heading and first paragraph.
    warn('The page has no front matter; its title and description are taken from its first heading and paragraph.', 1, 'Start the file with a `---` block holding `title:` and `description:` (at most 160 characters).');
    return validate({}, '', text, diagnostics, file);
  }
  if (!/^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(\r?\n|$)/.test(text)) {
    error('The front matter block is not closed.', 1, 'Close the front matter with a line holding only `---`.');
    return { body: text, diagnostics };
  }
  let parsed: { data: unknown; content: string };
  try {
    parsed = splitFrontMatter(text);
  } catch (e) {
    const err = e as { reason?: string; message: string; mark?: { line: number; column: number } };
    // gray-matter hands js-yaml the text after the opening `---`, newline included, so its
    // 0-based line index is already the 1-based line number of the file.
    const line = err.mark ? Math.max(2, err.mark.line + 1) : 1;
    error(`Invalid YAML in front matter: ${err.reason ?? err.message.split('\n')[0]}.`, line, 'Fix the YAML syntax: quote values that contain `:` or start with special characters, and keep `key: value` pairs aligned.');
    return { body: blankFrontMatter(text), diagnostics };
  }
  const prefix = text.slice(0, text.length - parsed.content.length);
  const body = '\n'.repeat(countNewlines(prefix)) + parsed.content;
  return validate((parsed.data ?? {}) as Record<string, unknown>, prefix, body, diagnostics, file);
}

/** gray-matter's own YAML engine (js-yaml's safeLoad), which it exposes but does not type. */
const parseYaml = (matter as unknown as { engines: { yaml: { parse(text: string): unknown } } }).engines.yaml.parse;

/**
 * What `matter(text, {})` answers for a text that starts with `---` and a line break (the only
 * front matter parseFrontMatter hands on): the block up to the first line that starts with
 * `---`, parsed as YAML unless it holds only comments and blanks, and the text after that
 * line. The same steps as gray-matter's, without its per-call costs: it copies the whole page
 * into a Buffer and looks the whole text up as a key of its cache (which makes V8 intern it),
 * 0.2 s and much of the garbage of loading 10,000 pages. A test compares the two.
 */
export function splitFrontMatter(text: string): { data: unknown; content: string } {
  const rest = text.slice(3);
  let close = rest.indexOf('\n---');
  if (close === -1) close = rest.length;
  const block = rest.slice(0, close);
  const data = block.replace(/^\s*#[^\n]+/gm, '').trim() === '' ? {} : parseYaml(block);
  let content = close === rest.length ? '' : rest.slice(close + 4);
  if (content[0] === '\r') content = content.slice(1);
  if (content[0] === '\n') content = content.slice(1);
  return { data: data ?? {}, content };
}

/** Reads one page's front matter fields, each reporting what is wrong with it at its line. */
function fieldReaders(data: Record<string, unknown>, yamlText: string, diagnostics: Diagnostic[], file: string) {
  const { error, warn } = reporters(diagnostics, file);
  const at = (key: string) => lineOf(yamlText, new RegExp(`^${key}\\s*:`, 'm'));
  // `required` may be a function, asked only when the key is missing (the title's rule scans the whole body).
  const str = (key: string, required: boolean | (() => boolean)): string | undefined => {
    const v = data[key];
    if (v === undefined || v === null || v === '') {
      if (typeof required === 'function' ? required() : required) error(`Front matter is missing \`${key}\`.`, at(key) ?? 1, `Add \`${key}: …\` (${KNOWN_KEYS[key]}).`);
      return undefined;
    }
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string') {
      error(`Front matter \`${key}\` must be text, not ${Array.isArray(v) ? 'a list' : typeof v}.`, at(key), `Write \`${key}\` as one line of text (quote it if it contains \`:\`).`);
      return undefined;
    }
    // Hidden control characters are reported by warnHiddenChars and never reach a page.
    return stripHiddenChars(v).trim();
  };
  const bool = (key: string): boolean => {
    const v = data[key];
    if (v === undefined || v === null) return false;
    if (typeof v === 'boolean') return v;
    error(`Front matter \`${key}\` must be true or false.`, at(key), `Write \`${key}: true\` or remove the line.`);
    return false;
  };
  /** A URL field, through the site's URL policy: a refused scheme is an error and the field is dropped. */
  const url = (key: 'image' | 'canonical'): string | undefined => {
    const v = str(key, false);
    if (v === undefined) return undefined;
    const scheme = refusedScheme(v);
    if (scheme === undefined) return v;
    error(`Front matter \`${key}\` uses the \`${scheme}:\` scheme, which the site never emits.`, at(key), URL_FIX);
    return undefined;
  };
  return { data, yamlText, diagnostics, file, error, warn, at, str, bool, url };
}

type FieldReaders = ReturnType<typeof fieldReaders>;

/** Warns about keys the site does not know, with the closest known one. */
function warnUnknownKeys(r: FieldReaders): void {
  for (const key of Object.keys(r.data)) {
    if (key in KNOWN_KEYS) continue;
    const guess = closest(key, Object.keys(KNOWN_KEYS));
    r.warn(`Unknown front matter key \`${key}\`.`, r.at(key), guess ? `Did you mean \`${guess}\`? Known keys: ${Object.keys(KNOWN_KEYS).join(', ')}.` : `Remove it; known keys: ${Object.keys(KNOWN_KEYS).join(', ')}.`);
  }
}

/** Hidden control characters in the front matter block: a warning per line (the fields drop them, see str()). */
function warnHiddenChars(r: FieldReaders): void {
  for (const hit of findHiddenChars(r.yamlText).slice(0, 10)) {
    r.diagnostics.push({ severity: 'warning', file: r.file, line: hit.line + 1, column: hit.column + 1, rule: 'hidden-char', message: hiddenCharMessage(hit.codes, false), fix: HIDDEN_CHAR_FIX });
  }
}

/** The page title, from the front matter or else the first heading (which then leaves the body). */
function pageTitle(r: FieldReaders, body: string): { title?: string; body: string } {
  const hasYaml = r.yamlText !== '';
  const title = r.str('title', () => hasYaml && firstHeading(body) === undefined);
  if (title || r.data.title !== undefined) return { title, body };
  const heading = firstHeading(body);
  if (heading) {
    // The heading becomes the page title (rendered as the page's h1), so it leaves the body; its line stays blank.
    if (hasYaml) r.warn(`Front matter has no \`title\`; the first heading "${heading.text}" is used.`, heading.line, 'Add `title: …` to the front matter and remove the `#` heading.');
    return { title: heading.text, body: body.slice(0, heading.start) + body.slice(heading.end) };
  }
  if (!hasYaml) r.error('The page has no title: no front matter and no `#` heading.', 1, 'Start the file with a `---` block holding `title:` and `description:`.');
  return { body };
}

/** The description, from the front matter or else the first paragraph; one over DESCRIPTION_MAX is a warning. */
function pageDescription(r: FieldReaders, body: string, title: string | undefined): string | undefined {
  let description = r.str('description', false);
  if (!description && r.data.description === undefined && title) {
    description = firstParagraphText(body) ?? title;
    if (description.length > DESCRIPTION_MAX) description = description.slice(0, description.lastIndexOf(' ', DESCRIPTION_MAX - 1) > 80 ? description.lastIndexOf(' ', DESCRIPTION_MAX - 1) : DESCRIPTION_MAX - 1) + '…';
    if (r.yamlText !== '') r.warn('Front matter has no `description`; the first paragraph is used.', r.at('description') ?? 1, `Add \`description: …\` (${KNOWN_KEYS.description}).`);
  }
  if (description && description.length > DESCRIPTION_MAX) {
    r.warn(`The description is ${description.length} characters; search engines cut it at ${DESCRIPTION_MAX}.`, r.at('description'), `Shorten the description to at most ${DESCRIPTION_MAX} characters.`);
  }
  return description;
}

/** The keywords: a list of scalars or one comma-separated string. */
function pageKeywords(r: FieldReaders): string[] {
  const kw = r.data.keywords;
  // Only text or numbers: a YAML alias bomb (lists of lists of aliases) must never be stringified.
  // YAML reads `null`, `true` and numbers as such: any scalar is a keyword; a list inside is not.
  if (Array.isArray(kw) && kw.every((k) => k === null || typeof k !== 'object')) return kw.map((k) => stripHiddenChars(String(k)).trim()).filter(Boolean);
  if (Array.isArray(kw)) r.error('Front matter `keywords` must be a list of words or phrases.', r.at('keywords'), 'Write `keywords: [a, b]` with plain text items.');
  else if (typeof kw === 'string') return stripHiddenChars(kw).split(',').map((k) => k.trim()).filter(Boolean);
  else if (kw !== undefined && kw !== null) r.error('Front matter `keywords` must be a list or a comma-separated string.', r.at('keywords'), 'Write `keywords: [a, b]` or `keywords: a, b`.');
  return [];
}

/** Validates parsed front matter (`yamlText` is its source, for line numbers); a missing title or description is derived from the body where it can be. */
function validate(data: Record<string, unknown>, yamlText: string, bodyText: string, diagnostics: Diagnostic[], file: string): ParsedFrontMatter {
  const r = fieldReaders(data, yamlText, diagnostics, file);
  warnUnknownKeys(r);
  warnHiddenChars(r);
  const { title: fullTitle, body } = pageTitle(r, bodyText);
  const title = limitText('title', fullTitle, r.at('title'), r.warn);
  const description = limitText('description', pageDescription(r, body, title), r.at('description'), r.warn);
  const keywords = limitKeywords(pageKeywords(r), r.at('keywords'), r.warn);
  const noindex = r.bool('noindex');
  const hideToc = r.bool('hide_table_of_contents');
  const permalink = r.str('permalink', false);
  if (permalink && !permalink.startsWith('/')) {
    r.error('Front matter `permalink` must start with `/`.', r.at('permalink'), 'Write the route relative to /docs/, e.g. `permalink: /reference/sql/sample-by/`.');
  }
  if (diagnostics.some((d) => d.severity === 'error') || !title || !description) return { body, diagnostics };
  return {
    body,
    diagnostics,
    frontMatter: {
      title,
      description,
      keywords,
      noindex,
      hide_table_of_contents: hideToc,
      sidebar_label: limitText('sidebar_label', r.str('sidebar_label', false), r.at('sidebar_label'), r.warn),
      image: r.url('image'),
      canonical: r.url('canonical'),
      permalink,
      slug: r.str('slug', false),
    },
  };
}

/** Strips a fragment's front matter (fragments may carry one) keeping line numbers. */
export function blankFrontMatter(text: string): string {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return text;
  return '\n'.repeat(countNewlines(m[0])) + text.slice(m[0].length);
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/** The first level-1 ATX heading outside code fences, with where it stands in the body. */
function firstHeading(body: string): { text: string; line: number; start: number; end: number } | undefined {
  let fence: string | undefined;
  let offset = 0;
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) fence = fence === undefined ? f[1]![0] : line.trim().startsWith(fence) ? undefined : fence;
    else if (fence === undefined) {
      const m = /^\s{0,3}#[ \t]+(.+?)[ \t#]*$/.exec(line);
      if (m) return { text: plainText(m[1]!), line: i + 1, start: offset, end: offset + line.length };
    }
    offset += line.length + 1;
  }
  return undefined;
}

/** The text of the first plain paragraph (not a heading, list, table, quote, directive, fence or HTML). */
function firstParagraphText(body: string): string | undefined {
  let fence: string | undefined;
  let paragraph: string[] = [];
  for (const line of body.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      fence = fence === undefined ? f[1]![0] : line.trim().startsWith(fence) ? undefined : fence;
      continue;
    }
    if (fence !== undefined) continue;
    if (line.trim() === '') {
      if (paragraph.length > 0) break;
      continue;
    }
    if (paragraph.length === 0 && /^\s*([#>|<:]|[-*+] |\d+[.)] |import |export )/.test(line)) continue;
    paragraph.push(line.trim());
  }
  const text = plainText(paragraph.join(' '));
  return text || undefined;
}

/** Markdown inline syntax reduced to its text: links and images to their text, emphasis and code marks dropped, tags removed. */
function plainText(markdown: string): string {
  return stripHiddenChars(markdown)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
