// Build-time syntax highlighting: refractor (Prism grammars) → hast, split into
// self-contained lines so the renderer can number/highlight lines freely.
import type { Element, ElementContent, RootContent, Text } from 'hast';
import { refractor, type Syntax } from 'refractor/core';
import bash from 'refractor/bash';
import c from 'refractor/c';
import cpp from 'refractor/cpp';
import csharp from 'refractor/csharp';
import docker from 'refractor/docker';
import ebnf from 'refractor/ebnf';
import go from 'refractor/go';
import ini from 'refractor/ini';
import java from 'refractor/java';
import javascript from 'refractor/javascript';
import json from 'refractor/json';
import julia from 'refractor/julia';
import php from 'refractor/php';
import python from 'refractor/python';
import r from 'refractor/r';
import ruby from 'refractor/ruby';
import rust from 'refractor/rust';
import sql from 'refractor/sql';
import toml from 'refractor/toml';
import typescript from 'refractor/typescript';
import yaml from 'refractor/yaml';
import { resolveLanguage, type LanguageId } from './languages.ts';
import { questdbSql } from './questdb-sql.ts';

// A Record keyed by LanguageId makes tsc fail if languages.ts gains an id
// without a grammar here. Only these grammars (and their deps) are loaded.
const SYNTAXES: Record<LanguageId, Syntax> = {
  'questdb-sql': questdbSql,
  bash, c, cpp, csharp, docker, ebnf, go, ini, java, javascript, json, julia,
  php, python, r, ruby, rust, sql, toml, typescript, yaml,
};

// refractor/core is a process-wide singleton; register once at module load.
for (const syntax of Object.values(SYNTAXES)) refractor.register(syntax);

/** What Prism's tokenizer gives: text, or a token whose content is text, a token or a list of both. */
type PrismToken = string | { type: string; content: PrismToken | PrismToken[]; alias?: string | string[] };
interface PrismEnvironment { code: string; grammar: unknown; language: string; tokens?: PrismToken[] }
interface PrismCore {
  languages: Record<string, unknown>;
  hooks: { run(name: string, env: object): void };
  tokenize(code: string, grammar: unknown): PrismToken[];
  Token: { stringify(token: PrismToken, language: string): ElementContent | ElementContent[] };
}
const prism = refractor as unknown as PrismCore;
/** refractor's own stringify (hastscript's `h` for every token), for tokens the fast path does not make. */
const refractorStringify = prism.Token.stringify;
/** A class `h('span.a.b')` would read as the same list of classes. */
const PLAIN_CLASS = /^[^.#\s]+$/;

/**
 * `refractor.highlight`, with the same hooks and the same tree, but each token's element made
 * directly: refractor builds it with hastscript's `h('span.token.keyword', …)`, whose selector
 * parsing was about 1% of a build. A token the `wrap` hooks give attributes or another tag, or
 * a class a selector could not carry, is still made by refractor (test/unit/highlight.test.ts
 * compares both on every code block of the site).
 */
export function highlightToHast(code: string, language: string): ElementContent[] {
  const env: PrismEnvironment = { code, grammar: prism.languages[language], language };
  prism.hooks.run('before-tokenize', env);
  if (!env.grammar) throw new Error(`The language "${env.language}" has no grammar.`);
  env.tokens = prism.tokenize(env.code, env.grammar);
  prism.hooks.run('after-tokenize', env);
  return tokensToHast(env.tokens, env.language) as ElementContent[];
}

function tokensToHast(value: PrismToken | PrismToken[], language: string): ElementContent | ElementContent[] {
  if (typeof value === 'string') return { type: 'text', value };
  if (Array.isArray(value)) {
    const out: ElementContent[] = [];
    for (const item of value) {
      if (item === null || item === undefined || item === '') continue;
      out.push(tokensToHast(item, language) as ElementContent);
    }
    return out;
  }
  const classes = ['token', value.type];
  if (value.alias) classes.push(...(typeof value.alias === 'string' ? [value.alias] : value.alias));
  const env = { attributes: {} as Record<string, string>, classes, content: undefined as unknown, language, tag: 'span', type: value.type };
  // The hooks see the content as hast, as they do in refractor.
  env.content = tokensToHast(value.content, language);
  prism.hooks.run('wrap', env);
  if (env.tag !== 'span' || Object.keys(env.attributes).length > 0 || !env.classes.every((c) => PLAIN_CLASS.test(c))) {
    return refractorStringify(value, language);
  }
  const content = env.content as ElementContent | ElementContent[];
  return { type: 'element', tagName: 'span', properties: { className: env.classes }, children: Array.isArray(content) ? content : [content] };
}

/** One rendered line of code: inline hast nodes, no newlines inside. */
export type CodeLine = ElementContent[];

/** Result of highlighting one code block. */
export interface HighlightResult {
  /** Resolved language id (`text` for plain, the given name when unknown). */
  lang: string;
  /** False when the fence language was not recognised (rendered plain). */
  known: boolean;
  /** One entry per source line; a trailing newline adds no extra line. */
  lines: CodeLine[];
}

const text = (value: string): Text => ({ type: 'text', value });

// Append `nodes` to `lines`, continuing the last line and opening a new one at
// each newline. An element whose content crosses lines is cloned once per line
// with the same tag and classes, so every line stands alone.
function appendNodes(nodes: readonly (ElementContent | RootContent)[], lines: CodeLine[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) lines.push([]);
        const part = parts[i]!;
        if (part !== '') lines[lines.length - 1]!.push(i === 0 && parts.length === 1 ? node : text(part));
      }
    } else if (node.type === 'element') {
      const inner: CodeLine[] = [[]];
      appendNodes(node.children, inner);
      if (inner.length === 1) {
        // Common case: the token fits on one line; keep the node as it is.
        lines[lines.length - 1]!.push(node);
        continue;
      }
      for (let i = 0; i < inner.length; i++) {
        if (i > 0) lines.push([]);
        const children = inner[i]!;
        // Skip empty fragments (a token ending in a newline) so no empty spans.
        if (children.length > 0) lines[lines.length - 1]!.push(cloneShell(node, children));
      }
    }
    // refractor emits only elements and text; anything else is ignored.
  }
}

// Each fragment gets its own properties/className so later per-line edits
// (e.g. adding a class) cannot leak into sibling fragments.
function cloneShell(node: Element, children: CodeLine): Element {
  const properties = { ...node.properties };
  if (Array.isArray(properties.className)) properties.className = [...properties.className];
  return { type: 'element', tagName: node.tagName, properties, children };
}

function dropTrailingNewline(code: string, lines: CodeLine[]): CodeLine[] {
  if (code.endsWith('\n') && lines.length > 1 && lines[lines.length - 1]!.length === 0) lines.pop();
  return lines;
}

/** Highlight `code` as `lang` (fence name, alias or empty for QuestDB SQL) into self-contained hast lines. */
export function highlightLines(code: string, lang: string | null | undefined): HighlightResult {
  const resolved = resolveLanguage(lang);
  const source = code.includes('\r') ? code.replace(/\r\n?/g, '\n') : code;
  let lines: CodeLine[];
  if (resolved.plain) {
    lines = source.split('\n').map((line) => (line === '' ? [] : [text(line)]));
  } else {
    lines = [[]];
    appendNodes(highlightToHast(source, resolved.id), lines);
  }
  return { lang: resolved.id, known: resolved.known, lines: dropTrailingNewline(source, lines) };
}
