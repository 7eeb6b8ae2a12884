/** Reads and validates a page's front matter (the fields of CONTENT-GUIDE.md). */
import matter from 'gray-matter';
import type { Diagnostic, FrontMatter } from '../../shared/types.ts';
import { closest, lineOf } from '../diagnostics.ts';

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

/** Splits front matter from the body and validates it. Never throws. */
export function parseFrontMatter(text: string, file: string): ParsedFrontMatter {
  const diagnostics: Diagnostic[] = [];
  const error = (message: string, line: number | undefined, fix: string) =>
    diagnostics.push({ severity: 'error', file, line, message, fix, rule: 'front-matter' });
  const warn = (message: string, line: number | undefined, fix: string) =>
    diagnostics.push({ severity: 'warning', file, line, message, fix, rule: 'front-matter' });

  if (!/^---\r?\n/.test(text)) {
    error('The page has no front matter.', 1, 'Start the file with a `---` block holding at least `title:` and `description:`.');
    return { body: text, diagnostics };
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options turns off gray-matter's cache, which would keep every version in watch mode.
    parsed = matter(text, {});
  } catch (e) {
    const err = e as { reason?: string; message: string; mark?: { line: number; column: number } };
    // gray-matter hands js-yaml the text after the opening `---`, newline included, so its
    // 0-based line index is already the 1-based line number of the file.
    const line = err.mark ? Math.max(2, err.mark.line + 1) : 1;
    error(`Invalid YAML in front matter: ${err.reason ?? err.message.split('\n')[0]}.`, line, 'Fix the YAML syntax: quote values that contain `:` or start with special characters, and keep `key: value` pairs aligned.');
    return { body: blankFrontMatter(text), diagnostics };
  }
  if (parsed.content === text && !/^---\r?\n[\s\S]*?\r?\n---/.test(text)) {
    error('The front matter block is not closed.', 1, 'Close the front matter with a line holding only `---`.');
    return { body: text, diagnostics };
  }
  const prefix = text.slice(0, text.length - parsed.content.length);
  const body = '\n'.repeat(countNewlines(prefix)) + parsed.content;
  const yamlText = prefix;
  const data = (parsed.data ?? {}) as Record<string, unknown>;
  const at = (key: string) => lineOf(yamlText, new RegExp(`^${key}\\s*:`, 'm'));

  for (const key of Object.keys(data)) {
    if (!(key in KNOWN_KEYS)) {
      const guess = closest(key, Object.keys(KNOWN_KEYS));
      warn(`Unknown front matter key \`${key}\`.`, at(key), guess ? `Did you mean \`${guess}\`? Known keys: ${Object.keys(KNOWN_KEYS).join(', ')}.` : `Remove it; known keys: ${Object.keys(KNOWN_KEYS).join(', ')}.`);
    }
  }

  const str = (key: string, required: boolean): string | undefined => {
    const v = data[key];
    if (v === undefined || v === null || v === '') {
      if (required) error(`Front matter is missing \`${key}\`.`, at(key) ?? 1, `Add \`${key}: …\` (${KNOWN_KEYS[key]}).`);
      return undefined;
    }
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string') {
      error(`Front matter \`${key}\` must be text, not ${Array.isArray(v) ? 'a list' : typeof v}.`, at(key), `Write \`${key}\` as one line of text (quote it if it contains \`:\`).`);
      return undefined;
    }
    return v.trim();
  };

  const title = str('title', true);
  const description = str('description', true);
  if (description && description.length > DESCRIPTION_MAX) {
    warn(`The description is ${description.length} characters; search engines cut it at ${DESCRIPTION_MAX}.`, at('description'), `Shorten the description to at most ${DESCRIPTION_MAX} characters.`);
  }
  let keywords: string[] = [];
  const kw = data.keywords;
  if (Array.isArray(kw)) keywords = kw.map((k) => String(k).trim()).filter(Boolean);
  else if (typeof kw === 'string') keywords = kw.split(',').map((k) => k.trim()).filter(Boolean);
  else if (kw !== undefined && kw !== null) error('Front matter `keywords` must be a list or a comma-separated string.', at('keywords'), 'Write `keywords: [a, b]` or `keywords: a, b`.');

  const bool = (key: string): boolean => {
    const v = data[key];
    if (v === undefined || v === null) return false;
    if (typeof v === 'boolean') return v;
    error(`Front matter \`${key}\` must be true or false.`, at(key), `Write \`${key}: true\` or remove the line.`);
    return false;
  };
  const noindex = bool('noindex');
  const hideToc = bool('hide_table_of_contents');
  const permalink = str('permalink', false);
  if (permalink && !permalink.startsWith('/')) {
    error('Front matter `permalink` must start with `/`.', at('permalink'), 'Write the route relative to /docs/, e.g. `permalink: /reference/sql/sample-by/`.');
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
      sidebar_label: str('sidebar_label', false),
      image: str('image', false),
      canonical: str('canonical', false),
      permalink,
      slug: str('slug', false),
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
