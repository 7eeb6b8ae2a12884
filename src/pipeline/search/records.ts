/**
 * Search records from a page's compiled tree (not from crawling HTML): the page title
 * (lvl1), each heading (lvl2–lvl6) with the headings above it, and the text under them
 * (paragraphs, list items, table rows) as `content` records. Code blocks, diagrams,
 * maths, buttons and the headings' `#` links are left out.
 */
import type { Element, ElementContent, Root } from 'hast';
import { isCodeBlock } from '../compile/plugins/hast-util.ts';

/** One page's part of the compact index (see HeadingsIndexFile / ContentIndexFile). */
export interface PageSearchData {
  route: string;
  section: string;
  title: string;
  /** The reader's words for the page: front-matter keywords, sidebar label, the route's words. */
  keywords?: string;
  /** [level 2–6, anchor, text, parent heading index within this page or -1] */
  headings: [number, string, string, number][];
  /** [heading index within this page or -1, text, own anchor (a configuration row's key)] */
  content: ([number, string] | [number, string, string])[];
}

/** Longer texts are cut: the first words of a paragraph are what a reader recognises. */
const MAX_CONTENT_CHARS = 600;
const HEADING = /^h([2-6])$/;
const SKIP_CLASSES = ['hash-link', 'tabs__label', 'tabs__list', 'admonition__title', 'katex', 'mermaid', 'mermaid-diagram', 'railroad-group', 'code-block__actions', 'table-of-contents'];

function classes(node: Element): string[] {
  const c = node.properties?.className;
  return Array.isArray(c) ? c.map(String) : [];
}

function skipped(node: Element): boolean {
  if (isCodeBlock(node) || node.tagName === 'pre' || node.tagName === 'button' || node.tagName === 'svg' || node.tagName === 'script' || node.tagName === 'style') return true;
  return classes(node).some((c) => SKIP_CLASSES.includes(c));
}

/** Visible text of a node, with `stop` elements (nested lists) left out. */
function textOf(node: ElementContent, stop?: (e: Element) => boolean): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || skipped(node) || stop?.(node)) return '';
  const sep = node.tagName === 'td' || node.tagName === 'th' || node.tagName === 'br' ? ' ' : '';
  return node.children.map((c) => textOf(c, stop)).join('') + sep;
}

function clean(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= MAX_CONTENT_CHARS) return t;
  const cut = t.lastIndexOf(' ', MAX_CONTENT_CHARS);
  return `${t.slice(0, cut > 0 ? cut : MAX_CONTENT_CHARS)} …`;
}

const isList = (e: Element) => e.tagName === 'ul' || e.tagName === 'ol';

/** Walks a compiled page in document order and collects its headings and texts. */
export function pageSearchData(tree: Root, page: { route: string; section: string; title: string; keywords?: string }): PageSearchData {
  const data: PageSearchData = { ...page, headings: [], content: [] };
  /** Index of the latest heading at each level 2–6 (for parents). */
  const open: (number | undefined)[] = [];
  let current = -1;
  const addContent = (text: string, anchor?: string) => {
    const t = clean(text);
    if (t) data.content.push(anchor ? [current, t, anchor] : [current, t]);
  };
  const walk = (nodes: ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element' || skipped(node)) continue;
      const h = HEADING.exec(node.tagName);
      if (h) {
        const level = Number(h[1]);
        const id = typeof node.properties?.id === 'string' ? node.properties.id : '';
        const text = clean(textOf(node));
        if (!id || !text) continue;
        let parent = -1;
        for (let l = level - 1; l >= 2; l--) {
          const p = open[l];
          if (p !== undefined) {
            parent = p;
            break;
          }
        }
        current = data.headings.push([level, id, text, parent]) - 1;
        open[level] = current;
        for (let l = level + 1; l <= 6; l++) open[l] = undefined;
        continue;
      }
      if (node.tagName === 'p' || node.tagName === 'dt' || node.tagName === 'dd' || node.tagName === 'figcaption') {
        addContent(textOf(node));
        continue;
      }
      if (node.tagName === 'li') {
        addContent(textOf(node, isList));
        walk(node.children.filter((c): c is Element => c.type === 'element' && isList(c)));
        continue;
      }
      if (node.tagName === 'tr') {
        // Header rows name columns; they say nothing on their own.
        // A row with an id (a configuration key) is a link target of its own.
        const id = typeof node.properties?.id === 'string' ? node.properties.id : undefined;
        if (node.children.some((c) => c.type === 'element' && c.tagName === 'td')) addContent(textOf(node), id);
        continue;
      }
      walk(node.children);
    }
  };
  walk(tree.children as ElementContent[]);
  return data;
}
