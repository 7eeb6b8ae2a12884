/**
 * Where a large page is cut into pieces, and which of its blocks are plain enough to be made
 * without the parser: the first half of parse-chunked.ts (whose comment gives the rules).
 */
import type { Root, RootContent } from 'mdast';
import { plainTable } from './plain-table.ts';
import { closingFenceLine, plainCode, plainHeading } from './plain-blocks.ts';
import { plainList, plainParagraph } from './plain-inline.ts';

export const CHUNKED_FROM = 256 * 1024;
const PIECE_CHARS = 8 * 1024;
const TABLE_ROWS = 50;

/** A block made without the parser (see the file's comment). */
export interface PlainBlock {
  /** The block's first line in the file, from 0. */
  line: number;
  lines: number;
  /** Characters before the block in the file. */
  charOffset: number;
  /** Characters the stand-in (`#`) has fewer than the block. */
  lost: number;
  /** The block's node, positions counted from the block's start. */
  node: RootContent;
}

export interface Piece {
  /** The text the parser reads: the file's lines, with plain blocks' stand-ins. */
  text: string;
  /** Lines before the piece's first real line in the file (synthetic header lines counted back). */
  lineOffset: number;
  /** Characters before the piece's first real character in the file. */
  charOffset: number;
  /** Characters after the piece's last one in the file. */
  charEnd: number;
  /** The piece continues the table the previous piece ended with; its first two lines repeat the header. */
  continuesTable?: boolean;
  /** Length of the repeated header lines at its start (not in the file). */
  syntheticChars: number;
  /** Plain blocks in the piece, in file order. */
  blocks: PlainBlock[];
  /** The blocks grouped into runs with only blank lines between them; each run has one stand-in. */
  runs: Run[];
}

/** Plain blocks with only blank lines between them, which share one stand-in. */
export interface Run {
  /** The first block's first line in the file, from 0. */
  line: number;
  /** Lines from the first block's first to the last block's last. */
  lines: number;
  /** Characters the stand-in (`#`) has fewer than those lines. */
  lost: number;
  blocks: PlainBlock[];
}

/** Groups a piece's blocks into runs (`lines` tells a blank line). */
function runsOf(blocks: readonly PlainBlock[], lines: readonly string[]): Run[] {
  const runs: Run[] = [];
  for (const b of blocks) {
    const run = runs[runs.length - 1];
    const end = run ? run.line + run.lines : 0;
    let between = run !== undefined;
    for (let k = end; between && k < b.line; k++) between = BLANK.test(lines[k]!);
    if (run && between) {
      run.lost = b.charOffset + b.lost - run.blocks[0]!.charOffset; // the run's characters, less the stand-in's one
      run.lines = b.line + b.lines - run.line;
      run.blocks.push(b);
    } else runs.push({ line: b.line, lines: b.lines, lost: b.lost, blocks: [b] });
  }
  return runs;
}

