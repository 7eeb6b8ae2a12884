/**
 * remark-gfm with narrower literal autolinks (`www.x.com`, `https://…`, `a@b.org`) and tables: the same
 * grammar and the same trees (test/unit/remark-gfm-quick.test.ts compares them with
 * remark-gfm's on edge cases and on every page of the site).
 *
 * The syntax: micromark's autolink extension registers its email construct on every letter
 * and digit, so each word start of every paragraph ends the run of plain text and sets up an
 * attempt at an email address that is then abandoned (its own source notes it should be done
 * afterwards instead). A document without `@` can hold no email literal, one without `www`
 * no www literal and one without `http` no URL literal, so each document is parsed with only
 * the constructs its text can use. Text runs are then cut at fewer places, which changes no
 * node: mdast-util-from-markdown joins adjacent text into one node.
 *
 * The transform: autolinks are finished by a transform that walked the whole tree once for
 * each of its four patterns, with a walker that allocates per node, although a text node can
 * only match when it holds `@`, `http` or `www`. The library's own transform now runs only on
 * those text nodes, each on its own: it treats every text node independently (its matches
 * never span nodes, and it merges only the pieces of the node it splits).
 *
 * Tables: the table construct is tried only where a table can start or go on (see
 * narrowedTable); the same tree, as the tests check on tables in containers, after
 * paragraphs, with CR and CRLF line endings and on every page.
 */
import type { Processor } from 'unified';
import type { Root, RootContent, Parent, Text } from 'mdast';
import remarkGfm from 'remark-gfm';

type Transform = (tree: Root) => Root | undefined | void;
interface FromMarkdownExtension {
  transforms?: Transform[];
  enter?: Record<string, unknown>;
}

/** Text that one of the autolink patterns could match (they are case-insensitive for the scheme and `www`). */
const MAY_LINK = /@|http|www/i;
/** Inside these the library's transform looks at nothing, and neither does this pass. */
const IGNORED = new Set(['link', 'linkReference']);

/** Runs `transform` on each text node that may hold an autolink literal, replacing it in its parent. */
function narrowed(transform: Transform): Transform {
  return (tree) => {
    // An explicit stack of [parent, next child index]: pages can be deep, and this never recurses.
    const stack: [Parent, number][] = [[tree, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [parent, at] = top;
      if (at >= parent.children.length) {
        stack.pop();
        continue;
      }
      const child = parent.children[at] as RootContent;
      top[1] = at + 1;
      if (child.type === 'text') {
        if (!MAY_LINK.test(child.value)) continue;
        const box: Root = { type: 'root', children: [child as Text] };
        transform(box);
        parent.children.splice(at, 1, ...(box.children as never[]));
        top[1] = at + box.children.length;
      } else if ('children' in child && !IGNORED.has(child.type)) {
        stack.push([child as Parent, 0]);
      }
    }
  };
}

interface Construct {
  name?: string;
  tokenize?: Tokenizer;
}
type ConstructMap = { [code: number]: Construct | Construct[]; null?: Construct | Construct[] };
interface SyntaxExtension {
  text?: ConstructMap;
  flow?: ConstructMap;
  [hook: string]: unknown;
}
type State = (code: number | null) => unknown;
interface TokenizeContext {
  events: [string, { type: string }, unknown][];
  now(): { line: number };
}
type Tokenizer = (this: TokenizeContext, effects: unknown, ok: State, nok: State) => State;

/**
 * Lines (1-based) of the document being parsed that could be a table's delimiter row: a `-`
 * and nothing but `|`, `:`, `-`, whitespace and what may stand before a row in a container
 * (`>`, list markers). Set around each parse (parsing is synchronous; a nested parse restores it).
 */
let delimiterLines: Set<number> | undefined;
const DELIMITER_LIKE = /^[ \t>|:\-*+.)\d]*$/;

function delimiterLinesOf(doc: string): Set<number> {
  const lines = new Set<number>();
  let line = 0;
  for (const text of doc.split(/\r\n|\r|\n/)) {
    line++;
    if (text.includes('-') && DELIMITER_LIKE.test(text)) lines.add(line);
  }
  return lines;
}

