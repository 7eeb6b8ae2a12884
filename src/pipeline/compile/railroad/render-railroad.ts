/**
 * Turns a ```railroad block (W3C EBNF) into one SVG railroad diagram per rule,
 * at build time, using the `railroad-diagrams` package for the element layout.
 *
 * railroad-diagrams 1.0.0 has no Stack and its Diagram emits no accessibility
 * markup, so the top level (start/end markers, row wrapping, <svg> root) is
 * drawn here; everything inside a row is the package's own layout.
 */
import { createRequire } from 'node:module';
import { EbnfSyntaxError, parseEbnf, type EbnfNode, type EbnfRule } from './parse-ebnf.ts';

/** One rendered rule. */
export interface RailroadDiagram { name: string; svg: string }

/** Either every rule's diagram, or the first syntax error with a writer-facing fix. */
export type RailroadResult =
  | { ok: true; diagrams: RailroadDiagram[] }
  | { ok: false; message: string; line: number; column: number; fix: string };

/** The parts of the package's FakeSVG element objects this module relies on. */
interface RrItem {
  tagName: string;
  attrs: Record<string, string | number>;
  children: string | unknown[];
  width: number;
  up: number;
  down: number;
  needsSpace?: boolean;
  format(x: number, y: number, width: number): RrItem;
}

interface RrModule {
  Diagram: { ARC_RADIUS: number; VERTICAL_SEPARATION: number };
  Sequence: new (items: RrItem[]) => RrItem;
  Choice: new (normal: number, items: RrItem[]) => RrItem;
  OneOrMore: new (item: RrItem, rep?: RrItem) => RrItem;
  ZeroOrMore: (item: RrItem, rep?: RrItem) => RrItem;
  Terminal: new (text: string) => RrItem;
  NonTerminal: new (text: string) => RrItem;
  Skip: new () => RrItem;
}

// The package is an untyped CommonJS module; require it and describe what we use.
const rr = createRequire(import.meta.url)('railroad-diagrams') as RrModule;
const AR = rr.Diagram.ARC_RADIUS;
const VS = rr.Diagram.VERTICAL_SEPARATION;
const PAD = 20;
/** Start/end marker width, as in the package's Diagram. */
const CAP = 20;
/** Widest a row may get so the whole SVG stays around 800px. */
const ROW_BUDGET = 800 - 2 * PAD - 2 * CAP - 2 * AR;

/** Parses and renders a ```railroad block; never throws. */
export function renderRailroad(source: string): RailroadResult {
  try {
    const rules = parseEbnf(source);
    return { ok: true, diagrams: rules.map((rule) => ({ name: rule.name, svg: renderRule(rule) })) };
  } catch (err) {
    if (err instanceof EbnfSyntaxError) {
      return { ok: false, message: err.message, line: err.line, column: err.column, fix: err.fix };
    }
    return {
      ok: false,
      message: `Could not draw the railroad diagram: ${err instanceof Error ? err.message : String(err)}`,
      line: 1,
      column: 1,
      fix: 'This is a bug in the railroad renderer; simplify the grammar and report it.',
    };
  }
}

function renderRule(rule: EbnfRule): string {
  const items = rule.body.kind === 'sequence' ? sequenceItems(rule.body.items) : [toItem(rule.body)];
  const rows = wrapRows(items).map((row) => new rr.Sequence(row));
  const { markup, width, height } = layoutRows(rows);
  const label = `Syntax of ${rule.name}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="railroad-diagram" width="${width}" height="${height}"`
    + ` viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">\n`
    + `<title>${escapeXml(label)}</title>\n<desc>${escapeXml(rule.source)}</desc>\n`
    // The package centres text on x, so text-anchor is layout, not style: keep it in the markup.
    + `<g transform="translate(.5 .5)" text-anchor="middle">\n${markup}</g>\n</svg>\n`;
}

// ---------------------------------------------------------------- AST → items

