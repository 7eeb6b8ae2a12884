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

/** Replaces the raw-slot placeholders of rendered HTML with their SVG strings. */
export function spliceRawBlocks(html: string, blocks: string[]): string {
  if (blocks.length === 0) return html;
  return html.replace(/<div data-raw-slot="(\d+)"><\/div>/g, (all, n: string) => blocks[Number(n)] ?? all);
}
