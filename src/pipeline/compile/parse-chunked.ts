/**
 * Parsing a very large page in pieces. micromark's cost per byte grows with the size of the
 * document it holds (its event lists, and a table's rows, are resolved as one), and its
 * trees for a 5 MB page take gigabytes. Pages above `CHUNKED_FROM` characters are cut at
 * places where CommonMark cannot carry a construct across the cut, parsed piece by piece,
 * and joined into one tree with the positions of the whole file, the same tree one parse
 * gives (test/unit/parse-chunked.test.ts compares them).
 *
 * Pieces are small (8 KB): micromark's events for a piece live until the piece is compiled,
 * and a large piece's outlive the young generation, so the garbage collector copies them
 * into the old one and marks them there. On a 5 MB page, parsing took 7.4 s in pieces of
 * 64 KB, 4.6 s in pieces of 8 KB and 4.8 s in pieces of 4 KB; 4 KB pieces parse no faster
 * than 8 KB ones, and pieces much smaller only add more trees to join.
 *
 * Cuts: before a line that starts at column 0 with a letter or `#` after a blank line,
 * outside fenced code, container directives (`:::`), `$$` maths and HTML comments; and
 * inside a long top-level table, every `TABLE_ROWS` rows (each later piece repeats the
 * header, whose parsed row is then dropped). Pages with link reference or footnote
 * definitions are parsed whole (a definition applies to the whole page). A piece that
 * continues a table of plain cells is made into its tree directly (plain-table.ts).
 */
import type { Root, RootContent, Table } from 'mdast';
import type { Node } from 'unist';
import { plainTable } from './plain-table.ts';

export const CHUNKED_FROM = 256 * 1024;
const PIECE_CHARS = 8 * 1024;
const TABLE_ROWS = 50;

interface Piece {
  text: string;
  /** Lines before the piece's first real line in the file (synthetic header lines counted back). */
  lineOffset: number;
  /** Characters before the piece's first real character in the file. */
  charOffset: number;
  /** The piece continues the table the previous piece ended with; its first two lines repeat the header. */
  continuesTable?: boolean;
  /** Length of the repeated header lines at its start (not in the file). */
  syntheticChars: number;
}

const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Cuts a body into pieces, or returns undefined when it must be parsed whole. */
export function splitForParsing(body: string, pieceChars = PIECE_CHARS): Piece[] | undefined {
  if (/^ {0,3}\[[^\]\n]+\]:/m.test(body)) return undefined; // definitions and footnotes
  const lines = body.split('\n');
  const starts: number[] = []; // char offset of each line
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const pieces: Piece[] = [];
  let pieceStart = 0; // line index
  let fence: string | undefined;
  let directiveDepth = 0;
  let math = false;
  let comment = false;
  let table: { header: string; delimiter: string; rows: number } | undefined;
  /** Repeated headers for the pieces that continue a table, by the line they start at. */
  const pendingHeader: { at: number; header: string; delimiter: string }[] = [];
  const cut = (at: number) => {
    if (at <= pieceStart) return;
    pieces.push({ text: lines.slice(pieceStart, at).join('\n') + '\n', lineOffset: pieceStart, charOffset: starts[pieceStart]!, syntheticChars: 0 });
    pieceStart = at;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1]!;
      else if (line.trim().startsWith(fence[0]!.repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    if (/^\s*\$\$/.test(line)) math = !math;
    if (line.includes('<!--')) comment = !line.includes('-->', line.indexOf('<!--'));
    else if (comment && line.includes('-->')) comment = false;
    if (/^ {0,3}:{3,}\s*[a-zA-Z]/.test(line)) directiveDepth++;
    else if (/^ {0,3}:{3,}\s*$/.test(line)) directiveDepth = Math.max(0, directiveDepth - 1);
    const free = !math && !comment && directiveDepth === 0;
    // A top-level table: header, delimiter, rows (each line starts with `|`).
    if (table) {
      if (line.startsWith('|')) {
        table.rows++;
        if (table.rows > TABLE_ROWS && free) {
          // The rows so far end this piece; the next one starts with the header again.
          cut(i);
          pendingHeader.push({ at: i, header: table.header, delimiter: table.delimiter });
          table.rows = 1;
        }
        continue;
      }
      table = undefined;
    }
    if (free && line.startsWith('|') && DELIMITER_ROW.test(lines[i + 1] ?? '') && (i === 0 || lines[i - 1]!.trim() === '')) {
      table = { header: line, delimiter: lines[i + 1]!, rows: 0 };
      i++;
      continue;
    }
    const chars = starts[i]! - starts[pieceStart]!;
    if (free && chars >= pieceChars && i > 0 && lines[i - 1]!.trim() === '' && /^[A-Za-z#]/.test(line)) cut(i);
  }
  pieces.push({ text: lines.slice(pieceStart).join('\n'), lineOffset: pieceStart, charOffset: starts[pieceStart] ?? 0, syntheticChars: 0 });
  // Give the pieces that continue a table their repeated header.
  for (const p of pieces) {
    const h = pendingHeader.find((x) => starts[x.at] === p.charOffset);
    if (!h) continue;
    const prefix = `${h.header}\n${h.delimiter}\n`;
    p.text = prefix + p.text;
    p.lineOffset -= 2;
    p.syntheticChars = prefix.length;
    p.continuesTable = true;
  }
  return pieces.length > 1 ? pieces : undefined;
}

/** Moves every position in a piece's tree to where the piece stands in the file. */
function shift(tree: Node, lineOffset: number, charOffset: number, synthetic: number): void {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const p = n.position;
    if (p) {
      p.start = { line: p.start.line + lineOffset, column: p.start.column, offset: p.start.offset === undefined ? undefined : p.start.offset - synthetic + charOffset };
      p.end = { line: p.end.line + lineOffset, column: p.end.column, offset: p.end.offset === undefined ? undefined : p.end.offset - synthetic + charOffset };
    }
    const children = (n as { children?: Node[] }).children;
    if (children) for (const c of children) stack.push(c);
  }
}

/**
 * Parses `body` with `parse` whole, or in pieces joined into the same tree. The options are
 * for tests, which cut ordinary pages into tiny pieces to show the join is exact.
 */
export function parseLarge(body: string, parse: (text: string) => Root, options: { from?: number; pieceChars?: number } = {}): Root {
  const pieces = body.length >= (options.from ?? CHUNKED_FROM) ? splitForParsing(body, options.pieceChars) : undefined;
  if (!pieces) return parse(body);
  const root: Root = { type: 'root', children: [] };
  for (const piece of pieces) {
    // A piece that continues a long table of plain cells needs no parser (plain-table.ts).
    const tree = (piece.continuesTable && plainTable(piece.text)) || parse(piece.text);
    shift(tree, piece.lineOffset, piece.charOffset, piece.syntheticChars);
    let children = tree.children as RootContent[];
    if (piece.continuesTable && children[0]?.type === 'table') {
      const previous = root.children[root.children.length - 1];
      const rows = (children[0] as Table).children.slice(1);
      if (previous?.type === 'table') {
        previous.children.push(...rows);
        if (previous.position && children[0].position) previous.position.end = children[0].position.end;
        children = children.slice(1);
      }
    }
    root.children.push(...children);
  }
  const last = root.children[root.children.length - 1];
  root.position = { start: { line: 1, column: 1, offset: 0 }, end: last?.position ? { ...last.position.end } : { line: 1, column: 1, offset: 0 } };
  return root;
}
