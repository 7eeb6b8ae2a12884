/**
 * Checks every formula with KaTeX before rendering, so an error is reported at the
 * formula's own line with a fix (rehype-katex's message has no position for display
 * maths). Also marks pages that use maths, so only they load KaTeX's stylesheet and fonts.
 */
import katex from 'katex';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { report } from '../report.ts';

export default function remarkMathCheck() {
  return (tree: Root, file: VFile) => {
    visit(tree, (node) => {
      if (node.type !== 'math' && node.type !== 'inlineMath') return;
      file.data.features = { ...file.data.features!, math: true };
      try {
        katex.renderToString((node as { value: string }).value, { displayMode: node.type === 'math', throwOnError: true, strict: 'ignore' });
      } catch (e) {
        const reason = (e as Error).message.replace(/^KaTeX parse error: /, '');
        report(file, node, `Invalid maths: ${reason}`, {
          rule: 'math',
          fix: 'Fix the TeX between the dollar signs (balanced braces, known commands); the formula is shown in red until then.',
        });
      }
    });
  };
}
