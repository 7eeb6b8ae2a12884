/**
 * Serialiser handlers for the Markdown copy that skip mdast-util-to-markdown's general
 * machinery where the answer is known, and hand everything else to the usual handlers.
 * Each gives the same bytes as the handler it stands in front of; test/unit/markdown-copy.test.ts
 * compares them on every page of the site and on generated trees.
 */
import type { InlineCode, Table, TableCell, Text } from 'mdast';
import { defaultHandlers, type Handle, type Info, type State } from 'mdast-util-to-markdown';
import { markdownTable } from 'markdown-table';

/**
 * Text that holds no character Markdown could read as syntax needs no escaping. Deciding that
 * with one regular expression skips the serialiser's escaping pass (its 40-odd patterns,
 * checked for every text node, were a tenth of the build's time); anything else is escaped as
 * usual. Covered: punctuation of CommonMark, GFM (tables, autolinks `www.`, `@`, `http:`) and
 * maths (`$`), line breaks, and line-start markers. Parentheses, braces and most colons are
 * left out: the serialiser only escapes `(` after `]` (escaped already), `)` after a
 * line-start number and `:` in `http:/`, at a line start or before a neighbour's `/` (the
 * last one is checked against the neighbour in isPlainText).
 */
const MAYBE_SYNTAX = /[\\`*_[\]<>#!&|~$@\n\r\t]|[Ww]\.|:\//;
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

/** Whether text between `before` and `after` is written as it is. */
function isPlainText(value: string, before: string | undefined, after: string | undefined): boolean {
  return (
    !MAYBE_SYNTAX.test(value) &&
    (!LEADING.test(value) || (midLine(before) && !(value[0] === '.' && (before === 'w' || before === 'W')))) &&
    (!TRAILING.test(value) || midLine(after)) &&
    !(after === '/' && value.endsWith(':'))
  );
}

/**
 * Text over several lines (a paragraph's soft line breaks: most text of a page) is plain
 * when each line is, taking the line endings as its neighbours: no line may start with a
 * space, digit or marker, or end with a space, and no line is empty. Not in an ATX heading
 * or a table cell, where a line ending itself must be escaped.
 */
function isPlainLines(value: string, before: string | undefined, after: string | undefined, state: State): boolean {
  if (value.includes('\r') || state.stack.includes('headingAtx') || state.stack.includes('tableCell')) return false;
  const lines = value.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '' || !isPlainText(line, i === 0 ? before : '\n', i === lines.length - 1 ? after : '\n')) return false;
  }
  return true;
}

const textHandler: Handle = (node, parent, state, info) => {
  const value = (node as Text).value;
  const plain = value.includes('\n') ? isPlainLines(value, info.before, info.after, state) : isPlainText(value, info.before, info.after);
  return plain ? value : defaultHandlers.text(node as Text, parent, state, info);
};

/**
 * The serialiser asks for the first character a sibling will write (with nothing known on
 * either side) to decide on escaping the text before it; text has no peek of its own, so it
 * was serialised whole for that. A letter, digit, `.`, `,`, `:` or `;`, or a space not before
 * a line ending, is never escaped there (every rule for them needs a character before).
 */
const SAFE_FIRST = /^(?:[A-Za-z0-9.,:;]|[ ](?![\r\n]))/;
export const text: Handle = Object.assign(textHandler, {
  peek: ((node, parent, state, info) => {
    const value = (node as Text).value;
    if (SAFE_FIRST.test(value)) return value[0]!;
    const first = textHandler(node, parent, state, info).codePointAt(0);
    return first === undefined ? '' : String.fromCodePoint(first);
  }) as Handle,
});

/**
 * Inline code on one line, with no backtick or pipe and not padded by spaces on both sides,
 * is written between single backticks: what the serialiser does after trying a fence
 * regular expression built per call, and scanning its unsafe patterns (all of which need a
 * line ending in code). A pipe needs the table's escaping, so it goes to GFM's handler.
 */
const PLAIN_CODE = /^[^`|\r\n]*$/;
/** Plain inline code as the serialiser writes it; undefined for any other. */
const plainCode = (value: string) => (PLAIN_CODE.test(value) && !(value.length > 1 && value[0] === ' ' && value[value.length - 1] === ' ' && /[^ ]/.test(value)) ? '`' + value + '`' : undefined);

export function inlineCodeHandler(fallback: Handle): Handle {
  const handle: Handle = (node, parent, state, info) => plainCode((node as InlineCode).value) ?? fallback(node, parent, state, info);
  // The serialiser peeks at a node's first character to escape the text before it: always the fence.
  return Object.assign(handle, { peek: () => '`' });
}

/** A cell of plain text and plain inline code, as the serialiser would write it; undefined for any other cell. */
function plainCell(cell: TableCell): string | undefined {
  const kids = cell.children;
  const pieces: string[] = [];
  for (const child of kids) {
    const piece = child.type === 'inlineCode' ? plainCode(child.value) : child.type === 'text' && child.value !== '' ? child.value : undefined;
    if (piece === undefined) return undefined;
    pieces.push(piece);
  }
  // Cells are written between pipes (unpadded tables), and code pieces begin and end with a backtick.
  for (let i = 0; i < kids.length; i++) {
    if (kids[i]!.type !== 'text') continue;
    const before = i === 0 ? '|' : pieces[i - 1]!.at(-1);
    const after = i === kids.length - 1 ? '|' : pieces[i + 1]![0];
    if (!isPlainText(pieces[i]!, before, after)) return undefined;
  }
  return pieces.join('');
}

/**
 * A table whose cells are all plain is laid out from its cells' text directly, as GFM's
 * handler lays out the cells it serialised (markdown-table, unpadded, head filled to the
 * column count); a 20,000-row table took 0.7 s to serialise, cell by cell through the
 * general phrasing machinery. Any other table goes to GFM's handler whole.
 */
export function tableHandler(fallback: Handle): Handle {
  return (node, parent, state: State, info: Info) => {
    const table = node as Table;
    const matrix: string[][] = [];
    for (const row of table.children) {
      const cells: string[] = [];
      for (const cell of row.children) {
        const value = plainCell(cell);
        if (value === undefined) return fallback(node, parent, state, info);
        cells.push(value);
      }
      matrix.push(cells);
    }
    const head = matrix[0];
    if (head) {
      let columns = table.align ? table.align.length : 0;
      if (!columns) for (const row of matrix) columns = Math.max(columns, row.length);
      while (head.length < columns) head.push('');
    }
    return markdownTable(matrix, { align: table.align, alignDelimiters: false, fillRows: false, padding: undefined, stringLength: undefined });
  };
}
