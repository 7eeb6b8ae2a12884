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
import { CHUNKED_FROM, splitForParsing, type Run } from './split-pieces.ts';
import { plainTable } from './plain-table.ts';

export { CHUNKED_FROM, splitForParsing } from './split-pieces.ts';

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
