/** Turns a page's hast into React elements (rehype-react on hast-util-to-jsx-runtime). */
import { unified } from 'unified';
import rehypeReact from 'rehype-react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { Root } from 'hast';
import type { ReactElement } from 'react';

const compiler = unified().use(rehypeReact, { Fragment, jsx, jsxs, passKeys: true, passNode: false }).freeze();

/** Compiles hast to a React element tree (no raw HTML: SVG blocks are spliced in after rendering). */
export function hastToReact(tree: Root): ReactElement {
  return compiler.stringify(tree) as unknown as ReactElement;
}

const RAW_SLOT = /<div data-raw-slot="(\d+)"><\/div>/g;

/** Pushes `html` onto `out` in pieces, each raw-slot placeholder replaced by its raw block (SVG, highlighted code); a slot without one stays. */
export function pushWithRawBlocks(html: string, blocks: string[], out: string[]): void {
  if (blocks.length === 0) {
    out.push(html);
    return;
  }
  let at = 0;
  for (const m of html.matchAll(RAW_SLOT)) {
    out.push(html.slice(at, m.index), blocks[Number(m[1])] ?? m[0]);
    at = m.index! + m[0].length;
  }
  out.push(html.slice(at));
}
