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
    appendNodes(refractor.highlight(source, resolved.id).children, lines);
  }
  return { lang: resolved.id, known: resolved.known, lines: dropTrailingNewline(source, lines) };
}
