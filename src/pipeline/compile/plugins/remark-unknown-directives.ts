/**
 * Runs after every directive plugin: a directive nobody handled is a typo or an
 * unsupported construct. Block directives are reported and their content kept; a text
 * directive with no label or attributes is ordinary prose that happened to contain
 * `word:word`, so it is turned back into its text without a word.
 */
import type { Root, PhrasingContent } from 'mdast';
import type { VFile } from 'vfile';
import type { Directives } from 'mdast-util-directive';
import { visit, SKIP } from '../visit.ts';
import { report } from '../report.ts';
import { closest } from '../../diagnostics.ts';

export const KNOWN_DIRECTIVES = ['note', 'tip', 'info', 'warning', 'danger', 'tabs', 'tab', 'include', 'example', 'examples', 'release', 'config-table', 'client-options'];

function attributesText(attrs: Record<string, string | null | undefined> | null | undefined): string {
  const entries = Object.entries(attrs ?? {});
  if (entries.length === 0) return '';
  return '{' + entries.map(([k, v]) => (v ? `${k}="${v}"` : k)).join(' ') + '}';
}

export default function remarkUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      if (node.type !== 'textDirective' && node.type !== 'leafDirective' && node.type !== 'containerDirective') return;
      const d = node as Directives;
      if (d.data?.hName || d.name === '_element') return;
      if (d.type === 'textDirective') {
        if (!parent || index === undefined) return;
        const hasExtras = d.children.length > 0 || Object.keys(d.attributes ?? {}).length > 0;
        if (hasExtras) {
          const guess = closest(d.name, KNOWN_DIRECTIVES);
          report(file, d, `Unknown inline directive \`:${d.name}\`; it is shown as text.`, { rule: 'unknown-directive', fix: guess ? `Did you mean \`:${guess}\`?` : 'Remove it, or escape the colon as `\\:`.' });
        }
        const replacement: PhrasingContent[] = [{ type: 'text', value: ':' + d.name }];
        if (d.children.length > 0) replacement.push({ type: 'text', value: '[' }, ...(d.children as PhrasingContent[]), { type: 'text', value: ']' });
        const attrs = attributesText(d.attributes);
        if (attrs) replacement.push({ type: 'text', value: attrs });
        parent.children.splice(index, 1, ...(replacement as never[]));
        return [SKIP, index + replacement.length];
      }
      const guess = closest(d.name, KNOWN_DIRECTIVES);
      const colons = d.type === 'leafDirective' ? '::' : ':::';
      report(file, d, `Unknown directive \`${colons}${d.name}\`; its content is shown without it.`, {
        rule: 'unknown-directive',
        fix: guess ? `Did you mean \`${colons}${guess}\`? Known: ${KNOWN_DIRECTIVES.join(', ')}.` : `Use one of: ${KNOWN_DIRECTIVES.join(', ')}.`,
      });
      d.data = { ...d.data, hName: 'div' };
      return undefined;
    });
  };
}
