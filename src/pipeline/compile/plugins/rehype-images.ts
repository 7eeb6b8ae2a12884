/**
 * Images load lazily and decode off the main thread, so long pages show their text
 * first; an image without alt text is reported, since screen readers have nothing to say.
 */
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import { isCodeBlock } from './hast-util.ts';
import { report } from '../report.ts';

export default function rehypeImages() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (isCodeBlock(node)) return SKIP;
      if (node.tagName !== 'img') return undefined;
      node.properties = { loading: 'lazy', decoding: 'async', ...node.properties };
      if (!node.properties.alt) {
        report(file, node, `The image ${String(node.properties.src ?? '')} has no alt text.`, { rule: 'image-alt', fix: 'Describe the image in the brackets: `![What the image shows](path)`.' });
      }
      return undefined;
    });
  };
}
