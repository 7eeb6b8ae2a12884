/**
 * Stage 1d: the ingestion example catalogue, one file per entry at
 * `content/examples/{kind}/{language}.md`:
 *
 * ---
 * name: Python            # tab label
 * lang: python            # code block language
 * auth: { kid: admin, d: "…", x: "…", y: "…" }   # optional
 * addr: { host: localhost, port: 9000 }          # optional
 * ---
 * A markdown line linking to the client library docs (the header).
 *
 * ```python
 * conf = "http::addr={{host}}:{{port}};"
 * ```
 */
import fg from 'fast-glob';
import matter from 'gray-matter';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic, ExampleEntry } from '../../shared/types.ts';
import { checkRead } from '../policy/paths.ts';

export const EXAMPLE_KINDS = ['ilp', 'ilp-auth', 'ilp-auth-tls', 'ilp-from-conf', 'ilp-http', 'ilp-http-auth'] as const;
export const EXAMPLE_LANGUAGES = ['c', 'cpp', 'rust', 'python', 'go', 'javascript', 'csharp', 'java'] as const;
export const EXAMPLES_DIR = 'content/examples';

export interface ExampleCatalogue {
  entries: Map<string, ExampleEntry>;
  diagnostics: Diagnostic[];
}

/** Parses one catalogue file; problems are reported and the entry left out. */
export function parseExample(rel: string, text: string): { entry?: ExampleEntry; diagnostics: Diagnostic[] } {
  const file = `${EXAMPLES_DIR}/${rel}`;
  const diagnostics: Diagnostic[] = [];
  const fail = (message: string, fix: string, line = 1) => {
    diagnostics.push({ severity: 'warning', file, line, rule: 'example', message, fix });
    return { diagnostics };
  };
  const m = /^([a-z-]+)\/([a-z]+)\.md$/.exec(rel);
  if (!m) return fail('Example files live at `{kind}/{language}.md`.', 'Move the file to e.g. `content/examples/ilp-http/python.md`.');
  const [, kind = '', language = ''] = m;
  if (!(EXAMPLE_KINDS as readonly string[]).includes(kind)) return fail(`Unknown example kind \`${kind}\`.`, `Use one of: ${EXAMPLE_KINDS.join(', ')}.`);
  if (!(EXAMPLE_LANGUAGES as readonly string[]).includes(language)) return fail(`Unknown example language \`${language}\`.`, `Use one of: ${EXAMPLE_LANGUAGES.join(', ')}.`);
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(text, {});
  } catch (e) {
    return fail(`Invalid YAML: ${(e as Error).message.split('\n')[0]}`, 'Fix the front matter YAML.');
  }
  const data = parsed.data as Record<string, unknown>;
  const fence = /^(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)\n\1[ \t]*$/m.exec(parsed.content);
  if (!fence) return fail('The example has no fenced code block.', 'Put the example code in one ``` fenced block after the header line.');
  const header = parsed.content.slice(0, fence.index).trim();
  if (typeof data.name !== 'string' || typeof data.lang !== 'string') {
    return fail('The example needs `name` and `lang` in its front matter.', 'Add e.g. `name: Python` and `lang: python`.');
  }
  const entry: ExampleEntry = { key: `${kind}/${language}`, kind, language, name: data.name, lang: data.lang, code: fence[3] ?? '', header, file };
  const auth = data.auth as Record<string, unknown> | undefined;
  if (auth !== undefined) {
    if (typeof auth !== 'object' || auth === null || typeof auth.kid !== 'string' || typeof auth.d !== 'string') {
      return fail('`auth` needs at least `kid` and `d` as text.', 'Write `auth: { kid: …, d: … }` (and `x`, `y` where the client needs them).');
    }
    entry.auth = { kid: auth.kid, d: auth.d, ...(typeof auth.x === 'string' ? { x: auth.x } : {}), ...(typeof auth.y === 'string' ? { y: auth.y } : {}) };
  }
  const addr = data.addr as Record<string, unknown> | undefined;
  if (addr !== undefined) {
    if (typeof addr !== 'object' || addr === null || typeof addr.host !== 'string' || typeof addr.port !== 'number') {
      return fail('`addr` needs `host` (text) and `port` (a number).', 'Write `addr: { host: localhost, port: 9000 }`.');
    }
    entry.addr = { host: addr.host, port: addr.port };
  }
  return { entry, diagnostics };
}

/** Loads every entry of the catalogue. */
export async function loadExamples(root: string): Promise<ExampleCatalogue> {
  // Linked folders are not followed; a linked file is read only when it really lies in content/.
  const found = await fg('**/*.md', { cwd: join(root, EXAMPLES_DIR), onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const rels = found.filter((e) => e.dirent.isFile() || e.dirent.isSymbolicLink()).map((e) => e.path).sort();
  const entries = new Map<string, ExampleEntry>();
  const diagnostics: Diagnostic[] = [];
  for (const rel of rels) {
    const check = checkRead(root, `${EXAMPLES_DIR}/${rel}`, ['content']);
    if (!check.ok) {
      diagnostics.push({ severity: 'error', file: `${EXAMPLES_DIR}/${rel}`, line: 1, rule: 'example', message: `The example cannot be read: ${check.message}.`, fix: 'Example files must be files under content/examples, not links to files elsewhere.' });
      continue;
    }
    const r = parseExample(rel, await readFile(check.abs, 'utf8'));
    diagnostics.push(...r.diagnostics);
    if (r.entry) entries.set(r.entry.key, r.entry);
  }
  return { entries, diagnostics };
}

/** Replaces `{{host}}`, `{{port}}`, `{{kid}}`, `{{d}}`, `{{x}}`, `{{y}}` in an entry's code; lists unknown ones. */
export function fillPlaceholders(entry: ExampleEntry): { code: string; missing: string[] } {
  const values: Record<string, string | undefined> = {
    host: entry.addr?.host,
    port: entry.addr ? String(entry.addr.port) : undefined,
    kid: entry.auth?.kid,
    d: entry.auth?.d,
    x: entry.auth?.x,
    y: entry.auth?.y,
  };
  const missing: string[] = [];
  const code = entry.code.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (all, name: string) => {
    const v = values[name];
    if (v === undefined) {
      missing.push(name);
      return all;
    }
    return v;
  });
  return { code, missing };
}
