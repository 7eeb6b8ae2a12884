/**
 * Every fenced block becomes its final HTML here, at build time:
 * - ```railroad  → one inline SVG syntax diagram per rule (W3C EBNF);
 * - ```mermaid   → the SVG from the committed cache, or the source for the browser to draw;
 * - anything else → highlighted code in a <figure>, with optional title, highlighted
 *   lines and line numbers. No language means `questdb-sql`.
 *
 * SVG strings are not parsed into the tree: they go to `file.data.rawBlocks` and a
 * placeholder element marks where the renderer splices them in.
 */
import type { Root, Code } from 'mdast';
import type { Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { highlightLines } from '../highlight/highlight.ts';
import { markHiddenCharsIn } from '../highlight/hidden-char-markers.ts';
import { hasHiddenChars, markHiddenChars, stripHiddenChars } from '../../policy/hidden-chars.ts';
import { SUPPORTED_LANGUAGES, resolveLanguage } from '../highlight/languages.ts';
import { renderRailroad } from '../railroad/render-railroad.ts';
import { readCachedMermaid } from '../mermaid/cache.ts';
import { parseCodeMeta } from '../code-meta.ts';
import { report } from '../report.ts';
import { hastToHtml } from '../../render/hast-to-html.ts';
import { webConsoleUrl } from '../../../shared/demo.ts';

/** The element the renderer replaces with rawBlocks[n]. */
export function rawSlot(n: number): Element {
  return { type: 'element', tagName: 'div', properties: { dataRawSlot: String(n) }, children: [] };
}

function el(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

/**
 * Gives the node its final element. mdast-util-to-hast would wrap a `code` node's element
 * in <pre>, so the node is retyped: unknown node types become exactly their hName/hChildren.
 */
function setHast(node: Code, element: Element): void {
  (node as unknown as { type: string }).type = 'renderedCode';
  node.data = { ...node.data, hName: element.tagName, hProperties: element.properties, hChildren: element.children };
}

function addRaw(file: VFile, html: string): Element {
  const blocks = (file.data.rawBlocks ??= []);
  blocks.push(html);
  return rawSlot(blocks.length - 1);
}

function railroad(node: Code, file: VFile): void {
  const result = renderRailroad(stripHiddenChars(node.value));
  if (!result.ok) {
    report(file, { ...node, position: node.position ? { start: { line: node.position.start.line + result.line, column: result.column }, end: node.position.end } : undefined } as Code,
      `Invalid railroad grammar: ${result.message}`, { rule: 'railroad', fix: result.fix });
    setHast(node, codeFigure(node.value, 'ebnf', { title: 'Syntax (not drawn: the grammar has an error)' }, file));
    return;
  }
  const figures = result.diagrams.map((d) =>
    el('figure', { className: ['railroad'], tabIndex: 0 }, [addRaw(file, d.svg), el('figcaption', { className: ['railroad__name'] }, [{ type: 'text', value: d.name }])]),
  );
  setHast(node, el('div', { className: ['railroad-group'] }, figures));
}

/**
 * Mermaid draws its diagrams as `role="img"` without a text alternative: name the image
 * after the labels it shows ("Diagram: Client, ILP over HTTP, QuestDB"), unless the
 * diagram has its own title (accTitle) or label.
 */
export function labelMermaidSvg(svg: string): string {
  const open = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  if (/\saria-label(ledby)?=/.test(open) || /<title\b/.test(svg)) return svg;
  const labels: string[] = [];
  for (const m of svg.matchAll(/<(?:p|span|tspan|text)\b[^>]*>([^<]+)</g)) {
    const text = m[1]!.replace(/\s+/g, ' ').trim();
    if (text && !labels.includes(text)) labels.push(text);
  }
  let label = labels.length > 0 ? `Diagram: ${labels.join(', ')}` : 'Diagram';
  if (label.length > 300) label = `${label.slice(0, label.lastIndexOf(',', 300))}, …`;
  return svg.replace(/<svg\b/, `<svg aria-label="${label.replace(/"/g, '&quot;')}"`);
}

function mermaid(node: Code, file: VFile): void {
  const svg = readCachedMermaid(node.value, file.data.context!.root);
  if (svg) {
    setHast(node, el('figure', { className: ['mermaid-diagram'] }, [addRaw(file, labelMermaidSvg(svg))]));
    return;
  }
  file.data.features = { ...file.data.features!, mermaidPending: true };
  report(file, node, 'This mermaid diagram is not in the diagram cache; it is drawn in the reader\'s browser instead (slower, needs JavaScript).', {
    rule: 'mermaid-cache',
    fix: 'Run `npm run diagrams` to render it into content/diagrams/mermaid/ and commit the new SVG.',
  });
  setHast(node, el('pre', { className: ['mermaid'], dataMermaidPending: '' }, [{ type: 'text', value: markHiddenChars(node.value) }]));
}

interface FigureOptions {
  title?: string;
  highlight?: Set<number>;
  showLineNumbers?: boolean;
  /** Adds a "Run in Web Console" link that opens the query on the public demo. */
  demo?: boolean;
}

/** Builds `<figure class="code-block">` with its title and one span per line. */
export function codeFigure(code: string, lang: string | null | undefined, opts: FigureOptions = {}, file?: VFile): Element {
  const result = highlightLines(code, lang);
  const lines: ElementContent[] = [];
  const hidden = hasHiddenChars(code);
  result.lines.forEach((line, i) => {
    if (hidden) markHiddenCharsIn(line);
    const classes = ['code-line'];
    if (opts.highlight?.has(i + 1)) classes.push('code-line--highlighted');
    lines.push(el('span', { className: classes }, line.length > 0 ? line : []));
    if (i < result.lines.length - 1) lines.push({ type: 'text', value: '\n' });
  });
  const figureClasses = ['code-block'];
  if (opts.showLineNumbers) figureClasses.push('code-block--numbered');
  const children: ElementContent[] = [];
  if (opts.title) children.push(el('figcaption', { className: ['code-block__title'] }, [{ type: 'text', value: opts.title }]));
  // The lines are written as HTML now and only a slot stays in the tree: a highlighted block is
  // hundreds of small elements that would otherwise live, and be walked and copied by the
  // garbage collector, until the page is rendered (over half the nodes of a code-heavy page).
  const codeContent = file ? [addRaw(file, hastToHtml({ type: 'root', children: lines }))] : lines;
  children.push(el('pre', { className: ['code-block__pre', `language-${result.lang}`], tabIndex: 0 }, [el('code', { className: [`language-${result.lang}`] }, codeContent)]));
  if (opts.demo) {
    // A plain link: it works without scripts, and it is outside the script-only actions.
    children.push(
      el('a', { className: ['code-block__run'], href: webConsoleUrl(hidden ? markHiddenChars(code) : code), target: '_blank', rel: ['noopener', 'noreferrer'] }, [{ type: 'text', value: 'Run in Web Console' }]),
    );
  }
  children.push(
    // Shown only with scripts on (html.js); the code-block island wires them up.
    el('div', { className: ['code-block__actions'] }, [
      el('button', { type: 'button', className: ['code-block__button'], dataAction: 'wrap', ariaPressed: 'false', title: 'Wrap long lines' }, [{ type: 'text', value: 'Wrap' }]),
      el('button', { type: 'button', className: ['code-block__button'], dataAction: 'copy', title: 'Copy the code' }, [{ type: 'text', value: 'Copy' }]),
    ]),
  );
  return el('figure', { className: figureClasses, dataLanguage: result.lang, dataIsland: 'code-block', dataWake: 'idle' }, children);
}

export default function remarkCodeBlocks() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code) => {
      renderCode(node, file);
      // The Markdown copy is made from this node: it shows the markers too, never the characters.
      if (hasHiddenChars(node.value)) node.value = markHiddenChars(node.value);
    });
  };
}

