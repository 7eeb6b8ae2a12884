/**
 * A page body's hast straight to HTML, the same bytes React gives for it. Going through
 * hast-util-to-jsx-runtime and React's server renderer built an element per node and checked
 * every prop twice, about a fifth of a page's build time; most of a body is plain elements
 * with a few known attributes, written here directly.
 *
 * Only what is known to render exactly as React renders it is written here: the elements and
 * attributes below, with string or number values (arrays joined as hast-util-to-jsx-runtime
 * joins them) and React's escaping. Anything else (a `style`, a boolean data attribute, SVG,
 * MathML, form elements, a `<pre>` whose text starts with a line break, an unknown property)
 * makes that element and its subtree go through React as before, so nothing renders
 * differently (test/unit/hast-to-html.test.ts compares both on every page of the site and of a
 * synthetic site).
 */
import type { Element, Root, RootContent } from 'hast';
import { find, html as htmlSchema } from 'property-information';
import { stringify as commas } from 'comma-separated-tokens';
import { stringify as spaces } from 'space-separated-tokens';
import { renderToStaticMarkup } from 'react-dom/server';
import { hastToReact } from './hast-to-react.ts';

/**
 * React's escaping of text and attribute values (escapeTextForBrowser). Not shared/html.ts's
 * escapeHtml: that writes `'` as `&#39;`, React as `&#x27;`, and these bytes must be React's.
 */
const NEEDS_ESCAPE = /["&'<>]/;
const ESCAPED = /["&'<>]/g;
const ENTITY: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escape = (text: string) => (NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (c) => ENTITY[c]!) : text);

/** Elements React renders like any other (no special children, value or attribute handling). */
const PLAIN_TAGS = new Set(
  'a abbr article aside b bdi bdo blockquote br button caption cite code col colgroup dd del details dfn div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i img ins kbd label li main mark nav ol p pre q s samp section small span strong sub summary sup table tbody td tfoot th thead time tr u ul var wbr'.split(' '),
);
/** Written as `<br/>` by React. */
const VOID_TAGS = new Set(['br', 'col', 'hr', 'img', 'wbr']);
/** hast-util-to-jsx-runtime drops whitespace-only text directly inside these. */
const TABLE_TAGS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);
/** HTML properties whose React name maps back to this attribute name, for string and number values. */
const ATTRIBUTES = new Map([
  ['className', 'class'],
  ['tabIndex', 'tabindex'],
  ...'id href title alt src width height loading decoding role target type rel lang dir start'.split(' ').map((p) => [p, p] as const),
]);
const DATA_OR_ARIA = /^(data|aria)[A-Z0-9]/;

interface Attribute {
  name: string;
  commaSeparated: boolean;
}
/** Each property's attribute, or null when React must write it; looked up once per name. */
const known = new Map<string, Attribute | null>();
function attributeOf(key: string): Attribute | null {
  let attribute = known.get(key);
  if (attribute === undefined) {
    const name = ATTRIBUTES.get(key);
    const info = name !== undefined || DATA_OR_ARIA.test(key) ? find(htmlSchema, key) : undefined;
    attribute = info === undefined ? null : { name: name ?? info.attribute, commaSeparated: info.commaSeparated };
    if (known.size < 1000) known.set(key, attribute); // property names come from content too: keep the memo small
  }
  return attribute;
}

/** The attributes of `node` as React writes them, or undefined when one needs React itself. */
function attributes(node: Element): string | undefined {
  let out = '';
  for (const key in node.properties) {
    let value = node.properties[key];
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue;
    const attribute = attributeOf(key);
    if (attribute === null) return undefined;
    const { name } = attribute;
    if (Array.isArray(value)) value = attribute.commaSeparated ? commas(value as string[]) : spaces(value as string[]);
    if (typeof value === 'number') value = String(value);
    if (typeof value !== 'string') return undefined; // booleans: React has rules per attribute
    if (value === '' && (name === 'href' || name === 'src')) return undefined;
    out += ` ${name}="${escape(value)}"`;
  }
  return out;
}

/** Appends `node`'s HTML to `out`. */
function element(node: Element, out: string[]): void {
  const tag = node.tagName;
  const attrs = PLAIN_TAGS.has(tag) ? attributes(node) : undefined;
  const first = node.children[0];
  // React writes an extra line break after <pre> when its only child is text starting with one.
  const preBreak = tag === 'pre' && node.children.length === 1 && first?.type === 'text' && first.value.startsWith('\n');
  if (attrs === undefined || preBreak || (VOID_TAGS.has(tag) && node.children.length > 0)) out.push(withReact(node));
  else if (VOID_TAGS.has(tag)) out.push(`<${tag}${attrs}/>`);
  else {
    out.push(`<${tag}${attrs}>`);
    children(node.children, out, TABLE_TAGS.has(tag));
    out.push(`</${tag}>`);
  }
}

function children(nodes: RootContent[], out: string[], dropWhitespace = false): void {
  for (const child of nodes) {
    if (child.type === 'element') element(child, out);
    else if (child.type === 'text') {
      if (!(dropWhitespace && /^[ \t\n\f\r]*$/.test(child.value))) out.push(escape(child.value));
    } else if (child.type !== 'comment' && child.type !== 'doctype') out.push(withReact(child));
  }
}

/** One node through hast-util-to-jsx-runtime and React, as every body was rendered before. */
function withReact(node: RootContent): string {
  return renderToStaticMarkup(hastToReact({ type: 'root', children: [node] }));
}

/**
 * A page body's HTML: what `renderToStaticMarkup(hastToReact(tree))` gives, mostly without React.
 */
export function hastToHtml(tree: Root): string {
  return hastToHtmlChunks(tree).join('');
}

/** Small pieces gathered before they are joined into one chunk. */
const PIECES_PER_CHUNK = 4096;

/**
 * The body's HTML in chunks, each a whole number of the root's children (so no element is cut).
 * Pieces are joined, a chunk at a time, into flat strings: appending with `+=` made a rope of
 * thousands of pieces that lived, and was copied by the garbage collector, until the page was
 * written; and the million pieces of a 5 MB page, held until one join at the end, outlived the
 * young generation and grew the old one by some 40 MB.
 */
export function hastToHtmlChunks(tree: Root): string[] {
  const chunks: string[] = [];
  let out: string[] = [];
  for (const child of tree.children) {
    children([child], out);
    if (out.length >= PIECES_PER_CHUNK) {
      chunks.push(out.join(''));
      out = [];
    }
  }
  if (out.length > 0 || chunks.length === 0) chunks.push(out.join(''));
  return chunks;
}
