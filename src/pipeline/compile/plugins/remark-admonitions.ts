/**
 * Admonitions:
 *
 *   :::warning[Partitions are immutable once detached]
 *   A detached partition is no longer visible to queries.
 *   :::
 *
 * → <div class="admonition admonition--warning" role="note"><p class="admonition__title">…</p>
 *   <div class="admonition__content">…</div></div>
 */
import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Node } from 'unist';
import { visit } from '../visit.ts';
import { inlineWrapper, text, wrapper } from './mdast-build.ts';

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger'] as const;

const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

export default function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (!(ADMONITION_KINDS as readonly string[]).includes(node.name)) return;
      const first = node.children[0];
      const label = first?.type === 'paragraph' && first.data?.directiveLabel ? (node.children.shift() as { children: Node[] }).children : undefined;
      const title = label && label.length > 0 ? label : [text(DEFAULT_TITLES[node.name] ?? node.name)];
      const body = node.children as Node[];
      node.children = [
        wrapper('p', { className: ['admonition__title'] }, [inlineWrapper('span', { className: ['admonition__icon'], ariaHidden: 'true' }, []), ...title]) as never,
        wrapper('div', { className: ['admonition__content'] }, body) as never,
      ];
      node.data = { ...node.data, hName: 'div', hProperties: { className: ['admonition', `admonition--${node.name}`], role: 'note' } };
    });
  };
}
