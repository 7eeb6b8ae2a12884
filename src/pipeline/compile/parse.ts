/** The markdown parser every page and fragment goes through (syntax only, no transforms). */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkMath from 'remark-math';
import type { Root } from 'mdast';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkMath).freeze();

/** Parses markdown into mdast with GFM, directives and maths; applies no plugin transforms. */
export function parseMarkdown(text: string): Root {
  return parser.parse(text);
}

/** The syntax plugins, for building the full processor on the same grammar. */
export const syntaxPlugins = [remarkGfm, remarkDirective, remarkMath] as const;
