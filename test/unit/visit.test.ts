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
function run(walk: Walk, withTest: boolean): string[] {
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
  if (withTest) walk(t, 'x', visitor);
  else walk(t, visitor);
  return seen;
}

test('the same visits, indexes and parents as unist-util-visit, with and without a type test, while the tree changes', () => {
  for (const withTest of [false, true]) {
    const ours = run(visit as unknown as Walk, withTest);
    const theirs = run(libraryVisit as unknown as Walk, withTest);
    assert.ok(ours.length > 5);
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
