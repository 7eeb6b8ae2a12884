/**
 * hastToHtml writes a page body exactly as hast-util-to-jsx-runtime + React's renderToStaticMarkup
 * did: on every page of the site, on the pages of a synthetic site, and on hand-made trees with
 * what it hands to React (styles, booleans, MathML, SVG, form elements, a leading line break in
 * <pre>, event-handler properties, whitespace in tables).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { renderToStaticMarkup } from 'react-dom/server';
import { hastToHtml } from '../../src/pipeline/render/hast-to-html.ts';
import { hastToReact } from '../../src/pipeline/render/hast-to-react.ts';
import { loadSite } from '../../src/pipeline/load/index.ts';
import { compileContextData, compileContextFrom } from '../../src/pipeline/compile/make-context.ts';
import { compilePage } from '../../src/pipeline/compile/compile-page.ts';
import { markdownProcessor } from '../../src/pipeline/compile/index.ts';
import { writeSyntheticSite } from '../../scripts/bench/synthetic-site.ts';
import { codeFigure } from '../../src/pipeline/compile/plugins/remark-code-blocks.ts';
import { siteCodeBlocks } from '../helpers/code-blocks.ts';

const ROOT = join(import.meta.dirname, '../..');
const withReact = (tree: Root) => renderToStaticMarkup(hastToReact(tree));

async function assertSiteBodies(root: string, minPages: number): Promise<void> {
  const site = await loadSite(root);
  const context = compileContextFrom(compileContextData(site));
  assert.ok(site.pages.length >= minPages, `pages: ${site.pages.length}`);
  for (const page of site.pages) {
    const { hast } = compilePage(markdownProcessor(), page, context);
    assert.equal(hastToHtml(hast), withReact(hast), page.file);
  }
}

test('every page of the site: the same body HTML as React', async () => {
  await assertSiteBodies(ROOT, 200);
});

test('every code block of the site, with its highlighted lines in the tree: the same HTML as React', () => {
  // Pages keep only a slot for a block's lines (written by hastToHtml while compiling), so the
  // page comparison above no longer sees them; here they are compared block by block.
  let blocks = 0;
  for (const { file, lang, code } of siteCodeBlocks(ROOT)) {
    if (lang === 'mermaid' || lang === 'railroad') continue;
    const tree: Root = { type: 'root', children: [codeFigure(code, lang, { title: 'T', highlight: new Set([1]), showLineNumbers: true, demo: true })] };
    assert.equal(hastToHtml(tree), withReact(tree), `${file}: ${code.slice(0, 60)}`);
    blocks++;
  }
  assert.ok(blocks > 1000, `blocks: ${blocks}`);
});

test('a synthetic site (tables, tabs, code, admonitions, maths): the same body HTML as React', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'qdb-hast-html-'));
  try {
    await writeSyntheticSite(dir, 40, ROOT);
    await assertSiteBodies(dir, 40);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const el = (tagName: string, properties: Properties, ...children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
const text = (value: string) => ({ type: 'text' as const, value });

test('hand-made trees, including every case it leaves to React', () => {
  const cases: Root['children'][] = [
    [el('p', { className: ['a', 'b'], title: `quotes " ' & <tags>` }, text(`Text with <, >, &, " and ' in it`))],
    [el('p', { style: 'color: red; font-size: 12px' }, text('styled')), el('span', { id: 'after' }, text('next'))],
    [el('td', { align: 'center' }, text('cell'))],
    [el('table', {}, text('\n'), el('tbody', {}, text('  '), el('tr', {}, text('\t'), el('td', {}, text(' kept ')))))],
    [el('pre', {}, text('\nstarts with a line break')), el('pre', {}, el('code', {}, text('\nin code')))],
    [el('input', { type: 'checkbox', checked: true, disabled: true })],
    [el('p', { dataFootnoteRef: true, ariaHidden: 'true', dataValue: 42 }, text('booleans and numbers'))],
    [el('a', { href: '', onClick: 'alert(1)', onMouseOver: 'x' }, text('event handlers React drops'))],
    [el('a', { href: 'javascript:void(0)', unknownThing: 'x' }, text('unknown property'))],
    [el('img', { src: 'x.png', alt: '', width: '20', loading: 'lazy' }), el('br', {}), el('hr', {})],
    [el('svg', { viewBox: '0 0 10 10', strokeWidth: '2' }, el('path', { d: 'M0 0' }))],
    [el('math', { xmlns: 'http://www.w3.org/1998/Math/MathML', display: 'block' }, el('mi', { mathvariant: 'normal' }, text('x')))],
    [{ type: 'comment', value: 'dropped' }, el('button', { type: 'button', tabIndex: -1, ariaControls: ['a', 'b'], ariaPressed: 'false' }, text('Copy'))],
    [el('div', { dataRawSlot: '0' }), el('ul', {}, el('li', { className: [] }, text('')))],
    [el('custom-element', { className: ['x'] }, text('custom')), el('select', {}, el('option', { selected: true }, text('o')))],
  ];
  for (const children of cases) {
    const tree: Root = { type: 'root', children };
    assert.equal(hastToHtml(tree), withReact(tree), JSON.stringify(children));
  }
});
