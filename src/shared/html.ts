/** Escaping text for HTML, shared by the build, watch mode and the browser (no DOM, no Node). */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A highlighted or snippeted search value made safe for `innerHTML`: everything escaped,
 * then only the highlight tags (`<mark>`, `</mark>`) restored. Algolia returns a record's
 * text with the tags added but nothing escaped, so its values pass through this before any
 * view shows them.
 */
export function escapeHighlighted(value: string): string {
  return escapeHtml(value).replace(/&lt;(\/?)mark&gt;/g, '<$1mark>');
}
