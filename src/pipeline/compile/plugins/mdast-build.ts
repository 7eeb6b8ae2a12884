/** Small builders for mdast nodes that carry their own HTML element (via data.hName). */
import type { Node } from 'unist';
import type { Properties } from 'hast';

/** A block wrapper that becomes `<tag …>children</tag>` (mdast-util-to-hast's default for unknown nodes with children). */
export function wrapper(tagName: string, properties: Properties, children: Node[], from?: Node): Node {
  return {
    type: 'containerDirective',
    name: '_element',
    attributes: {},
    children,
    position: from?.position,
    data: { hName: tagName, hProperties: properties, origin: from?.data?.origin },
  } as Node;
}

/** A phrasing wrapper that becomes `<tag …>children</tag>` inline. */
export function inlineWrapper(tagName: string, properties: Properties, children: Node[]): Node {
  return { type: 'textDirective', name: '_element', attributes: {}, children, data: { hName: tagName, hProperties: properties } } as Node;
}

export function text(value: string): Node {
  return { type: 'text', value } as Node;
}
