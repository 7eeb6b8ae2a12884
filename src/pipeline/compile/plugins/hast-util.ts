/** Small helpers for the rehype plugins. */
import type { Element } from 'hast';

/**
 * True for a rendered code block. Highlighted code is most of a page's nodes and never
 * holds headings, tables or maths, so tree walks skip it.
 */
export function isCodeBlock(node: Element): boolean {
  const cls = node.properties?.className;
  return node.tagName === 'figure' && Array.isArray(cls) && (cls.includes('code-block') || cls.includes('railroad'));
}
