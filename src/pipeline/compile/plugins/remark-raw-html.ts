/**
 * Raw HTML is not part of the content language: each HTML node is reported with its
 * line and shown as text, so nothing a writer types can inject markup or script.
 * HTML comments are writers' notes: they are dropped without a word.
 */
import type { Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import { report } from '../report.ts';

export default function remarkRawHtml() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'html', (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (/^<!--[\s\S]*-->\s*$/.test(node.value.trim())) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      const tag = /^<\/?([a-zA-Z][\w-]*)/.exec(node.value.trim())?.[1];
      report(file, node, `Raw HTML${tag ? ` (<${tag}>)` : ''} is not part of the content language; it is shown as text.`, {
        rule: 'raw-html',
        fix: 'Use markdown or a directive instead (admonitions `:::note`, tabs `::::tabs`, images `![alt](src)`); to show a tag as text, put it in backticks.',
      });
      const text: Text = { type: 'text', value: node.value, position: node.position, data: node.data };
      // Block-level HTML (a child of a flow container) gets a paragraph to stand in.
      const flow = parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem' || parent.type === 'containerDirective' || parent.type === 'footnoteDefinition';
      parent.children.splice(index, 1, (flow ? { type: 'paragraph', children: [text], position: node.position } : text) as never);
      return [SKIP, index + 1];
    });
  };
}
