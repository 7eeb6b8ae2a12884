/**
 * A faster `visit` with the same contract and types as `unist-util-visit` (pre-order; the
 * visitor may return SKIP, EXIT, CONTINUE, a next index, or `[action, index]`), for the
 * forms our plugins use: no test, a node type as a string, or a list of node types.
 *
 * Why: every plugin walks the whole tree, and on a page with a 20,000-row table the
 * library's walk cost more than parsing (it creates a closure per node and renames it with
 * `Object.defineProperty` for stack traces). This walk does the same visits without that.
 */
import type { Node, Parent } from 'unist';
import { visit as libraryVisit, CONTINUE, EXIT, SKIP } from 'unist-util-visit';

export { CONTINUE, EXIT, SKIP };

type Visitor = (node: Node, index: number | undefined, parent: Parent | undefined) => unknown;

/**
 * The walk returns its action and leaves the next index in `nextIndex`, instead of a
 * `[action, index]` pair per node: on large pages that pair was most of the walk's garbage.
 */
let nextIndex: number | undefined;

/** Reads the visitor's answer: the action is returned, the next index (if any) set in `nextIndex`. */
function actionOf(value: unknown): unknown {
  nextIndex = undefined;
  if (value === null || value === undefined) return CONTINUE;
  if (typeof value === 'number') {
    nextIndex = value;
    return CONTINUE;
  }
  if (Array.isArray(value)) {
    if (typeof value[1] === 'number') nextIndex = value[1];
    return value[0];
  }
  return value;
}

/**
 * mdast node types that are flow content only: by mdast's content model (and the parser's
 * grammar) none of them occurs inside a paragraph, a heading or a table, whose descendants
 * are all phrasing content. A walk for one of these types skips those subtrees, which hold
 * most of a page's nodes (all of a 20,000-row table's). Our plugins keep the model: what
 * they put in paragraphs and tables is phrasing (test/unit/visit.test.ts checks the walks
 * find the same nodes as the library's on every page of the site).
 */
const FLOW_ONLY = new Set(['code', 'heading', 'leafDirective', 'containerDirective', 'table', 'list', 'listItem', 'blockquote', 'thematicBreak', 'math', 'definition', 'footnoteDefinition']);
const PHRASING_ONLY_INSIDE = new Set(['paragraph', 'heading', 'table']);

/** Which nodes the visitor is called for: every node, one type, or any of a few types. */
type Match = undefined | string | Set<string>;
const matches = (match: Match, type: string) => match === undefined || (typeof match === 'string' ? type === match : match.has(type));

function walk(node: Node, index: number | undefined, parent: Parent | undefined, type: Match, visitor: Visitor, flowOnly: boolean): unknown {
  let action: unknown = CONTINUE;
  let next: number | undefined;
  if (matches(type, node.type)) {
    action = actionOf(visitor(node, index, parent));
    next = nextIndex;
    if (action === EXIT) return EXIT;
  }
  const children = (node as Partial<Parent>).children;
  if (children && action !== SKIP && !(flowOnly && PHRASING_ONLY_INSIDE.has(node.type))) {
    // The length is read each time: a visitor may insert or remove siblings and say where to go on.
    for (let offset = 0; offset > -1 && offset < children.length; ) {
      if (walk(children[offset]!, offset, node as Parent, type, visitor, flowOnly) === EXIT) return EXIT;
      offset = nextIndex ?? offset + 1;
    }
  }
  nextIndex = next;
  return action;
}

function fastVisit(tree: Node, testOrVisitor: unknown, maybeVisitor?: unknown): void {
  const [test, visitor] = typeof testOrVisitor === 'function' && maybeVisitor === undefined ? [undefined, testOrVisitor] : [testOrVisitor, maybeVisitor];
  const typeList = Array.isArray(test) && test.every((t) => typeof t === 'string') ? (test as string[]) : undefined;
  if ((test !== undefined && test !== null && typeof test !== 'string' && typeList === undefined) || typeof visitor !== 'function') {
    // Other tests (functions, objects, mixed lists) and reverse order: the library handles them.
    (libraryVisit as (...args: unknown[]) => void)(tree, testOrVisitor, maybeVisitor);
    return;
  }
  const types = typeList ?? (typeof test === 'string' ? [test] : undefined);
  const match: Match = typeList ? new Set(typeList) : types?.[0];
  walk(tree, undefined, undefined, match, visitor as Visitor, types !== undefined && types.every((t) => FLOW_ONLY.has(t)));
}

/** Same signature as `unist-util-visit`'s visit (its types narrow `node` by the test). */
export const visit = fastVisit as unknown as typeof libraryVisit;
