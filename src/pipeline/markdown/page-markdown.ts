/**
 * A page's Markdown copy (`build/<route>/index.md`), made from its compiled tree so that
 * includes, examples, tabs, config tables and `:release` are already resolved and nothing
 * of our content language is left: `# Title`, the description, then the body.
 */
import type { Root } from 'mdast';
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { parseCodeMeta } from '../compile/code-meta.ts';
import { toPlainMdast } from './plain-mdast.ts';

/**
 * Text that holds no character Markdown could read as syntax needs no escaping. Deciding that
 * with one regular expression skips the serialiser's escaping pass (its 40-odd patterns,
 * checked for every text node, were a tenth of the build's time); anything else is escaped as
 * usual. Covered: punctuation of CommonMark, GFM (tables, autolinks `www.`, `@`, `http:`) and
 * maths (`$`), line breaks, and line-start markers. Parentheses, braces and most colons are
 * left out: the serialiser only escapes `(` after `]` (escaped already), `)` after a
 * line-start number and `:` in `http:/`, at a line start or before a neighbour's `/`.
 */
const MAYBE_SYNTAX = /[\\`*_[\]<>#!&|~$@\n\r\t]|[Ww]\.|:\/|:$/;
/**
 * Edges that matter only at a line's start or end: a leading space or digit (indented code,
 * an ordered list's number), a line-start marker (`+`, `-`, `=`, `.` after a number, `:` of a
 * table's delimiter row) and a trailing space (a hard break). Most text nodes have one,
 * beside inline code, links or emphasis, where the neighbouring character is not a line
 * ending, so those stay on the fast path: text after a link or inline code often starts
 * with `.` or `:` (the Markdown copy of 400 synthetic pages took 8% less once such text
 * stayed fast). The one mid-line rule for a leading character: `.` after `w` (`www.`).
 */
const LEADING = /^[\s\d+\-=.:]/;
const TRAILING = /\s$/;
const midLine = (c: string | undefined) => c !== undefined && c !== '' && c !== '\n' && c !== '\r';
const text: Handle = (node, parent, state, info) => {
  const value = node.value as string;
  const plain =
    !MAYBE_SYNTAX.test(value) &&
    (!LEADING.test(value) || (midLine(info.before) && !(value[0] === '.' && (info.before === 'w' || info.before === 'W')))) &&
    (!TRAILING.test(value) || midLine(info.after));
  return plain ? value : defaultHandlers.text(node, parent, state, info);
};

export const MARKDOWN_OPTIONS: Options = {
  handlers: { text },
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  // Unpadded tables: padding every cell to the widest one makes wide tables several times larger.
  extensions: [gfmToMarkdown({ tablePipeAlign: false }), mathToMarkdown()],
};

export interface MarkdownPage {
  title: string;
  description: string;
  /** `/docs/x/` */
  route: string;
}

/** Serialises the compiled tree (consumed: it is rewritten in place) as the page's Markdown. */
export function pageMarkdown(tree: Root, page: MarkdownPage, origin: string): string {
  const pageUrl = origin + page.route;
  const body = toPlainMdast(tree, { pageUrl, origin, codeTitle: (meta) => parseCodeMeta(meta).title });
  const doc: Root = {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [{ type: 'text', value: page.title }] },
      ...(page.description ? [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: page.description }] }] : []),
      ...body.children,
    ],
  };
  return toMarkdown(doc, MARKDOWN_OPTIONS);
}
