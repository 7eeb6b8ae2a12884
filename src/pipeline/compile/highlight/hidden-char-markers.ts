/**
 * Code shows hidden control characters (see policy/hidden-chars.ts) as visible markers:
 * `<span class="hidden-char" title="U+202E RIGHT-TO-LEFT OVERRIDE">&lt;U+202E&gt;</span>`.
 * The character itself never reaches the HTML, so nothing in a code block is reordered.
 */
import type { Element, ElementContent, Text } from 'hast';
import { hasHiddenChars, hiddenCharMarker, hiddenCharName, splitHiddenChars } from '../../policy/hidden-chars.ts';

function marker(code: number): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: ['hidden-char'], title: `${hiddenCharName(code)}: a hidden control character in the source` },
    children: [{ type: 'text', value: hiddenCharMarker(code) }],
  };
}

/** A text as text nodes and marker elements. */
export function hiddenCharPieces(text: string): ElementContent[] {
  return splitHiddenChars(text).map((p): ElementContent => (typeof p === 'number' ? marker(p) : { type: 'text', value: p }));
}

/** Replaces, in place, every hidden character in the text nodes under `nodes` by its marker. */
export function markHiddenCharsIn(nodes: ElementContent[]): void {
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.type === 'element') markHiddenCharsIn(n.children);
    else if (n.type === 'text' && hasHiddenChars((n as Text).value)) {
      const pieces = hiddenCharPieces(n.value);
      nodes.splice(i, 1, ...pieces);
      i += pieces.length - 1;
    }
  }
}
