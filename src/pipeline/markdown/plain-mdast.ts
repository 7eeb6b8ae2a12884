/**
 * Turns a compiled page tree (mdast after our plugins) back into plain CommonMark + GFM +
 * maths nodes, for the Markdown copy of the page. The plugins leave our constructs as
 * `_element` wrappers and `renderedCode` nodes that only the HTML side understands; here
 * each becomes what a reader of Markdown expects:
 *
 * - admonition → blockquote starting with its kind in bold (`> **Note:** …`);
 * - tabs → one `#### Label` section per tab (the tab buttons are dropped);
 * - rendered code → a fenced block with its language and title (railroad as `ebnf`,
 *   mermaid as `mermaid`, questdb-sql as `sql`);
 * - links and images → absolute URLs; a link whose URL was refused → its text;
 * - any other wrapper or leftover directive → its children, so no directive syntax survives.
 *
 * The compiled tree is left as it is (a node that changes, or one of whose children does, is
 * copied; the rest is shared):
 * the copy is made before the tree is converted to hast, so that the mdast can go before the
 * rehype plugins run.
 */
import type { Blockquote, Code, Heading, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { Properties } from 'hast';
import type { Node } from 'unist';
import { toString } from 'mdast-util-to-string';
import { isExternal } from '../../shared/url.ts';

/** Deeper trees were already cut by the compiler's nesting limit; this only guards the recursion. */
const MAX_DEPTH = 400;

const KIND_LABELS: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

interface AnyNode extends Node {
  children?: AnyNode[];
  name?: string;
  value?: string;
  url?: string;
  lang?: string | null;
  meta?: string | null;
  data?: Node['data'] & { hName?: string; hProperties?: Properties };
}

export interface PlainOptions {
  /** The page's absolute URL (`https://questdb.com/docs/x/`), for fragment and relative links. */
  pageUrl: string;
  /** The site's origin (`https://questdb.com`), for root-relative links. */
  origin: string;
  /** The title a fenced block shows, e.g. from `title="…"` in its meta. */
  codeTitle: (meta: string | null | undefined) => string | undefined;
}

function classes(node: AnyNode): string[] {
  const c = node.data?.hProperties?.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? String(c).split(/\s+/) : [];
}

function isWrapper(node: AnyNode): boolean {
  return node.type === 'containerDirective' || node.type === 'leafDirective' || node.type === 'textDirective';
}

/** An absolute URL for a link target, or undefined when the link was refused (empty). */
export function absoluteUrl(url: string, opts: Pick<PlainOptions, 'pageUrl' | 'origin'>): string | undefined {
  const u = url.trim();
  if (u === '') return undefined;
  if (isExternal(u)) return u;
  if (u.startsWith('/')) return opts.origin + u;
  try {
    return new URL(u, opts.pageUrl).href;
  } catch {
    return undefined;
  }
}

function codeBlock(node: AnyNode, opts: PlainOptions): Code {
  const lang = (node.lang ?? '').toLowerCase();
  const fenceLang = lang === 'railroad' ? 'ebnf' : lang === '' || lang === 'questdb-sql' ? 'sql' : lang;
  const title = lang === 'railroad' || lang === 'mermaid' ? undefined : opts.codeTitle(node.meta);
  return { type: 'code', lang: fenceLang, meta: title ? `title=${JSON.stringify(title)}` : null, value: node.value ?? '' };
}

function admonition(node: AnyNode, opts: PlainOptions, depth: number): Blockquote {
  const kind = classes(node).find((c) => c.startsWith('admonition--'))?.slice('admonition--'.length) ?? 'note';
  const label = KIND_LABELS[kind] ?? kind;
  const [titleBox, contentBox] = node.children ?? [];
  const titleInline = plainChildren(titleBox?.children ?? [], opts, depth + 1) as PhrasingContent[];
  const content = plainChildren(contentBox?.children ?? [], opts, depth + 1) as RootContent[];
  const bold = (text: string): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value: text }] });
  const customTitle = toString({ type: 'paragraph', children: titleInline } as Paragraph).trim();
  if (customTitle !== '' && customTitle !== label) {
    // `> **Warning: Partitions are immutable once detached**`, then the body.
    const head: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: `${label}: ` }, ...titleInline] }] };
    return { type: 'blockquote', children: [head, ...content] as Blockquote['children'] };
  }
  const first = content[0];
  if (first?.type === 'paragraph') {
    // A new paragraph: the first may be the compiled tree's own.
    const opening: Paragraph = { ...first, children: [bold(`${label}:`), { type: 'text', value: ' ' }, ...first.children] };
    return { type: 'blockquote', children: [opening, ...content.slice(1)] as Blockquote['children'] };
  }
  return { type: 'blockquote', children: [{ type: 'paragraph', children: [bold(`${label}:`)] }, ...content] as Blockquote['children'] };
}

function tabs(node: AnyNode, opts: PlainOptions, depth: number): RootContent[] {
  const out: RootContent[] = [];
  for (const panel of node.children ?? []) {
    if (!classes(panel).includes('tabs__panel')) continue;
    const [labelBox, ...body] = panel.children ?? [];
    const heading: Heading = { type: 'heading', depth: 4, children: [{ type: 'text', value: labelBox ? toString(labelBox as never) : '' }] };
    out.push(heading, ...(plainChildren(body, opts, depth + 1) as RootContent[]));
  }
  return out;
}

/** The plain replacement of one node (none, one or several nodes). */
function plainNode(node: AnyNode, opts: PlainOptions, depth: number): AnyNode[] {
  if (depth > MAX_DEPTH) return [];
  if (node.type === 'renderedCode' || node.type === 'code') return [codeBlock(node, opts) as AnyNode];
  if (isWrapper(node)) {
    const cls = classes(node);
    if (cls.includes('admonition')) return [admonition(node, opts, depth) as AnyNode];
    if (cls.includes('tabs')) return tabs(node, opts, depth) as AnyNode[];
    if (cls.includes('admonition__icon') || cls.includes('tabs__list')) return [];
    return plainChildren(node.children ?? [], opts, depth + 1);
  }
  let plain = node;
  if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
    const url = absoluteUrl(node.url ?? '', opts);
    if (url === undefined) return node.type === 'link' ? plainChildren(node.children ?? [], opts, depth + 1) : [];
    plain = { ...plain, url };
  }
  if (node.type === 'heading' && node.data) {
    const { data: _, ...rest } = plain;
    plain = rest;
  }
  if (node.children) {
    const children = plainChildren(node.children, opts, depth + 1);
    if (plain !== node || !sameNodes(children, node.children)) plain = { ...plain, children };
  }
  return [plain];
}

/** Whether `a` holds the very nodes of `b`, in order (a node whose children did not change is not copied). */
function sameNodes(a: AnyNode[], b: AnyNode[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function plainChildren(children: AnyNode[], opts: PlainOptions, depth: number): AnyNode[] {
  return children.flatMap((c) => plainNode(c, opts, depth));
}

/** The plain Markdown nodes of a compiled page tree (a new root; the tree is left as it is). */
export function toPlainMdast(tree: Root, opts: PlainOptions): Root {
  return { ...tree, children: plainChildren(tree.children as AnyNode[], opts, 0) as Root['children'] };
}