/**
 * The table construct, tried only where a table can start or go on. micromark-extension-gfm-table
 * registers it for every line start, so each paragraph's first line (and each line a block might
 * interrupt) was tokenized as a would-be head row, failing only at the next line, which is no
 * delimiter row. A head row needs a delimiter row on the very next line; a body row follows a
 * head or a row, which is found from the last events as the construct itself does. Every other
 * attempt now fails at once, where the construct would have failed later.
 */
function narrowedTable(table: Construct): Construct {
  const tokenize = table.tokenize!;
  return {
    ...table,
    tokenize(effects, ok, nok) {
      const inner = tokenize.call(this, effects, ok, nok);
      return (code) => (delimiterLines === undefined || delimiterLines.has(this.now().line + 1) || afterTableRow(this.events) ? inner(code) : nok(code));
    },
  };
}

/** Whether the last event before line endings and prefixes ends a table's head or row (the construct's own test for a body row). */
function afterTableRow(events: TokenizeContext['events']): boolean {
  let index = events.length - 1;
  while (index > -1 && (events[index]![1].type === 'lineEnding' || events[index]![1].type === 'linePrefix')) index--;
  const tail = index > -1 ? events[index]![1].type : undefined;
  return tail === 'tableHead' || tail === 'tableRow';
}

/** The GFM syntax with its table construct narrowed as above. */
function withNarrowedTable(full: SyntaxExtension): SyntaxExtension {
  const flow = full.flow?.null;
  if (flow === undefined) return full;
  const constructs = (Array.isArray(flow) ? flow : [flow]).map((c) => (c.name === 'table' && c.tokenize ? narrowedTable(c) : c));
  return { ...full, flow: { ...full.flow, null: constructs } };
}

/** The GFM syntax extension without the autolink constructs a document cannot use (memoised per combination). */
function syntaxFor(full: SyntaxExtension, variants: Map<string, SyntaxExtension>, doc: string): SyntaxExtension {
  const drop = new Set<string>();
  if (!doc.includes('@')) drop.add('emailAutolink');
  if (!/www/i.test(doc)) drop.add('wwwAutolink');
  if (!/http/i.test(doc)) drop.add('protocolAutolink');
  if (drop.size === 0) return full;
  const key = [...drop].join();
  let variant = variants.get(key);
  if (!variant) {
    const text: ConstructMap = {};
    for (const [code, constructs] of Object.entries(full.text ?? {})) {
      const kept = (Array.isArray(constructs) ? constructs : [constructs]).filter((c) => !drop.has(c.name ?? ''));
      if (kept.length > 0) text[Number(code)] = kept;
    }
    variant = { ...full, text };
    variants.set(key, variant);
  }
  return variant;
}

/** The remark plugin: remark-gfm, with autolink literals narrowed as described above. */
export default function remarkGfmQuick(this: Processor): void {
  remarkGfm.call(this as never);
  const syntax = (this.data() as { micromarkExtensions: SyntaxExtension[] }).micromarkExtensions;
  const at = syntax.length - 1; // what remark-gfm just added
  const full = withNarrowedTable(syntax[at]!);
  syntax[at] = full;
  const variants = new Map<string, SyntaxExtension>();
  // remark-parse's parser reads the extensions at each call: give it this document's.
  const parse = this.parser!;
  this.parser = (doc, file) => {
    const outer = delimiterLines;
    syntax[at] = syntaxFor(full, variants, doc);
    delimiterLines = delimiterLinesOf(doc);
    try {
      return parse(doc, file);
    } finally {
      syntax[at] = full;
      delimiterLines = outer;
    }
  };
  const extensions = (this.data() as { fromMarkdownExtensions: (FromMarkdownExtension | FromMarkdownExtension[])[] }).fromMarkdownExtensions;
  const mine = extensions[extensions.length - 1]!; // what remark-gfm just added
  // Only the autolink-literal extension's transform is known to work node by node.
  const narrow = (ext: FromMarkdownExtension) => (ext.transforms && ext.enter?.literalAutolink ? { ...ext, transforms: ext.transforms.map(narrowed) } : ext);
  extensions[extensions.length - 1] = Array.isArray(mine) ? mine.map(narrow) : narrow(mine);
}
