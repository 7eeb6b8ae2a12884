/**
 * Ingestion examples from the catalogue (content/examples/{kind}/{language}.md):
 *
 *   ::example{id="ilp-http/python"}   one entry: its header line and its code
 *   ::examples{kind="ilp-http"}       every language of a kind, as tabs of group `lang`
 *
 * Placeholders in the code ({{host}}, {{port}}, {{kid}}, {{d}}, {{x}}, {{y}}) are filled
 * from the entry's addr and auth.
 */
import type { Root, Code } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import { parseMarkdown } from '../parse.ts';
import { report } from '../report.ts';
import { wrapper } from './mdast-build.ts';
import { buildTabs } from './remark-tabs.ts';
import { EXAMPLE_LANGUAGES, EXAMPLE_KINDS, fillPlaceholders } from '../../load/load-examples.ts';
import type { ExampleEntry } from '../../../shared/types.ts';
import { closest } from '../../diagnostics.ts';

/** The header and code of one entry, as mdast. */
function entryNodes(entry: ExampleEntry, file: VFile, at: Node): Node[] {
  file.data.dependencies?.add(entry.file);
  const { code, missing } = fillPlaceholders(entry);
  if (missing.length > 0) {
    report(file, at, `Example ${entry.key} uses ${missing.map((m) => `{{${m}}}`).join(', ')} but has no value for it.`, { rule: 'example', fix: `Add \`addr\`/\`auth\` to ${entry.file}, or remove the placeholder.` });
  }
  const header = parseMarkdown(entry.header).children as Node[];
  const codeNode: Code = { type: 'code', lang: entry.lang, meta: null, value: code, position: at.position };
  for (const n of [...header, codeNode]) n.data = { ...n.data, origin: { file: entry.file, line: 1 } };
  return [wrapper('div', { className: ['example'], dataExample: entry.key }, [...header, codeNode], at)];
}

export default function remarkExamples() {
  return (tree: Root, file: VFile) => {
    const catalogue = file.data.context!.examples;
    visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
      if ((node.name !== 'example' && node.name !== 'examples') || !parent || index === undefined) return;
      let replacement: Node[] = [];
      if (node.name === 'example') {
        const id = node.attributes?.id ?? '';
        const entry = catalogue.get(id);
        if (entry) replacement = entryNodes(entry, file, node);
        else {
          const guess = closest(id, catalogue.keys());
          report(file, node, id ? `There is no example \`${id}\` in the catalogue.` : '`::example` needs an `id`.', {
            rule: 'example',
            fix: guess ? `Did you mean \`${guess}\`?` : `Use \`{kind}/{language}\` with a file at content/examples/{kind}/{language}.md (kinds: ${EXAMPLE_KINDS.join(', ')}).`,
          });
        }
      } else {
        const kind = node.attributes?.kind ?? '';
        const entries = EXAMPLE_LANGUAGES.map((l) => catalogue.get(`${kind}/${l}`)).filter((e): e is ExampleEntry => e !== undefined);
        if (entries.length === 0) {
          report(file, node, kind ? `The catalogue has no examples of kind \`${kind}\`.` : '`::examples` needs a `kind`.', { rule: 'example', fix: `Use one of: ${EXAMPLE_KINDS.join(', ')}.` });
        } else {
          replacement = [buildTabs(file, 'lang', entries.map((e) => ({ label: e.name, value: e.language, children: entryNodes(e, file, node) })), node)];
        }
      }
      parent.children.splice(index, 1, ...(replacement as never[]));
      return [SKIP, index + replacement.length];
    });
  };
}
