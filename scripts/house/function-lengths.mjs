// Lists functions longer than a limit in TypeScript and JavaScript sources, by their
// source lines (first to last line of the function, as a reader scrolls it).
// Why @babel/parser: TypeScript 7's package ships the compiler as a native binary with no
// JavaScript API, and Babel's parser reads TS/TSX with exact line positions and no other deps.
import { parse } from '@babel/parser';

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression',
  'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod',
]);

/** The name a reader would search for: declared name, key, or the variable it is assigned to. */
function nameOf(node, parent) {
  if (node.id?.name) return node.id.name;
  if (node.key) return node.key.name ?? node.key.value ?? '(computed)';
  if (parent?.type === 'VariableDeclarator') return parent.id.name ?? '(pattern)';
  if (parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') return parent.key?.name ?? '(anonymous)';
  return '(anonymous)';
}

/**
 * A `describe(name, () => { … })` callback is a group of tests, read like a section of the
 * file, not a function: its tests are measured one by one instead.
 */
function isSuiteBody(node, parent) {
  return parent?.type === 'CallExpression' && parent.arguments.includes(node) && ['describe', 'suite'].includes(parent.callee?.name);
}

/**
 * Functions of `source` spanning more than `limit` lines: [{ name, line, lines }].
 * Nested functions are measured on their own too; the walk is iterative, with no recursion to overflow.
 */
export function longFunctions(source, fileName, limit) {
  const plugins = fileName.endsWith('.tsx') ? ['typescript', 'jsx'] : fileName.endsWith('.ts') ? ['typescript'] : [];
  const ast = parse(source, { sourceType: 'module', plugins, errorRecovery: false });
  const out = [];
  const stack = [[ast.program, null]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop();
    if (FUNCTION_TYPES.has(node.type) && !isSuiteBody(node, parent)) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (lines > limit) out.push({ name: nameOf(node, parent), line: node.loc.start.line, lines });
    }
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v.type === 'string') stack.push([v, node]);
      } else if (value && typeof value.type === 'string') stack.push([value, node]);
    }
  }
  return out.sort((a, b) => a.line - b.line);
}
