/**
 * Wide content scrolls inside its own box. Tables get a wrapper that scrolls (keeping
 * the table's own semantics intact), and every scrolling box is keyboard-focusable and
 * named, so keyboard users can scroll it too.
 *
 *   <table>…</table>  →  <div class="table-scroll" tabindex="0" role="region" aria-label="Table">…</div>
 *   <span class="katex-display">  →  gets tabindex="0"
 */
import type { Root, Element } from 'hast';
import { visit, SKIP } from '../visit.ts';
import { isCodeBlock } from './hast-util.ts';

export default function rehypeScrollRegions() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (isCodeBlock(node)) return SKIP;
      if (node.tagName === 'table' && parent && index !== undefined) {
        const cls = String(node.properties?.className ?? '');
        const label = cls.includes('config-table') ? 'Configuration keys' : cls.includes('client-options-table') ? 'Client options by client' : 'Table';
        parent.children[index] = { type: 'element', tagName: 'div', properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: label }, children: [node] };
        return SKIP;
      }
      const cls = node.properties?.className;
      if (Array.isArray(cls) && cls.includes('katex-display')) {
        node.properties = { ...node.properties, tabIndex: 0 };
        return SKIP;
      }
      return undefined;
    });
  };
}