function toItem(node: EbnfNode): RrItem {
  switch (node.kind) {
    case 'terminal': return classed(new rr.Terminal(node.text), 'terminal');
    case 'nonTerminal': return classed(new rr.NonTerminal(node.name), 'non-terminal');
    case 'charClass': return classed(new rr.Terminal(node.text), 'terminal char-class');
    case 'empty': return new rr.Skip();
    case 'sequence': {
      const items = sequenceItems(node.items);
      return items.length === 1 ? items[0]! : items.length === 0 ? new rr.Skip() : new rr.Sequence(items);
    }
    case 'choice': return choiceItem(node.options, false);
    case 'repeat': return repeatItem(node.op, node.item);
  }
}

function classed(item: RrItem, cls: string): RrItem {
  item.attrs.class = cls;
  return item;
}

/** Alternatives, with empty ones (and an enclosing `?`) drawn as a single skip line above. */
function choiceItem(options: EbnfNode[], optional: boolean): RrItem {
  const real = options.filter((o) => o.kind !== 'empty');
  const skippable = optional || real.length < options.length;
  if (real.length === 0) return new rr.Skip();
  if (real.length === 1 && !skippable) return toItem(real[0]!);
  const items = real.map(toItem);
  return skippable ? new rr.Choice(1, [new rr.Skip(), ...items]) : new rr.Choice(0, items);
}

function repeatItem(op: '?' | '*' | '+', item: EbnfNode): RrItem {
  // Stacked operators collapse: (x+)? and (x?)* are both x*, (x?)? is x?, (x+)+ is x+.
  while (item.kind === 'repeat') {
    op = op === item.op ? op : '*';
    item = item.item;
  }
  if (item.kind === 'empty') return new rr.Skip();
  if (op === '?') {
    // ( A | B )? → one three-way choice instead of a choice nested in an optional.
    return choiceItem(item.kind === 'choice' ? item.options : [item], true);
  }
  return op === '+' ? new rr.OneOrMore(toItem(item)) : rr.ZeroOrMore(toItem(item));
}

/** Flattens nested sequences and folds `x ( sep x )*` into one loop with `sep` on the return path. */
function sequenceItems(nodes: EbnfNode[]): RrItem[] {
  const ast: (EbnfNode | null)[] = []; // null marks an already folded loop, which never matches again
  const out: RrItem[] = [];
  for (const node of flatten(nodes)) {
    const loop = node.kind === 'repeat' && node.op === '*' ? matchLoop(ast, node.item) : null;
    if (loop) {
      ast.splice(-loop.body.length);
      out.splice(-loop.body.length);
      const body = sequenceOf(loop.body);
      out.push(loop.sep.length > 0 ? new rr.OneOrMore(body, sequenceOf(loop.sep)) : new rr.OneOrMore(body));
      ast.push(null);
    } else {
      ast.push(node);
      out.push(toItem(node));
    }
  }
  return out;
}

function flatten(nodes: EbnfNode[]): EbnfNode[] {
  return nodes.flatMap((n) => (n.kind === 'sequence' ? flatten(n.items) : n.kind === 'empty' ? [] : [n]));
}

function sequenceOf(nodes: EbnfNode[]): RrItem {
  return nodes.length === 1 ? toItem(nodes[0]!) : new rr.Sequence(sequenceItems(nodes));
}

/** Finds the longest tail of `repeated` equal to the items just before it: `body (sep body)*`. */
function matchLoop(before: (EbnfNode | null)[], repeated: EbnfNode): { body: EbnfNode[]; sep: EbnfNode[] } | null {
  const inner = flatten([repeated]);
  for (let k = Math.min(inner.length, before.length); k >= 1; k--) {
    const body = inner.slice(inner.length - k);
    const prev = before.slice(before.length - k);
    if (prev.every((p, i) => p !== null && sameNode(p, body[i]!))) {
      return { body, sep: inner.slice(0, inner.length - k) };
    }
  }
  return null;
}

