// Lists functions longer than a limit in TypeScript and JavaScript sources, by their
// source lines (first to last line of the function, as a reader scrolls it).
// Why @babel/parser: TypeScript 7's package ships the compiler as a native binary with no
// JavaScript API, and Babel's parser reads TS/TSX with exact line positions and no other deps.
import { parse } from '@babel/parser';

/** A node of Babel's tree, as far as this walk reads it. */
interface AstNode {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  id?: { name?: string };
  key?: { name?: string; value?: string };
  callee?: { name?: string };
  arguments?: AstNode[];
  [key: string]: unknown;
}

export interface LongFunction {
  name: string;
  line: number;
  lines: number;
}

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression',
  'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod',
]);

/** The name a reader would search for: declared name, key, or the variable it is assigned to. */
function nameOf(node: AstNode, parent: AstNode | null): string {
  if (node.id?.name) return node.id.name;
  if (node.key) return node.key.name ?? node.key.value ?? '(computed)';
  if (parent?.type === 'VariableDeclarator') return (parent.id as { name?: string }).name ?? '(pattern)';
  if (parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') return parent.key?.name ?? '(anonymous)';
  return '(anonymous)';
}

/**
 * A `describe(name, () => { … })` callback is a group of tests, read like a section of the
 * file, not a function: its tests are measured one by one instead.
 */
function isSuiteBody(node: AstNode, parent: AstNode | null): boolean {
  return parent?.type === 'CallExpression' && (parent.arguments ?? []).includes(node) && ['describe', 'suite'].includes(parent.callee?.name ?? '');
}

/**
 * Functions of `source` spanning more than `limit` lines: [{ name, line, lines }].
 * Nested functions are measured on their own too; the walk is iterative, with no recursion to overflow.
 */
export function longFunctions(source: string, fileName: string, limit: number): LongFunction[] {
  const plugins: ('typescript' | 'jsx')[] = fileName.endsWith('.tsx') ? ['typescript', 'jsx'] : /\.[mc]?ts$/.test(fileName) ? ['typescript'] : [];
  const ast = parse(source, { sourceType: 'module', plugins, errorRecovery: false });
  const out: LongFunction[] = [];
  const stack: [AstNode, AstNode | null][] = [[ast.program as unknown as AstNode, null]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (FUNCTION_TYPES.has(node.type) && !isSuiteBody(node, parent)) {
      const lines = node.loc!.end.line - node.loc!.start.line + 1;
      if (lines > limit) out.push({ name: nameOf(node, parent), line: node.loc!.start.line, lines });
    }
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
      const value = node[key] as AstNode | AstNode[] | null | undefined;
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v.type === 'string') stack.push([v, node]);
      } else if (value && typeof value.type === 'string') stack.push([value, node]);
    }
  }
  return out.sort((a, b) => a.line - b.line);
}
