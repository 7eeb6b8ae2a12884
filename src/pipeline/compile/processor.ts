/**
 * The one factory for the markdown processor. Plugin order matters:
 * 0. the nesting limit before anything walks the tree (walkers recurse);
 * 1. includes first, so every later plugin sees fragment content;
 * 2. raw HTML and unclosed blocks are checked on the expanded tree;
 * 3. directive plugins (examples before code blocks, since examples add code nodes);
 *    unknown directives last among them, to catch what nobody handled;
 * 4. release before code blocks, so `:release{…}` in code is filled in before highlighting;
 * 5. links after includes (fragment links resolve against the fragment's folder);
 * 6. to hast, then KaTeX, headings (ids, anchors, table of contents), scroll regions and images.
 */
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeKatexWhenNeeded from './plugins/rehype-katex-when-needed.ts';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { syntaxPlugins } from './parse.ts';
import remarkDepthLimit from './plugins/remark-depth-limit.ts';
import remarkIncludes from './plugins/remark-includes.ts';
import remarkRawHtml from './plugins/remark-raw-html.ts';
import remarkUnclosedBlocks from './plugins/remark-unclosed-blocks.ts';
import remarkExamples from './plugins/remark-examples.ts';
import remarkRelease from './plugins/remark-release.ts';
import remarkConfigTable from './plugins/remark-config-table.ts';
import remarkAdmonitions from './plugins/remark-admonitions.ts';
import remarkTabs from './plugins/remark-tabs.ts';
import remarkUnknownDirectives from './plugins/remark-unknown-directives.ts';
import remarkCodeBlocks from './plugins/remark-code-blocks.ts';
import remarkLinks from './plugins/remark-links.ts';
import remarkHeadingIds from './plugins/remark-heading-ids.ts';
import remarkMathCheck from './plugins/remark-math-check.ts';
import rehypeHeadings from './plugins/rehype-headings.ts';
import rehypeScrollRegions from './plugins/rehype-scroll-regions.ts';
import rehypeImages from './plugins/rehype-images.ts';

export type MarkdownProcessor = Processor<MdastRoot, MdastRoot, HastRoot, HastRoot, undefined>;

/** Creates the processor that turns a page's markdown into hast. Build it once and reuse it. */
export function createMarkdownProcessor(): MarkdownProcessor {
  let p = unified().use(remarkParse);
  for (const plugin of syntaxPlugins) p = p.use(plugin as never);
  return p
    .use(remarkDepthLimit)
    .use(remarkIncludes)
    .use(remarkUnclosedBlocks)
    .use(remarkRawHtml)
    .use(remarkExamples)
    .use(remarkRelease)
    .use(remarkConfigTable)
    .use(remarkAdmonitions)
    .use(remarkTabs)
    .use(remarkUnknownDirectives)
    .use(remarkCodeBlocks)
    .use(remarkLinks)
    .use(remarkHeadingIds)
    .use(remarkMathCheck)
    .use(remarkRehype, { allowDangerousHtml: false, footnoteLabelTagName: 'h2' })
    .use(rehypeKatexWhenNeeded, { output: 'htmlAndMathml', strict: 'ignore' })
    .use(rehypeHeadings)
    .use(rehypeScrollRegions)
    .use(rehypeImages)
    .freeze() as unknown as MarkdownProcessor;
}
