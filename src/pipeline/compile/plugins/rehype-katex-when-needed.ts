/** rehype-katex walks the whole tree; most pages have no maths, so it runs only where remark-math-check found some. */
import rehypeKatex, { type Options } from 'rehype-katex';
import type { Root } from 'hast';
import type { VFile } from 'vfile';

export default function rehypeKatexWhenNeeded(options: Options) {
  const transform = rehypeKatex(options) as (tree: Root, file: VFile) => void;
  return (tree: Root, file: VFile) => {
    if (file.data.features?.math) transform(tree, file);
  };
}
