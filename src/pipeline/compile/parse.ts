/** The markdown parser every page and fragment goes through (syntax only, no transforms). */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfmQuick from './fast-parse/remark-gfm-quick.ts';
import remarkDirective from 'remark-directive';
import remarkMath from 'remark-math';
import type { Root } from 'mdast';
import { cutDeepNodes } from './plugins/remark-depth-limit.ts';

const parser = unified().use(remarkParse).use(remarkGfmQuick).use(remarkDirective).use(remarkMath).freeze();

/**
 * Parses markdown (fragments, example headers, table descriptions) into mdast with GFM,
 * directives and maths, cut to the nesting limit so the walkers after it cannot overflow;
 * applies no other transform. (A page's own tree is cut, and reported, by remark-depth-limit.)
 */
export function parseMarkdown(text: string): Root {
  const tree = parser.parse(text);
  cutDeepNodes(tree);
  return tree;
}

/** The syntax plugins, for building the full processor on the same grammar. */
export const syntaxPlugins = [remarkGfmQuick, remarkDirective, remarkMath] as const;