function sameNode(a: EbnfNode, b: EbnfNode): boolean {
  // AST nodes are plain data built with a fixed key order, so JSON is a faithful comparison.
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---------------------------------------------------------------- wrapping + layout

function outerWidth(item: RrItem): number {
  return item.width + (item.needsSpace ? 20 : 0);
}

/** Splits top-level items into rows no wider than ROW_BUDGET, balanced so the last row is not a stub. */
function wrapRows(items: RrItem[]): RrItem[][] {
  const rowsAt = (budget: number): RrItem[][] => {
    const rows: RrItem[][] = [];
    let current: RrItem[] = [];
    let width = 0;
    for (const item of items) {
      const w = outerWidth(item);
      if (current.length > 0 && width + w > budget) {
        rows.push(current);
        current = [];
        width = 0;
      }
      current.push(item);
      width += w;
    }
    if (current.length > 0) rows.push(current);
    return rows;
  };
  const target = rowsAt(ROW_BUDGET).length;
  if (target <= 1) return [items];
  // Greedy row count only falls as the budget grows, so binary-search the narrowest budget with the same count.
  let lo = Math.max(...items.map(outerWidth));
  let hi = ROW_BUDGET;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (rowsAt(mid).length <= target) hi = mid;
    else lo = mid + 1;
  }
  return rowsAt(hi);
}

/** Draws start marker, rows (joined by a return line, like the package's later Stack) and end marker. */
function layoutRows(rows: RrItem[]): { markup: string; width: number; height: number } {
  const wrapped = rows.length > 1;
  const inner = Math.max(...rows.map((r) => r.width));
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  let y = PAD + Math.max(10, first.up);
  let x = PAD;
  let markup = path(`M ${x} ${y - 10} v 20 m 10 -20 v 20 m -10 -10 h ${CAP}.5`);
  x += CAP;
  if (wrapped) {
    markup += path(`M${x} ${y}h${AR}`);
    x += AR;
  }
  const rowX = x;
  rows.forEach((row, i) => {
    markup += svgString(row.format(rowX, y, row.width));
    // Rows are left-aligned; extend short ones to the common right edge.
    if (row.width < inner) markup += path(`M${rowX + row.width} ${y}h${inner - row.width}`);
    const next = rows[i + 1];
    if (next) {
      const drop1 = Math.max(0, row.down + VS - 2 * AR);
      const drop2 = Math.max(0, next.up + VS - 2 * AR);
      markup += path(`M${rowX + inner} ${y}${arc(1, AR, AR)}v${drop1}${arc(1, -AR, AR)}h${-inner}`
        + `${arc(0, -AR, AR)}v${drop2}${arc(0, AR, AR)}`);
      y += 4 * AR + drop1 + drop2;
    }
  });
  x = rowX + inner;
  if (wrapped) {
    markup += path(`M${x} ${y}h${AR}`);
    x += AR;
  }
  markup += path(`M ${x} ${y} h ${CAP} m -10 -10 v 20 m 10 -20 v 20`);
  x += CAP;
  return { markup, width: x + 1 + PAD, height: y + Math.max(10, last.down) + PAD };
}

function arc(clockwise: 0 | 1, dx: number, dy: number): string {
  return `a${AR} ${AR} 0 0 ${clockwise} ${dx} ${dy}`;
}

function path(d: string): string {
  return `<path d="${d}"></path>\n`;
}

/**
 * Serialises a formatted element. The package escapes text as numeric references
 * and also mangles `_`, `*`, `[`, `]` and backticks (markdown-safety), which makes
 * names like `lower_bound` unsearchable; swap in plain XML escaping first.
 */
function svgString(item: RrItem): string {
  replaceTextNodes(item);
  return String(item);
}

function replaceTextNodes(node: RrItem): void {
  if (typeof node.children === 'string') {
    if (node.tagName === 'text') {
      const markup = escapeXml(node.children);
      // An array child is concatenated with `+=`, i.e. via toString(), and not escaped again.
      node.children = [{ toString: () => markup }];
    }
    return;
  }
  for (const child of node.children) {
    if (isItem(child)) replaceTextNodes(child);
  }
}

function isItem(value: unknown): value is RrItem {
  return typeof value === 'object' && value !== null && 'tagName' in value && 'children' in value;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes for text content and double-quoted attributes alike. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => XML_ENTITIES[c] ?? c);
}
