/**
 * A page's Markdown copy (`build/<route>/index.md`), made from its compiled tree so that
 * includes, examples, tabs, config tables and `:release` are already resolved and nothing
 * of our content language is left: `# Title`, the description, then the body.
 */
import type { Root } from 'mdast';
import { toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { parseCodeMeta } from '../compile/code-meta.ts';
import { toPlainMdast } from './plain-mdast.ts';
import { inlineCodeHandler, tableHandler, text } from './quick-handlers.ts';

const gfm = gfmToMarkdown({ tablePipeAlign: false });
/** A handler GFM's extension registers (it holds one extension per GFM construct). */
function gfmHandler(name: 'inlineCode' | 'table'): Handle {
  for (const extension of gfm.extensions ?? []) {
    const handle = extension.handlers?.[name];
    if (handle) return handle as Handle;
  }
  throw new Error(`mdast-util-gfm has no ${name} handler`);
}

export const MARKDOWN_OPTIONS: Options = {
  handlers: { text, inlineCode: inlineCodeHandler(gfmHandler('inlineCode')), table: tableHandler(gfmHandler('table')) },
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  // Unpadded tables: padding every cell to the widest one makes wide tables several times larger.
  extensions: [gfm, mathToMarkdown()],
};

export interface MarkdownPage {
  title: string;
  description: string;
  /** `/docs/x/` */
  route: string;
}

/** Serialises the compiled tree (left as it is) as the page's Markdown. */
export function pageMarkdown(tree: Root, page: MarkdownPage, origin: string): string {
  const pageUrl = origin + page.route;
  const body = toPlainMdast(tree, { pageUrl, origin, codeTitle: (meta) => parseCodeMeta(meta).title });
  const doc: Root = {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [{ type: 'text', value: page.title }] },
      ...(page.description ? [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: page.description }] }] : []),
      ...body.children,
    ],
  };
  return toMarkdown(doc, MARKDOWN_OPTIONS);
}
