/**
 * Parsing a page in pieces, with its simplest blocks made without the parser. micromark's cost
 * per byte grows with the size of the document it holds (its event lists, and a table's rows,
 * are resolved as one), and its trees for a 5 MB page take gigabytes. Pages above
 * `CHUNKED_FROM` characters are cut at places where CommonMark cannot carry a construct across
 * the cut, parsed piece by piece, and joined into one tree with the positions of the whole
 * file, the same tree one parse gives (test/unit/parse-chunked.test.ts compares them).
 *
 * Pieces are small (8 KB): micromark's events for a piece live until the piece is compiled,
 * and a large piece's outlive the young generation, so the garbage collector copies them
 * into the old one and marks them there. On a 5 MB page, parsing took 7.4 s in pieces of
 * 64 KB, 4.6 s in pieces of 8 KB and 4.8 s in pieces of 4 KB; 4 KB pieces parse no faster
 * than 8 KB ones, and pieces much smaller only add more trees to join.
 *
 * Cuts: before a line that starts at column 0 with a letter or `#` after a blank line,
 * outside fenced code, container directives (`:::`), `$$` maths, HTML comments and the HTML
 * blocks that run over blank lines (`<pre>`, `<script>`, `<style>`, `<textarea>`, `<?`,
 * `<!X`, `<![CDATA[`); and inside a long top-level table, every `TABLE_ROWS` rows (each later
 * piece repeats the header, whose parsed row is then dropped). Pages with link reference or
 * footnote definitions, or with carriage returns, are parsed whole (a definition applies to
 * the whole page; a lone CR is a line ending this file's line count would miss).
 *
 * Plain blocks, on every page: a fenced code block, an ATX heading, a table, a paragraph or a
 * tight `- ` list that starts at column 0 after a blank line, in the same places a cut could
 * be, and whose text is plain, is made into its tree directly (plain-blocks.ts,
 * plain-table.ts, plain-inline.ts): micromark spends most of its time on them (on a 5 MB
 * generated page, tables parsed at 0.24 MB/s and code at 1.2 MB/s). In the text the parser
 * reads, a run of such blocks (only blank lines between them) stands as one line, `#`: an
 * empty heading, which micromark closes at once and which ends whatever a column-0 block would
 * end, so the rest parses as it would around the run. Positions after the stand-in are moved
 * on by the lines and characters the run had beyond it (columns are unchanged). The stand-in
 * must come back as a heading of the page's own at that line, and a list may not follow a
 * bullet list (its first item could have carried that list on); otherwise (the tracking of
 * fences and other constructs above is a close reading of CommonMark, not a parser) the piece
 * is parsed again as written.
 */
import type { Root, RootContent, Table } from 'mdast';
import type { Node, Point } from 'unist';
import { plainTable } from './plain-table.ts';
import { closingFenceLine, plainCode, plainHeading } from './plain-blocks.ts';
import { plainList, plainParagraph } from './plain-inline.ts';

export const CHUNKED_FROM = 256 * 1024;
const PIECE_CHARS = 8 * 1024;
const TABLE_ROWS = 50;

