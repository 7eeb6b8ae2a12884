/** Marks pages that use maths, so only they load KaTeX's stylesheet and fonts. */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit, EXIT } from 'unist-util-visit';

export default function remarkMathFeature() {
  return (tree: Root, file: VFile) => {
    visit(tree, (node) => {
      if (node.type === 'math' || node.type === 'inlineMath') {
        file.data.features = { ...file.data.features!, math: true };
        return EXIT;
      }
      return undefined;
    });
  };
}
