/**
 * The one factory for the markdown processor. Plugin order matters:
 * 0. the nesting limit before anything walks the tree (walkers recurse);
 * 1. includes first, so every later plugin sees fragment content; then hidden control
 *    characters are reported and removed from prose (code keeps them for its markers);
 * 2. raw HTML and unclosed blocks are checked on the expanded tree;
 * 3. directive plugins (examples before code blocks, since examples add code nodes);
 *    unknown directives last among them, to catch what nobody handled;
 * 4. release before code blocks, so `:release{…}` in code is filled in before highlighting;
 * 5. links after includes (fragment links resolve against the fragment's folder);
 * 6. to hast (a step of its own: see MarkdownProcessor), then KaTeX, headings (ids, anchors,
 *    table of contents), scroll regions and images.
 */
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeKatexWhenNeeded from './plugins/rehype-katex-when-needed.ts';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';
import { syntaxPlugins } from './parse.ts';
import remarkDepthLimit from './plugins/remark-depth-limit.ts';
import remarkIncludes from './plugins/remark-includes.ts';
import remarkHiddenChars from './plugins/remark-hidden-chars.ts';
import remarkRawHtml from './plugins/remark-raw-html.ts';
import remarkUnclosedBlocks from './plugins/remark-unclosed-blocks.ts';
import remarkExamples from './plugins/remark-examples.ts';
import remarkRelease from './plugins/remark-release.ts';
import remarkConfigTable from './plugins/remark-config-table.ts';
import remarkClientOptions from './plugins/remark-client-options.ts';
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

/**
 * A page's way from markdown to hast, in three steps, so the caller can let the mdast go before
 * the rehype plugins and rendering (on a 5 MB page the mdast is over 100 MB).
 */
export interface MarkdownProcessor {
  /** Markdown to mdast: syntax only. */
  parse(text: string): MdastRoot;
  /** The remark plugins, in order, on a page's tree. */
  runMdast(tree: MdastRoot, file: VFile): MdastRoot;
  /** mdast to hast: remark-rehype's conversion (it leaves the mdast as it was). */
  toHast(tree: MdastRoot, file: VFile): HastRoot;
  /** The rehype plugins, in order, on the converted tree. */
  runHast(tree: HastRoot, file: VFile): HastRoot;
}

/** Creates the processor that turns a page's markdown into hast. Build it once and reuse it. */
export function createMarkdownProcessor(): MarkdownProcessor {
  let p = unified().use(remarkParse);
  for (const plugin of syntaxPlugins) p = p.use(plugin as never);
  const remark = p
    .use(remarkDepthLimit)
    .use(remarkIncludes)
    .use(remarkHiddenChars)
    .use(remarkUnclosedBlocks)
    .use(remarkRawHtml)
    .use(remarkExamples)
    .use(remarkRelease)
    .use(remarkConfigTable)
    .use(remarkClientOptions)
    .use(remarkAdmonitions)
    .use(remarkTabs)
    .use(remarkUnknownDirectives)
    .use(remarkCodeBlocks)
    .use(remarkLinks)
    .use(remarkHeadingIds)
    .use(remarkMathCheck)
    .freeze() as unknown as Processor<MdastRoot, MdastRoot, MdastRoot>;
  // remark-rehype without a destination is the conversion alone (toHast with these options).
  const convert = (remarkRehype as unknown as (options: object) => (tree: MdastRoot, file: VFile) => HastRoot)({ allowDangerousHtml: false, footnoteLabelTagName: 'h2' });
  const rehype = unified()
    .use(rehypeKatexWhenNeeded, { output: 'htmlAndMathml', strict: 'ignore' })
    .use(rehypeHeadings)
    .use(rehypeScrollRegions)
    .use(rehypeImages)
    .freeze() as unknown as Processor<HastRoot, HastRoot, HastRoot>;
  return {
    parse: (text) => remark.parse(text),
    runMdast: (tree, file) => remark.runSync(tree, file),
    toHast: (tree, file) => convert(tree, file),
    runHast: (tree, file) => rehype.runSync(tree, file),
  };
}
