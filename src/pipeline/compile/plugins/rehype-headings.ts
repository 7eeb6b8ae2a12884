/**
 * Gives every heading a stable id (GitHub's slug rules; a duplicate is reported and
 * numbered), appends a visible anchor link, collects the table of contents (levels 2–3)
 * and every id on the page for the anchor check.
 */
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import { isCodeBlock } from './hast-util.ts';
import { toText } from 'hast-util-to-text';
import GithubSlugger from 'github-slugger';
import { LAYOUT_IDS } from '../../../shared/layout-ids.ts';
import { report } from '../report.ts';
import type { TocEntry } from '../../../shared/types.ts';

const HEADING = /^h([1-6])$/;
const LAYOUT = new Set(LAYOUT_IDS);

export default function rehypeHeadings() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];
    const anchors = (file.data.anchors ??= new Set());
    const seenText = new Map<string, number>();
    // Ids set elsewhere (config rows, footnotes, explicit {#id}) are reserved first; none may
    // take an id of the page layout (islands find their elements by those).
    const layoutClash = (node: Element, id: string): string => {
      let free = id;
      for (let n = 1; LAYOUT.has(free) || anchors.has(free); n++) free = `${id}-${n}`;
      report(file, node, `The id \`${id}\` belongs to the page layout; this element gets \`${free}\` instead.`, { rule: 'reserved-id', fix: `Choose another heading text or \`{#id}\`; the layout uses ${[...LAYOUT].map((i) => `\`${i}\``).join(', ')}.` });
      return free;
    };
    visit(tree, 'element', (node: Element) => {
      if (isCodeBlock(node)) return SKIP;
      const id = node.properties?.id;
      if (typeof id === 'string' && !HEADING.test(node.tagName)) {
        const free = LAYOUT.has(id) ? layoutClash(node, id) : id;
        node.properties.id = free;
        anchors.add(free);
      }
      return undefined;
    });
    visit(tree, 'element', (node: Element) => {
      // Headings come from Markdown, whose paragraphs and table cells hold only phrasing content.
      if (isCodeBlock(node) || node.tagName === 'p' || node.tagName === 'table') return SKIP;
      const m = HEADING.exec(node.tagName);
      if (!m) return undefined;
      // remark-rehype's hidden "Footnotes" label is for screen readers, not a section.
      if (node.properties?.id === 'footnote-label') return;
      const depth = Number(m[1]);
      const text = toText(node).trim();
      if (depth === 1) {
        report(file, node, 'A `#` heading in the body: the title is the page\'s only level-1 heading.', { rule: 'heading-level', fix: 'Start the body\'s sections at `##`.' });
      }
      let id = typeof node.properties?.id === 'string' ? node.properties.id : '';
      if (!id) {
        const base = new GithubSlugger().slug(text) || 'section';
        const line = node.position?.start.line;
        if (seenText.has(base)) {
          report(file, node, `Duplicate heading "${text}" (also on line ${seenText.get(base)}); its anchor gets a number.`, { rule: 'duplicate-heading', fix: 'Make headings unique on the page: they become the anchors readers link to.' });
        } else seenText.set(base, line ?? 0);
        id = slugger.slug(text) || slugger.slug('section');
        while (anchors.has(id) || LAYOUT.has(id)) id = slugger.slug(text || 'section');
      } else {
        slugger.slug(id); // reserve it so a later heading with that text is numbered
        if (LAYOUT.has(id)) id = layoutClash(node, id);
      }
      if (anchors.has(id) && node.properties?.id === id) {
        report(file, node, `The anchor id \`${id}\` is used twice on the page.`, { rule: 'duplicate-heading', fix: 'Give the heading another `{#id}`.' });
      }
      anchors.add(id);
      node.properties = { ...node.properties, id };
      if ((depth === 2 || depth === 3) && text) toc.push({ depth, id, text });
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${text}` },
        children: [{ type: 'text', value: '#' }],
      });
      return undefined;
    });
    file.data.toc = toc;
  };
}