/** A block made without the parser (see the file's comment). */
interface PlainBlock {
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

interface Piece {
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
interface Run {
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

/**
 * Cuts a body into pieces and finds its plain blocks, or returns undefined when it must be
 * parsed as it is (one piece, no plain block). `cut` false finds plain blocks only.
 */
export function splitForParsing(body: string, pieceChars = PIECE_CHARS, cut = true): Piece[] | undefined {
  if (/^ {0,3}\[[^\]\n]+\]:/m.test(body) || body.includes('\r')) return undefined; // definitions and footnotes; CR line endings
  const lines = body.split('\n');
  const starts: number[] = []; // char offset of each line
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const pieces: Piece[] = [];
  const blocks: PlainBlock[] = [];
  let pieceStart = 0; // line index
  let fence: string | undefined;
  let directiveDepth = 0;
  let math: string | undefined;
  let comment = false;
  let html: RegExp | undefined;
  let table: { header: string; delimiter: string; rows: number } | undefined;
  /** Repeated headers for the pieces that continue a table, by the line they start at. */
  const pendingHeader: { at: number; header: string; delimiter: string }[] = [];
  let firstBlock = 0; // the first of `blocks` not in a piece yet
  const piece = (from: number, to: number, last: boolean): Piece => {
    const own = [];
    while (firstBlock < blocks.length && blocks[firstBlock]!.line < to) own.push(blocks[firstBlock++]!);
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
  };
  const cutAt = (at: number) => {
    if (at <= pieceStart) return;
    pieces.push(piece(pieceStart, at, false));
    pieceStart = at;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Nothing is open before this line at the top level (as far as a line-by-line reading can tell).
    const free = fence === undefined && math === undefined && !comment && html === undefined && directiveDepth === 0;
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
    // What this line opens or closes.
    const f = FENCE_START.exec(line);
    if (fence !== undefined) {
      const t = line.trim();
      if (f && t.startsWith(fence[0]!.repeat(fence.length)) && t.replace(/[`~]/g, '') === '') fence = undefined;
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    if (math !== undefined) {
      const close = MATH_CLOSE.exec(line);
      if (close && close[1]!.length >= math.length) math = undefined;
      continue;
    }
    const m = MATH_OPEN.exec(line);
    if (m) {
      math = m[1]!;
      continue;
    }
    if (html !== undefined) {
      if (html.test(line)) html = undefined;
      continue;
    }
    const h = HTML_BLOCKS.find(([open]) => open.test(line));
    if (h && !h[1].test(line.slice(line.indexOf('<') + 2))) {
      html = h[1];
      continue;
    }
    if (line.includes('<!--')) comment = !line.includes('-->', line.indexOf('<!--'));
    else if (comment && line.includes('-->')) comment = false;
    if (/^ {0,3}:{3,}\s*[a-zA-Z]/.test(line)) directiveDepth++;
    else if (/^ {0,3}:{3,}\s*$/.test(line)) directiveDepth = Math.max(0, directiveDepth - 1);
  }
  pieces.push(piece(pieceStart, lines.length, true));
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
  return pieces.length > 1 || blocks.length > 0 ? pieces : undefined;
}

/**
 * Moves every position in a piece's tree to where the piece stands in the file: lines by
 * `lineOffset`, offsets by the piece's place less its synthetic header, and past each run's
 * stand-in by the lines and characters the run had beyond its one-line stand-in.
 */
function shift(tree: Node, lineOffset: number, charOffset: number, synthetic: number, blocks: readonly Pick<Run, 'line' | 'lines' | 'lost'>[] = []): void {
  // at[k]: the line of run k's stand-in in the piece's text; a point past it moves on by
  // lostLines[k + 1] lines and lostChars[k + 1] characters (the sums over runs 0..k).
  const at: number[] = [];
  const lostLines = [0];
  const lostChars = [0];
  for (const b of blocks) {
    at.push(b.line + 1 - lineOffset - lostLines[lostLines.length - 1]!);
    lostLines.push(lostLines[lostLines.length - 1]! + b.lines - 1);
    lostChars.push(lostChars[lostChars.length - 1]! + b.lost);
  }
  const move = (p: Point): Point => {
    let k = 0;
    let hi = at.length;
    while (k < hi) {
      const mid = (k + hi) >> 1;
      if (at[mid]! < p.line) k = mid + 1;
      else hi = mid;
    }
    return { line: p.line + lineOffset + lostLines[k]!, column: p.column, offset: p.offset === undefined ? undefined : p.offset - synthetic + charOffset + lostChars[k]! };
  };
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const p = n.position;
    if (p) {
      p.start = move(p.start);
      p.end = move(p.end);
    }
    const children = (n as { children?: Node[] }).children;
    if (children) for (const c of children) stack.push(c);
  }
}

/**
 * The piece's children with each run's blocks where its stand-in came back: an empty depth-1
 * heading, a child of the piece's root, on the run's first line. Undefined when a stand-in is
 * not there, or when a list follows a bullet list, which the list's first item could have
 * carried on (`before` is the node before the piece).
 */
function putBlocks(children: readonly RootContent[], runs: readonly Run[], before: RootContent | undefined): RootContent[] | undefined {
  const out: RootContent[] = [];
  let k = 0;
  for (const node of children) {
    const run = runs[k];
    const start = node.position?.start;
    if (!run || !start || start.line < run.line + 1) {
      out.push(node);
      continue;
    }
    if (start.line > run.line + 1 || node.type !== 'heading' || node.depth !== 1 || node.children.length > 0 || start.column !== 1) return undefined;
    let previous = out.length > 0 ? out[out.length - 1] : before;
    for (const block of run.blocks) {
      if (block.node.type === 'list' && previous?.type === 'list' && !previous.ordered) return undefined;
      shift(block.node, block.line, block.charOffset, 0);
      out.push(block.node);
      previous = block.node;
    }
    k++;
  }
  return k === runs.length ? out : undefined;
}

/** The end of `text` as micromark gives a document's root (after the last character). */
function endOf(text: string): Point {
  const lastBreak = text.lastIndexOf('\n');
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) line++;
  return { line, column: text.length - lastBreak, offset: text.length };
}

/**
 * Parses `body` with `parse` whole, or in pieces joined into the same tree, with plain blocks
 * made directly. The options are for tests, which cut ordinary pages into tiny pieces to show
 * the join is exact.
 */
export function parseLarge(body: string, parse: (text: string) => Root, options: { from?: number; pieceChars?: number } = {}): Root {
  const pieces = splitForParsing(body, options.pieceChars, body.length >= (options.from ?? CHUNKED_FROM));
  if (!pieces) return parse(body);
  const root: Root = { type: 'root', children: [] };
  for (const piece of pieces) {
    // A piece that continues a long table of plain cells needs no parser (plain-table.ts).
    let tree = (piece.continuesTable && plainTable(piece.text)) || parse(piece.text);
    shift(tree, piece.lineOffset, piece.charOffset, piece.syntheticChars, piece.runs);
    if (piece.runs.length > 0) {
      const children = putBlocks(tree.children, piece.runs, root.children[root.children.length - 1]);
      if (children) tree.children = children;
      else {
        // A stand-in was read as part of something else: parse the piece as written.
        const header = piece.text.slice(0, piece.syntheticChars);
        tree = parse(header + body.slice(piece.charOffset, piece.charEnd));
        shift(tree, piece.lineOffset, piece.charOffset, piece.syntheticChars);
      }
    }
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
    for (const child of children) root.children.push(child); // (a spread of a very long list overflows the stack)
  }
  root.position = { start: { line: 1, column: 1, offset: 0 }, end: endOf(body) };
  return root;
}
