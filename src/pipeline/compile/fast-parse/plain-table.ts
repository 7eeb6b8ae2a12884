/**
 * The fast path for tables: a table whose every line is a `|`-fenced row with the header's
 * cell count, and whose cells are plain (plain-inline.ts: text, inline code, strong words,
 * simple links), becomes its mdast table directly, the same tree, positions included, that
 * micromark gives for it (test/unit/plain-table.test.ts compares them on random tables).
 * Anything else (an escape, emphasis, a colon that could start a directive, a row with
 * another cell count) gives undefined and the table is parsed as usual. parse-chunked.ts uses
 * it for a table standing on its own and for the pieces that continue a long table; micromark
 * took 1.7 s of a 20,000-row table's 3.6 s build.
 */
import type { Root, Table, TableCell, TableRow } from 'mdast';
import { plainSpan } from './plain-inline.ts';

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
        const children = plainSpan(line, from, to, lineNo, lineOffset);
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