/** One fenced block to its final element. */
function renderCode(node: Code, file: VFile): void {
  const lang = node.lang?.toLowerCase();
  if (lang === 'railroad') return railroad(node, file);
  if (lang === 'mermaid') return mermaid(node, file);
  const meta = parseCodeMeta(node.meta);
  if (meta.unknown.length > 0) {
    report(file, node, `Unknown code block option${meta.unknown.length > 1 ? 's' : ''}: ${meta.unknown.join(', ')}.`, { rule: 'code-meta', fix: 'Use `title="…"`, `{1,3-5}` line highlights, `showLineNumbers`, `noparse` or `demo`.' });
  }
  for (const p of meta.problems) report(file, node, `Line highlight ${p}.`, { rule: 'code-meta', fix: 'Write line numbers from 1, e.g. `{1,3-5}`.' });
  const lineCount = node.value.split('\n').length;
  const beyond = [...meta.highlight].filter((n) => n > lineCount);
  if (beyond.length > 0) report(file, node, `Line highlight ${beyond.join(', ')} is past the block's ${lineCount} lines.`, { rule: 'code-meta', fix: 'Fix the highlighted line numbers.' });
  const isSql = resolveLanguage(node.lang).id === 'questdb-sql';
  if (meta.demo && !isSql) report(file, node, '`demo` is for SQL blocks: only a query can run in the Web Console.', { rule: 'code-meta', fix: 'Remove `demo` from this block, or make it a `questdb-sql` block.' });
  const figure = codeFigure(node.value, node.lang, { ...meta, demo: meta.demo && isSql }, file);
  if (!resolveLanguage(node.lang).known) {
    report(file, node, `Unknown code language \`${node.lang}\`; the block is shown without highlighting.`, { rule: 'code-language', fix: `Use one of: ${SUPPORTED_LANGUAGES.join(', ')}, or \`text\`.` });
  }
  setHast(node, figure);
}