const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
/** A blank line to micromark: spaces and tabs only (a no-break space is text). */
const BLANK = /^[ \t]*$/;
/** HTML blocks that blank lines do not end (CommonMark's kinds 1 and 3 to 5), with what ends each. */
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:pre|script|style|textarea)(?:[\s>]|$)/i, /<\/(?:pre|script|style|textarea)>/i],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
/** The first characters of the blocks plainBlockAt can make. */
const PLAIN_START = /^(?:[#`~|A-Za-z0-9([]|- |\*\*)/;
/** A line a fence could open or close (the tracker's reading; plain-blocks.ts has CommonMark's exact one). */
const FENCE_START = /^ {0,3}(`{3,}|~{3,})/;
const MATH_OPEN = /^ {0,3}(\${2,})[ \t]*[^$]*$/;
const MATH_CLOSE = /^ {0,3}(\${2,})[ \t]*$/;

/** The end (exclusive) of the block of non-blank lines starting at `lines[i]`. */
function blockEnd(lines: readonly string[], i: number): number {
  let end = i + 1;
  while (end < lines.length && !BLANK.test(lines[end]!)) end++;
  return end;
}

/** The plain block starting at `lines[i]` (a column-0 block after a blank line), if it is one. */
function plainBlockAt(lines: readonly string[], i: number, charOffset: number): PlainBlock | undefined {
  const line = lines[i]!;
  let count = 1;
  let tree: Root | undefined;
  if (line[0] === '#') tree = plainHeading(line);
  else if (line.startsWith('```') || line.startsWith('~~~')) {
    const close = closingFenceLine(lines, i);
    if (close === -1) return undefined;
    count = close - i + 1;
    tree = plainCode(lines.slice(i, close + 1));
  } else if (line[0] === '|') {
    const end = blockEnd(lines, i);
    count = end - i;
    if (DELIMITER_ROW.test(lines[i + 1] ?? '')) tree = plainTable(lines.slice(i, end).join('\n'));
  } else if (line.startsWith('- ')) {
    // After a blank line, a `- ` item carries on an open list: one before it must not end in an item or an indented line.
    let previous = i - 1;
    while (previous >= 0 && BLANK.test(lines[previous]!)) previous--;
    if (previous >= 0 && /^[ \t-]/.test(lines[previous]!)) return undefined;
    const end = blockEnd(lines, i);
    // Past the blank lines, an indented line or another item would carry the list on.
    let next = end;
    while (next < lines.length && BLANK.test(lines[next]!)) next++;
    if (next < lines.length && /^[ \t-]/.test(lines[next]!)) return undefined;
    count = end - i;
    tree = plainList(lines.slice(i, end));
  } else {
    const end = blockEnd(lines, i);
    count = end - i;
    tree = plainParagraph(lines.slice(i, end));
  }
  if (!tree) return undefined;
  let chars = count - 1;
  for (let k = i; k < i + count; k++) chars += lines[k]!.length;
  return { line: i, lines: count, charOffset, lost: chars - 1, node: tree.children[0]! };
}

/** What is open at the top level before a line, as far as a line-by-line reading can tell. */
class OpenConstructs {
  private fence?: string;
  private math?: string;
  private comment = false;
  private html?: RegExp;
  private directiveDepth = 0;

  /** Nothing is open: a block could start here, and a piece could be cut. */
  get free(): boolean {
    return this.fence === undefined && this.math === undefined && !this.comment && this.html === undefined && this.directiveDepth === 0;
  }

  /** Takes in what `line` opens or closes (a line that no table or plain block took). */
  read(line: string): void {
    const f = FENCE_START.exec(line);
    if (this.fence !== undefined) {
      const t = line.trim();
      if (f && t.startsWith(this.fence[0]!.repeat(this.fence.length)) && t.replace(/[`~]/g, '') === '') this.fence = undefined;
      return;
    }
    if (f) {
      this.fence = f[1]!;
      return;
    }
    if (this.math !== undefined) {
      const close = MATH_CLOSE.exec(line);
      if (close && close[1]!.length >= this.math.length) this.math = undefined;
      return;
    }
    const m = MATH_OPEN.exec(line);
    if (m) {
      this.math = m[1]!;
      return;
    }
    if (this.html !== undefined) {
      if (this.html.test(line)) this.html = undefined;
      return;
    }
    const h = HTML_BLOCKS.find(([open]) => open.test(line));
    if (h && !h[1].test(line.slice(line.indexOf('<') + 2))) {
      this.html = h[1];
      return;
    }
    if (line.includes('<!--')) this.comment = !line.includes('-->', line.indexOf('<!--'));
    else if (this.comment && line.includes('-->')) this.comment = false;
    if (/^ {0,3}:{3,}\s*[a-zA-Z]/.test(line)) this.directiveDepth++;
    else if (/^ {0,3}:{3,}\s*$/.test(line)) this.directiveDepth = Math.max(0, this.directiveDepth - 1);
  }
}

/** The character offset of each line. */
function lineStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  return starts;
}

/** Lines `from`..`to` of the body as one piece, each run of its plain blocks `own` standing as one `#` line. */
function pieceOf(body: string, lines: readonly string[], starts: readonly number[], from: number, to: number, last: boolean, own: PlainBlock[]): Piece {
  const runs = runsOf(own, lines);
  let text: string;
  if (runs.length === 0) text = lines.slice(from, to).join('\n');
  else {
    const out: string[] = [];
    let at = from;
    for (const r of runs) {
      for (let k = at; k < r.line; k++) out.push(lines[k]!);
      out.push('#');
      at = r.line + r.lines;
    }
    for (let k = at; k < to; k++) out.push(lines[k]!);
    text = out.join('\n');
  }
  if (!last) text += '\n';
  return { text, lineOffset: from, charOffset: starts[from] ?? 0, charEnd: last ? body.length : starts[to]!, syntheticChars: 0, blocks: own, runs };
}

/** A table header to repeat at the start of the piece that begins at line `at`. */
interface RepeatedHeader {
  at: number;
  header: string;
  delimiter: string;
}

/** Gives the pieces that continue a table their repeated header. */
function repeatHeaders(pieces: Piece[], headers: readonly RepeatedHeader[], starts: readonly number[]): void {
  for (const p of pieces) {
    const h = headers.find((x) => starts[x.at] === p.charOffset);
    if (!h) continue;
    const prefix = `${h.header}\n${h.delimiter}\n`;
    p.text = prefix + p.text;
    p.lineOffset -= 2;
    p.syntheticChars = prefix.length;
    p.continuesTable = true;
  }
}

/**
 * Cuts a body into pieces and finds its plain blocks, or returns undefined when it must be
 * parsed as it is (one piece, no plain block). `cut` false finds plain blocks only.
 */
export function splitForParsing(body: string, pieceChars = PIECE_CHARS, cut = true): Piece[] | undefined {
  if (/^ {0,3}\[[^\]\n]+\]:/m.test(body) || body.includes('\r')) return undefined; // definitions and footnotes; CR line endings
  const lines = body.split('\n');
  const starts = lineStarts(lines);
  const pieces: Piece[] = [];
  const blocks: PlainBlock[] = [];
  const open = new OpenConstructs();
  let pieceStart = 0; // line index
  let firstBlock = 0; // the first of `blocks` not in a piece yet
  let table: { header: string; delimiter: string; rows: number } | undefined;
  /** Repeated headers for the pieces that continue a table, by the line they start at. */
  const pendingHeader: RepeatedHeader[] = [];
  const piece = (from: number, to: number, last: boolean): Piece => {
    const own = [];
    while (firstBlock < blocks.length && blocks[firstBlock]!.line < to) own.push(blocks[firstBlock++]!);
    return pieceOf(body, lines, starts, from, to, last, own);
  };
  const cutAt = (at: number) => {
    if (at <= pieceStart) return;
    pieces.push(piece(pieceStart, at, false));
    pieceStart = at;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Nothing is open before this line at the top level (as far as a line-by-line reading can tell).
    const free = open.free;
    // A top-level table: header, delimiter, rows (each line starts with `|`).
    if (table) {
      if (line.startsWith('|')) {
        table.rows++;
        if (cut && table.rows > TABLE_ROWS && free) {
          // The rows so far end this piece; the next one starts with the header again.
          cutAt(i);
          pendingHeader.push({ at: i, header: table.header, delimiter: table.delimiter });
          table.rows = 1;
        }
        continue;
      }
      table = undefined;
    }
    if (free && (i === 0 || BLANK.test(lines[i - 1]!))) {
      if (cut && i > 0 && starts[i]! - starts[pieceStart]! >= pieceChars && /^[A-Za-z#]/.test(line)) cutAt(i);
      const block = PLAIN_START.test(line) ? plainBlockAt(lines, i, starts[i]!) : undefined;
      if (block) {
        blocks.push(block);
        i += block.lines - 1;
        continue;
      }
      if (line.startsWith('|') && DELIMITER_ROW.test(lines[i + 1] ?? '')) {
        table = { header: line, delimiter: lines[i + 1]!, rows: 0 };
        i++;
        continue;
      }
    }
    open.read(line);
  }
  pieces.push(piece(pieceStart, lines.length, true));
  repeatHeaders(pieces, pendingHeader, starts);
  return pieces.length > 1 || blocks.length > 0 ? pieces : undefined;
}
