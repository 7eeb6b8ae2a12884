/** Our tree walk (src/pipeline/compile/visit.ts) visits exactly as unist-util-visit does, index and all. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node, Parent } from 'unist';
import { visit as libraryVisit, SKIP, EXIT } from 'unist-util-visit';
import { visit } from '../../src/pipeline/compile/visit.ts';

const tree = (): Parent => ({
  type: 'root',
  children: [
    { type: 'a', children: [{ type: 'x' }, { type: 'b', children: [{ type: 'x' }] }] } as Parent,
    { type: 'x' },
    { type: 'b', children: [{ type: 'x' }, { type: 'x' }] } as Parent,
    { type: 'c' },
    { type: 'x' },
  ],
});

type Walk = (tree: Node, ...rest: unknown[]) => void;

/** A visitor that records what it saw and rewrites the tree the way our plugins do (insert, replace, skip, stop). */
function run(walk: Walk, withTest: boolean | string[]): string[] {
  const t = tree();
  const seen: string[] = [];
  let inserted = false;
  const visitor = (node: Node, index: number | undefined, parent: Parent | undefined) => {
    seen.push(`${node.type}@${index ?? '-'}<${parent?.type ?? '-'}`);
    if (node.type === 'b' && parent && index !== undefined && !inserted) {
      inserted = true;
      parent.children.splice(index, 1, { type: 'x' }, { type: 'y' });
      return [SKIP, index + 2];
    }
    if (node.type === 'c') return SKIP;
    if (node.type === 'y') return index;
    if (seen.length > 40) return EXIT;
    return undefined;
  };
  if (Array.isArray(withTest)) walk(t, withTest, visitor);
  else if (withTest) walk(t, 'x', visitor);
  else walk(t, visitor);
  return seen;
}

test('the same visits, indexes and parents as unist-util-visit, with and without a type test or list, while the tree changes', () => {
  for (const withTest of [false, true, ['x', 'c'], ['b', 'y', 'c'], []]) {
    const ours = run(visit as unknown as Walk, withTest);
    const theirs = run(libraryVisit as unknown as Walk, withTest);
    assert.ok(Array.isArray(withTest) ? ours.length > 0 || withTest.length === 0 : ours.length > 5);
    assert.deepEqual(ours, theirs);
  }
});

test('EXIT stops the walk at once', () => {
  const seen: string[] = [];
  visit(tree(), (node: Node) => {
    seen.push(node.type);
    return node.type === 'b' ? EXIT : undefined;
  });
  assert.deepEqual(seen, ['root', 'a', 'x', 'b']);
});

test('every child of a 200,000-wide node gets its own index', () => {
  const wide: Parent = { type: 'root', children: Array.from({ length: 200_000 }, () => ({ type: 'x' })) };
  let sum = 0;
  visit(wide, 'x', (_node: Node, index: number | undefined) => {
    sum += index!;
  });
  assert.equal(sum, (200_000 * 199_999) / 2);
});

test('walks for flow-only types and lists of types (which skip paragraphs, headings and tables when all are flow-only) find what the library finds, on every page of the site', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const fg = (await import('fast-glob')).default;
  const { markdownProcessor } = await import('../../src/pipeline/compile/index.ts');
  const root = join(import.meta.dirname, '../..');
  const processor = markdownProcessor();
  const types: (string | string[])[] = ['code', 'heading', 'leafDirective', 'containerDirective', 'table', 'list', 'listItem', 'blockquote', 'thematicBreak', 'math', 'definition', 'footnoteDefinition'];
  // Lists: all flow-only (the walk prunes), and mixed with phrasing types (it cannot).
  types.push(['code', 'containerDirective'], ['heading', 'table', 'math'], ['link', 'image', 'definition'], ['textDirective', 'code', 'inlineCode']);
  const found = new Map<string, number>();
  for (const file of fg.sync('content/**/*.md', { cwd: root })) {
    const tree = processor.parse(readFileSync(join(root, file), 'utf8')) as Node;
    for (const type of types) {
      const ours: Node[] = [];
      const theirs: Node[] = [];
      visit(tree, type, (n: Node) => void ours.push(n));
      libraryVisit(tree, type, (n: Node) => void theirs.push(n));
      assert.equal(ours.length, theirs.length, `${file}: ${type}`);
      assert.ok(ours.every((n, i) => n === theirs[i]), `${file}: ${type}`);
      found.set(String(type), (found.get(String(type)) ?? 0) + ours.length);
    }
  }
  for (const type of ['code', 'heading', 'leafDirective', 'containerDirective', 'table', 'list', 'code,containerDirective', 'link,image,definition']) assert.ok((found.get(type) ?? 0) > 10, `the pages hold ${type} nodes (${found.get(type)})`);
});
