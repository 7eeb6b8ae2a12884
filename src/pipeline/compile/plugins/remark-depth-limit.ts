/**
 * Caps how deeply markdown nodes nest (blockquotes, lists, emphasis, links…), before any
 * plugin walks the tree: the tree walkers, mdast → hast and React all recurse, and a page
 * with a list 600 levels deep or `*` nested thousands of times would overflow the stack.
 * Past `LIMITS.nesting` levels the content is cut and replaced by `…`, with an error at the
 * line where it starts. The walk here is iterative, so it cannot overflow itself.
 */
import type { Root, RootContent } from 'mdast';
import type { Node, Parent } from 'unist';
import type { VFile } from 'vfile';
import { LIMITS } from '../../policy/limits.ts';
import { report } from '../report.ts';

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'inlineCode', 'image', 'imageReference', 'break', 'html', 'inlineMath', 'textDirective', 'footnoteReference']);

/**
 * Cuts every subtree deeper than `max` levels; returns the cut nodes (for reporting).
 * Iterative: an explicit stack of (node, depth).
 */
export function cutDeepNodes(tree: Node, max = LIMITS.nesting): Node[] {
  const cut: Node[] = [];
  // Two stacks rather than one of [node, depth] pairs, and only nodes with children on them:
  // a 20,000-row table has 300,000 nodes, most of them text.
  const nodes: Node[] = [tree];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const children = (node as Parent).children;
    if (!Array.isArray(children) || node.data?.depthCut) continue;
    if (depth >= max) {
      const first = children[0];
      if (first) cut.push(first);
      const phrasing = children.every((c) => PHRASING.has(c.type));
      (node as Parent).children = (phrasing ? [{ type: 'text', value: '…' }] : [{ type: 'paragraph', children: [{ type: 'text', value: '…' }] }]) as RootContent[];
      node.data = { ...node.data, depthCut: true }; // a second pass (after includes) leaves it alone
      continue;
    }
    for (const child of children) {
      if (!Array.isArray((child as Parent).children)) continue;
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return cut;
}

/** Cuts `tree` to the nesting limit and reports the first place it was cut on the page. */
export function limitDepth(tree: Node, file: VFile): void {
  const cut = cutDeepNodes(tree);
  if (cut.length === 0) return;
  report(file, cut[0], `Content nests deeper than ${LIMITS.nesting} levels (lists, quotes or emphasis inside each other); what is deeper was left out.`, {
    rule: 'nesting-limit',
    severity: 'error',
    fix: `Flatten the structure: no real page needs more than a few levels of nesting.`,
  });
}

export default function remarkDepthLimit() {
  return (tree: Root, file: VFile) => limitDepth(tree, file);
}
