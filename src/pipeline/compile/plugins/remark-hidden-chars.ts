/**
 * Applies the hidden-character rule of policy/hidden-chars.ts to a page's tree, right after
 * its includes are expanded (so fragments are covered, and reported at their own file):
 * every hidden control character is a warning at its line and column; in prose, link targets
 * and directive attributes it is removed; in code it stays for the code renderers, which
 * draw it as a visible marker (remark-code-blocks for blocks, here for inline code).
 */
import type { Root, InlineCode } from 'mdast';
import type { Node } from 'unist';
import type { ElementContent } from 'hast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import {
  HIDDEN_CHAR_FIX,
  HIDDEN_CHAR_REPORTS_PER_FILE,
  findHiddenChars,
  hasHiddenChars,
  hiddenCharMessage,
  markHiddenChars,
  stripHiddenChars,
} from '../../policy/hidden-chars.ts';
import { hiddenCharPieces } from '../highlight/hidden-char-markers.ts';

type AnyNode = Node & { value?: string; url?: string; title?: string | null; alt?: string | null; lang?: string | null; meta?: string | null; attributes?: Record<string, string | null | undefined> | null };

const isCode = (n: Node) => n.type === 'code' || n.type === 'inlineCode';

export default function remarkHiddenChars() {
  return (tree: Root, file: VFile) => {
    // Only pages that hold one, or pull text in from other files, are walked.
    if (!hasHiddenChars(String(file.value ?? '')) && (file.data.dependencies?.size ?? 0) === 0) return;
    const reported = new Map<string, number>();
    const warn = (node: AnyNode, text: string, inCode: boolean) => reportHits(file, node, text, inCode, reported);
    visit(tree, (n: Node) => {
      const node = n as AnyNode;
      if (typeof node.value === 'string' && hasHiddenChars(node.value)) {
        warn(node, node.value, isCode(node));
        if (node.type === 'inlineCode') markInlineCode(node as InlineCode);
        else if (node.type !== 'code') node.value = stripHiddenChars(node.value);
      }
      for (const key of ['url', 'title', 'alt', 'lang', 'meta'] as const) {
        const v = node[key];
        if (typeof v === 'string' && hasHiddenChars(v)) {
          warn(node, v, false);
          node[key] = stripHiddenChars(v);
        }
      }
      if (node.attributes) {
        for (const [k, v] of Object.entries(node.attributes)) {
          if (typeof v === 'string' && hasHiddenChars(v)) {
            warn(node, v, false);
            node.attributes[k] = stripHiddenChars(v);
          }
        }
      }
    });
    for (const [where, count] of reported) {
      if (count <= HIDDEN_CHAR_REPORTS_PER_FILE) continue;
      (file.data.diagnostics ??= []).push({
        severity: 'warning',
        file: where,
        rule: 'hidden-char',
        message: `${count - HIDDEN_CHAR_REPORTS_PER_FILE} more line(s) with hidden control characters (the first ${HIDDEN_CHAR_REPORTS_PER_FILE} are reported).`,
        fix: HIDDEN_CHAR_FIX,
      });
    }
  };
}

/** Inline code: the Markdown copy and search get `<U+202E>` as text; the HTML gets marker elements. */
function markInlineCode(node: InlineCode): void {
  const children: ElementContent[] = hiddenCharPieces(node.value);
  node.value = markHiddenChars(node.value);
  node.data = { ...node.data, hChildren: children };
}

/** One warning per line of `text` holding hidden characters, at the node's file, line and column. */
function reportHits(file: VFile, node: AnyNode, text: string, inCode: boolean, reported: Map<string, number>): void {
  const origin = node.data?.origin;
  const where = origin?.file ?? file.data.page?.file ?? file.path;
  const start = origin ? { line: origin.line, column: undefined } : node.position?.start;
  // A fenced block's value starts on the line after its fence.
  const firstLine = (start?.line ?? 1) + (node.type === 'code' && node.position && node.position.end.line > node.position.start.line ? 1 : 0);
  for (const hit of findHiddenChars(text)) {
    const count = (reported.get(where) ?? 0) + 1;
    reported.set(where, count);
    if (count > HIDDEN_CHAR_REPORTS_PER_FILE) continue;
    const sameLine = hit.line === 0 && node.type !== 'code';
    const column = start?.column === undefined ? undefined : sameLine ? start.column + hit.column + (node.type === 'inlineCode' ? 1 : 0) : hit.column + 1;
    (file.data.diagnostics ??= []).push({
      severity: 'warning',
      file: where,
      line: start?.line === undefined ? undefined : firstLine + hit.line,
      column,
      rule: 'hidden-char',
      message: origin && file.data.page ? `${hiddenCharMessage(hit.codes, inCode)} (included into ${file.data.page.file})` : hiddenCharMessage(hit.codes, inCode),
      fix: HIDDEN_CHAR_FIX,
    });
  }
}
