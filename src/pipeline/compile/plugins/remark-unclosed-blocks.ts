/**
 * A code fence or a `:::` directive that is never closed swallows the rest of the page
 * silently in CommonMark. This reports both at the line where they open.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { report } from '../report.ts';

export default function remarkUnclosedBlocks() {
  return (tree: Root, file: VFile) => {
    const lines = String(file.value).split('\n');
    const lineText = (n: number) => lines[n - 1] ?? '';
    // Both are flow content: the walk skips paragraphs, headings and tables.
    visit(tree, ['code', 'containerDirective'], (node) => {
      if (node.data?.origin || !node.position) return;
      const start = node.position.start.line;
      const end = node.position.end.line;
      if (node.type === 'code') {
        const open = /^\s{0,3}(`{3,}|~{3,})/.exec(lineText(start));
        if (!open) return; // indented code
        const fence = open[1]!;
        const close = lineText(end).trim();
        const closed = end > start && close.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(close);
        if (!closed) report(file, node, `The code block opened here with ${fence} is never closed; it runs to the end of the page.`, { rule: 'unclosed-fence', fix: `Close it with a line holding only ${fence}.` });
      } else if (node.type === 'containerDirective' && !(node as { name: string }).name.startsWith('_')) {
        const closed = end > start && /^\s*:{3,}\s*$/.test(lineText(end));
        if (!closed) report(file, node, `The \`:::${(node as { name: string }).name}\` block opened here is never closed; it runs to the end of the page.`, { rule: 'unclosed-directive', fix: 'Close it with a line of colons (as many as opened it).' });
      }
    });
  };
}
