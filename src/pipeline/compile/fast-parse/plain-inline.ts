/**
 * Fast paths for the prose of a page: a paragraph at the left margin and a tight list of
 * `- ` items, when their text is plain (and the inline content of plain table cells and
 * headings, plainSpan). Plain text here is letters, digits, spaces,
 * line breaks and a few marks, with three constructs of the simplest kind: inline code in
 * single backticks, strong emphasis in `**` around plain words, and an inline link
 * `[words](destination)` with a destination of URL characters only. Anything else (another
 * emphasis, `_`, an escape, an entity, HTML, maths, a directive's `:name`, a literal autolink,
 * an image, a reference) gives undefined and the block is left to the parser. The trees are
 * micromark's, positions included (test/unit/plain-inline.test.ts compares them on random
 * paragraphs and lists); parse-chunked.ts decides where such a block stands on its own.
 */
import type { InlineCode, Link, List, ListItem, Paragraph, PhrasingContent, Root, Strong, Text } from 'mdast';
import type { Point } from 'unist';

/**
 * Characters that are text wherever they stand (a colon and `!` are checked on their own):
 * ASCII letters, digits and a few marks, and any character past U+00A0 (none starts a
 * construct; they only count as punctuation or space next to a `**`, which is checked apart).
 */
const TEXT_CHAR = /[A-Za-z0-9 .,;()+=/%'"#?\n\u00a1-\uffff-]/;
/** The words inside `[…]`: plain text, no line break, a letter or digit at each end. */
const WORDS = /^[A-Za-z0-9](?:[A-Za-z0-9 .,;()+=/%'"#?-]*[A-Za-z0-9])?$/;
/** The words inside `**…**`: the same, and they may end in a full stop, `?` or `!` (what may follow the closing `**` keeps it closing). */
const STRONG_WORDS = /^[A-Za-z0-9](?:[A-Za-z0-9 .,;()+=/%'"#?-]*[A-Za-z0-9.?!])?$/;
const DESTINATION = /^[A-Za-z0-9._~/#?=%+-]+$/;
/**
 * Inline code in single backticks: everything in a code span is literal (no escape, entity,
 * emphasis, directive or autolink starts inside one, and the text before it is plain, so
 * nothing opened before it can reach into it). Not allowed: a backtick, a pipe (it ends a
 * table cell even inside code), a backslash (`\|`), control characters, and a space at
 * either end (CommonMark strips one from each side).
 */
const CODE_TEXT = /^[^\s`|\\\x00-\x1f](?:[^`|\\\x00-\x1f]*[^\s`|\\\x00-\x1f])?$/;
/** Text a literal autolink could start in: an email's `@`, `http://`/`https://` and `www.` (GFM's rules). */
const MAY_LINK = /@|https?:\/\/|www\./i;
/** What may follow a closing `**` (left-flanking rules need no more than this). */
const AFTER_STRONG = /[ \n.,;)?]/;
/** What may come before an opening `**`. */
const BEFORE_STRONG = /[ \n(]/;

/**
 * The phrasing content of `text` (its lines joined by `\n`), starting at `start`; each later
 * line starts at column 1 + `indent` in the file (a list item's lines lose their indent).
 * Undefined when the text is not plain.
 */
function plainPhrasing(text: string, start: Point, indent = 0): PhrasingContent[] | undefined {
  if (text === '' || /^[ \t]|[ \t]$| \n|\n /.test(text)) return undefined;
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks.push(at);
  const point = (k: number): Point => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    const column = lo === 0 ? start.column + k : k - breaks[lo - 1]! + indent;
    return { line: start.line + lo, column, offset: start.offset! + k + lo * indent };
  };
  // A text that ends with a line break ends before the next line's indent (micromark's choice).
  const endPoint = (k: number): Point => {
    const p = point(k);
    return k > 0 && text[k - 1] === '\n' ? { line: p.line, column: 1, offset: p.offset! - indent } : p;
  };
  const out: PhrasingContent[] = [];
  let textStart = 0;
  /** Ends the text before `end`; false when it could hold a literal autolink (code spans cannot, so only text is looked at). */
  const flush = (end: number): boolean => {
    if (end === textStart) return true;
    const value = text.slice(textStart, end);
    if (MAY_LINK.test(value)) return false;
    out.push({ type: 'text', value, position: { start: point(textStart), end: endPoint(end) } } satisfies Text);
    return true;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close === -1 || text[close + 1] === '`') return undefined;
      const value = text.slice(i + 1, close);
      if (!CODE_TEXT.test(value)) return undefined;
      if (!flush(i)) return undefined;
      out.push({ type: 'inlineCode', value, position: { start: point(i), end: point(close + 1) } } satisfies InlineCode);
      i = textStart = close + 1;
    } else if (c === '*') {
      if (text[i + 1] !== '*' || (i > 0 && !BEFORE_STRONG.test(text[i - 1]!))) return undefined;
      const close = text.indexOf('**', i + 2);
      if (close === -1) return undefined;
      const words = text.slice(i + 2, close);
      if (!STRONG_WORDS.test(words) || MAY_LINK.test(words) || (close + 2 < text.length && !AFTER_STRONG.test(text[close + 2]!))) return undefined;
      if (!flush(i)) return undefined;
      const inner: Text = { type: 'text', value: words, position: { start: point(i + 2), end: point(close) } };
      out.push({ type: 'strong', children: [inner], position: { start: point(i), end: point(close + 2) } } satisfies Strong);
      i = textStart = close + 2;
    } else if (c === '[') {
      const close = text.indexOf(']', i + 1);
      if (close === -1 || text[close + 1] !== '(') return undefined;
      const end = text.indexOf(')', close + 2);
      if (end === -1) return undefined;
      const words = text.slice(i + 1, close);
      const url = text.slice(close + 2, end);
      // The link's text: plain words, or one code span (`[\`key\`](#key)`).
      const code = words.length > 2 && words[0] === '`' && words.endsWith('`') ? words.slice(1, -1) : undefined;
      if (!DESTINATION.test(url) || (code === undefined ? !WORDS.test(words) || MAY_LINK.test(words) : !CODE_TEXT.test(code))) return undefined;
      if (!flush(i)) return undefined;
      const inner: Text | InlineCode =
        code === undefined ? { type: 'text', value: words, position: { start: point(i + 1), end: point(close) } } : { type: 'inlineCode', value: code, position: { start: point(i + 1), end: point(close) } };
      out.push({ type: 'link', title: null, url, children: [inner], position: { start: point(i), end: point(end + 1) } } satisfies Link);
      i = textStart = end + 1;
    } else if (c === ':') {
      // `:name` is a text directive; a colon before a space or a line's end is text.
      if (i + 1 < text.length && text[i + 1] !== ' ' && text[i + 1] !== '\n') return undefined;
      i++;
    } else if (c === '!') {
      if (text[i + 1] === '[') return undefined;
      i++;
    } else if (TEXT_CHAR.test(c)) i++;
    else return undefined;
  }
  return flush(text.length) ? out : undefined;
}

/**
 * The inline content of columns [from, to) of `line` (line `lineNo`, starting at offset
 * `lineOffset`), spaces at both ends trimmed: a table cell's content, or a heading's.
 * Undefined when it is not plain.
 */
export function plainSpan(line: string, from: number, to: number, lineNo: number, lineOffset: number): PhrasingContent[] | undefined {
  while (from < to && line[from] === ' ') from++;
  while (to > from && line[to - 1] === ' ') to--;
  if (from === to) return [];
  return plainPhrasing(line.slice(from, to), { line: lineNo, column: from + 1, offset: lineOffset + from });
}

/** An ordered list's marker: no line of a paragraph or an item may start with one. */
const ORDERED_MARKER = /^\d{1,9}[.)]/;
/** A paragraph's first characters: a letter, a digit or an inline construct. */
const PARAGRAPH_START = /^(?:[A-Za-z0-9`(]|\*\*[A-Za-z0-9]|\[)/;
/** A paragraph's later lines: nothing that could interrupt it (a fence, a list, a heading, a quote, HTML, a table's delimiter row, a setext underline). */
const PARAGRAPH_LINE = /^(?:[A-Za-z0-9(["']|`(?!``)|\*\*[A-Za-z0-9])/;
/** An item's first characters: not a task's `[ ]`, another marker or a block's start. */
const ITEM_START = /^(?:[A-Za-z0-9`(]|\*\*[A-Za-z0-9]|\[(?![ \txX]\]))/;

/** The tree of a paragraph given as its lines (no blank line among them, the block ending after the last), or undefined. */
export function plainParagraph(lines: readonly string[]): Root | undefined {
  if (!PARAGRAPH_START.test(lines[0]!) || ORDERED_MARKER.test(lines[0]!)) return undefined;
  for (let k = 1; k < lines.length; k++) if (!PARAGRAPH_LINE.test(lines[k]!) || ORDERED_MARKER.test(lines[k]!)) return undefined;
  const text = lines.join('\n');
  const children = plainPhrasing(text, { line: 1, column: 1, offset: 0 });
  if (!children) return undefined;
  const last = lines[lines.length - 1]!;
  const end: Point = { line: lines.length, column: last.length + 1, offset: text.length };
  const paragraph: Paragraph = { type: 'paragraph', children, position: { start: { line: 1, column: 1, offset: 0 }, end } };
  return { type: 'root', children: [paragraph], position: { start: { line: 1, column: 1, offset: 0 }, end: { ...end } } };
}

/**
 * The tree of a tight list of `- ` items given as its lines, or undefined. An item is one
 * paragraph: its first line after `- `, and any later lines indented by two spaces.
 */
export function plainList(lines: readonly string[]): Root | undefined {
  const items: ListItem[] = [];
  let offset = 0;
  for (let k = 0; k < lines.length; ) {
    const line = lines[k]!;
    const content = [line.slice(2)];
    if (!line.startsWith('- ') || !ITEM_START.test(content[0]!) || ORDERED_MARKER.test(content[0]!)) return undefined;
    let last = k + 1;
    while (last < lines.length && lines[last]!.startsWith('  ')) {
      const more = lines[last]!.slice(2);
      if (!PARAGRAPH_LINE.test(more) || ORDERED_MARKER.test(more)) return undefined;
      content.push(more);
      last++;
    }
    const children = plainPhrasing(content.join('\n'), { line: k + 1, column: 3, offset: offset + 2 }, 2);
    if (!children) return undefined;
    let endOffset = offset - 1;
    for (let j = k; j < last; j++) endOffset += lines[j]!.length + 1;
    const end: Point = { line: last, column: lines[last - 1]!.length + 1, offset: endOffset };
    const paragraph: Paragraph = { type: 'paragraph', children, position: { start: { line: k + 1, column: 3, offset: offset + 2 }, end } };
    items.push({ type: 'listItem', spread: false, checked: null, children: [paragraph], position: { start: { line: k + 1, column: 1, offset }, end: { ...end } } });
    offset = endOffset + 1;
    k = last;
  }
  const end = { ...items[items.length - 1]!.position!.end };
  const list: List = { type: 'list', ordered: false, start: null, spread: false, children: items, position: { start: { line: 1, column: 1, offset: 0 }, end } };
  return { type: 'root', children: [list], position: { start: { line: 1, column: 1, offset: 0 }, end: { ...end } } };
}
