/**
 * `## Heading {#custom-id}` sets the heading's anchor explicitly; the `{#…}` is removed
 * from the text. Other headings get their id from their text in rehype-headings.
 */
import type { Root, Text } from 'mdast';
import { visit } from '../visit.ts';

const CUSTOM_ID = /\s*\{#([A-Za-z0-9_.:-]+)\}\s*$/;

export default function remarkHeadingIds() {
  return (tree: Root) => {
    visit(tree, 'heading', (node) => {
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') return;
      const m = CUSTOM_ID.exec((last as Text).value);
      if (!m) return;
      (last as Text).value = (last as Text).value.slice(0, m.index);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: m[1] } };
    });
  };
}
