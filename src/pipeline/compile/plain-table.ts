/**
 * A fast path for the long tables of generated pages (a configuration reference, a list of
 * 20,000 symbols): a piece of such a table whose every line is plain (see PLAIN_CELL) becomes
 * its mdast table directly, the same tree, positions included, that micromark gives for it
 * (test/unit/plain-table.test.ts compares them on random tables). Anything else (an escape, a
 * link, emphasis, a colon that could start a directive, a row with another cell count) gives
 * undefined and the piece is parsed as usual. parse-chunked.ts uses it for the pieces that
 * continue a long table; micromark took 1.7 s of a 20,000-row table's 3.6 s build.
 */
import type { InlineCode, PhrasingContent, Root, Table, TableCell, TableRow, Text } from 'mdast';
import type { Point } from 'unist';

/**
 * Text that no inline construct can start in or around: letters, digits, spaces and a few
 * marks, without `www`, `http` or `@` (literal autolinks), `:` (directives), `_*~$&<[!\`
 * and so on.
 */
const PLAIN_TEXT = /^[A-Za-z0-9 .,;()+=/%'"#-]*$/;
/**
 * Inline code in single backticks: everything in a code span is literal (no escape, entity,
 * emphasis, directive or autolink starts inside one, and the text before it is plain, so
 * nothing opened before it can reach into it). Not allowed: a backtick, a pipe (it ends a
 * table cell even inside code), a backslash (`\|`), control characters, and a space at
 * either end (CommonMark strips one from each side).
 */
const CODE_TEXT = /^[^\s`|\\\x00-\x1f](?:[^`|\\\x00-\x1f]*[^\s`|\\\x00-\x1f])?$/;
const AUTOLINK_START = /www|http/i;
const DELIMITER_CELL = /^ *(:?)-+(:?) *$/;

/** Splits a plain row (`| a | b |`) into its cells' [start, end) columns (0-based, pipes excluded); undefined when the line is not one. */
function cellSpans(line: string): [number, number][] | undefined {
  if (line.length < 2 || line[0] !== '|' || line[line.length - 1] !== '|' || line.includes('\\')) return undefined;
  const spans: [number, number][] = [];
  let start = 1;
  for (let i = 1; i < line.length; i++) {
    if (line[i] !== '|') continue;
    spans.push([start, i]);
    start = i + 1;
  }
  return spans;
}

/**
 * The inline content of columns [from, to) of `line` (line `lineNo`, starting at offset
 * `lineOffset`), spaces at both ends trimmed, as micromark gives it when it is plain text and
 * single-backtick code; undefined otherwise. A table cell's content, or a heading's.
 */
export function plainInline(line: string, from: number, to: number, lineNo: number, lineOffset: number): PhrasingContent[] | undefined {
  while (from < to && line[from] === ' ') from++;
  while (to > from && line[to - 1] === ' ') to--;
  const point = (col: number): Point => ({ line: lineNo, column: col + 1, offset: lineOffset + col });
  const out: PhrasingContent[] = [];
  let at = from;
  while (at < to) {
    const tick = line.indexOf('`', at);
    const textEnd = tick === -1 || tick >= to ? to : tick;
    if (textEnd > at) {
      const value = line.slice(at, textEnd);
      if (!PLAIN_TEXT.test(value) || AUTOLINK_START.test(value)) return undefined;
      out.push({ type: 'text', value, position: { start: point(at), end: point(textEnd) } } satisfies Text);
    }
    if (textEnd === to) break;
    const close = line.indexOf('`', tick + 1);
    if (close === -1 || close >= to || line[close + 1] === '`') return undefined;
    const value = line.slice(tick + 1, close);
    if (!CODE_TEXT.test(value)) return undefined;
    out.push({ type: 'inlineCode', value, position: { start: point(tick), end: point(close + 1) } } satisfies InlineCode);
    at = close + 1;
  }
  return out;
}

/**
 * The tree micromark gives for `text` when it is a plain table: a header row, a delimiter row
 * and body rows, each line `|`-fenced with the same number of cells and nothing else, the
 * last line ending the text (with or without a newline). Undefined otherwise.
 */
export function plainTable(text: string): Root | undefined {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  if (lines.length < 3) return undefined;
  const delimiter = cellSpans(lines[1]!);
  const header = cellSpans(lines[0]!);
  if (!delimiter || !header || delimiter.length !== header.length) return undefined;
  const align: Table['align'] = [];
  for (const [from, to] of delimiter) {
    const m = DELIMITER_CELL.exec(lines[1]!.slice(from, to));
    if (!m) return undefined;
    align.push(m[1] && m[2] ? 'center' : m[1] ? 'left' : m[2] ? 'right' : null);
  }
  const rows: TableRow[] = [];
  let lineOffset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    if (i !== 1) {
      const spans = i === 0 ? header : cellSpans(line);
      if (!spans || spans.length !== header.length) return undefined;
      const cells: TableCell[] = [];
      for (let c = 0; c < spans.length; c++) {
        const [from, to] = spans[c]!;
        const children = plainInline(line, from, to, lineNo, lineOffset);
        if (!children) return undefined;
        // A cell runs from its opening pipe to the next one; the last takes its closing pipe too.
        const end = c === spans.length - 1 ? to + 1 : to;
        cells.push({ type: 'tableCell', children, position: { start: { line: lineNo, column: from, offset: lineOffset + from - 1 }, end: { line: lineNo, column: end + 1, offset: lineOffset + end } } });
      }
      rows.push({ type: 'tableRow', children: cells, position: { start: { line: lineNo, column: 1, offset: lineOffset }, end: { line: lineNo, column: line.length + 1, offset: lineOffset + line.length } } });
    }
    lineOffset += line.length + 1;
  }
  const last = rows[rows.length - 1]!.position!.end;
  const table: Table = { type: 'table', align, children: rows, position: { start: { line: 1, column: 1, offset: 0 }, end: { ...last } } };
  const end = text.endsWith('\n') ? { line: lines.length + 1, column: 1, offset: text.length } : { ...last };
  return { type: 'root', children: [table], position: { start: { line: 1, column: 1, offset: 0 }, end } };
}
