// Code-fence language registry: which names we highlight, their aliases, and
// which names are deliberately plain. Kept free of refractor imports so docs
// and error messages can use it without loading any grammar.

/** Canonical language ids we highlight; each is a refractor grammar name. */
export const SUPPORTED_LANGUAGES = [
  'questdb-sql',
  'bash',
  'c',
  'cpp',
  'csharp',
  'go',
  'java',
  'javascript',
  'typescript',
  'json',
  'python',
  'rust',
  'php',
  'ruby',
  'toml',
  'ini',
  'yaml',
  'docker',
  'sql',
  'ebnf',
  'julia',
  'r',
] as const;

/** A canonical, highlightable language id. */
export type LanguageId = (typeof SUPPORTED_LANGUAGES)[number];

/** Language of a fence without an info string: the docs are mostly QuestDB SQL. */
export const DEFAULT_LANGUAGE: LanguageId = 'questdb-sql';

/** Id reported for fences that are intentionally not highlighted. */
export const PLAIN_LANGUAGE = 'text';

/** Fence names that mean "no highlighting" on purpose (not reported as unknown). */
export const PLAIN_NAMES: ReadonlySet<string> = new Set(['text', 'txt', 'plain', 'plaintext', 'log', 'output']);

/** Alias → canonical id (keys lower-case). */
export const LANGUAGE_ALIASES: Readonly<Record<string, LanguageId>> = {
  sh: 'bash',
  zsh: 'bash',
  shell: 'bash',
  console: 'bash',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  py: 'python',
  rs: 'rust',
  rb: 'ruby',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  golang: 'go',
  yml: 'yaml',
  dockerfile: 'docker',
  conf: 'ini',
  properties: 'ini',
  questdb: 'questdb-sql',
};

/** Outcome of resolving a fence language name. */
export interface ResolvedLanguage {
  /** Canonical id; `text` for plain names; the normalised name itself when unknown. */
  id: string;
  /** False only for names we do not recognise (callers report these). */
  known: boolean;
  /** True when the block is rendered without highlighting. */
  plain: boolean;
}

const supported: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);

/** Resolve a fence language (case-insensitive, aliases applied); empty → the QuestDB SQL default. */
export function resolveLanguage(name: string | null | undefined): ResolvedLanguage {
  // Tolerate `language-xxx` (hast class form) and trailing meta (`sql title=x`).
  const normalised = (name ?? '').trim().split(/\s+/, 1)[0]!.toLowerCase().replace(/^language-/, '');
  if (normalised === '') return { id: DEFAULT_LANGUAGE, known: true, plain: false };
  if (supported.has(normalised)) return { id: normalised, known: true, plain: false };
  // hasOwn: a fence named `constructor` must not hit Object.prototype.
  if (Object.hasOwn(LANGUAGE_ALIASES, normalised)) {
    return { id: LANGUAGE_ALIASES[normalised]!, known: true, plain: false };
  }
  if (PLAIN_NAMES.has(normalised)) return { id: PLAIN_LANGUAGE, known: true, plain: true };
  return { id: normalised, known: false, plain: true };
}
