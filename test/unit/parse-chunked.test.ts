/** Large pages parsed in pieces give the same tree, positions included, as one parse. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMarkdown } from '../../src/pipeline/compile/parse.ts';
import { CHUNKED_FROM, parseLarge, splitForParsing } from '../../src/pipeline/compile/fast-parse/parse-chunked.ts';
import { markdownProcessor } from '../../src/pipeline/compile/index.ts';
import { blankFrontMatter } from '../../src/pipeline/load/front-matter.ts';
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { seeded } from '../helpers/seeded.ts';

/** A page of every construct that could be cut wrongly: fences, directives, maths, comments, lists, quotes, a long table. */
function bigPage(): string {
  const parts: string[] = [];
  for (let i = 0; parts.join('\n').length < CHUNKED_FROM * 1.6; i++) {
    parts.push(`## Section ${i}\n\nText with **bold**, a [link](x.md), \`code\` and $x_${i}$.\n`);
    parts.push(`- item ${i}\n- item b\n\n  Continued item text.\n\nAfter the list.\n`);
    parts.push('```sql\nSELECT 1;\n\nHeading-like line in code\n\n# not a heading\n```\n');
    parts.push(`:::note[Title ${i}]\nInside.\n\nStill inside.\n\n## Heading inside a note\n:::\n`);
    parts.push('$$\na + b\n\nc\n$$\n');
    parts.push('<!-- a comment\n\nstill the comment\n-->\n');
    parts.push(`> quote ${i}\n\nParagraph after the quote.\n`);
    if (i % 40 === 0) parts.push('| a | b |\n|---|---|\n' + Array.from({ length: 1300 }, (_, r) => `| r${r} | *v${r}* |`).join('\n') + '\n');
    // Plain cells: the table is made without the parser (plain-table.ts).
    if (i % 40 === 20) parts.push('| a | b | c |\n|:--|:-:|--:|\n' + Array.from({ length: 1300 }, (_, r) => `| r${r} | row \`${r}\` of ${i} |${r % 7 === 0 ? '' : ` v${r}`} |`).join('\n') + '\n');
  }
  return parts.join('\n');
}

const strip = (tree: unknown) => JSON.parse(JSON.stringify(tree, (k, v) => (k === 'position' ? undefined : v)));

test('a large page is cut into pieces, and the joined tree equals the whole parse, positions included', () => {
  const body = bigPage();
  const pieces = splitForParsing(body);
  assert.ok(pieces && pieces.length > 4, `pieces: ${pieces?.length}`);
  assert.ok(pieces.some((p) => p.continuesTable), 'the long table is cut too');
  const processor = markdownProcessor();
  const whole = processor.parse(body);
  const joined = parseLarge(body, (text) => processor.parse(text));
  assert.deepEqual(strip(joined.children), strip(whole.children));
  assert.deepEqual(joined.children.map((c) => c.position), whole.children.map((c) => c.position));
  assert.deepEqual(joined.position, whole.position);
  // Its code blocks and plain headings were made without the parser.
  assert.ok(pieces.some((p) => p.blocks.some((b) => b.node.type === 'code')) && pieces.some((p) => p.blocks.some((b) => b.node.type === 'heading')));
});

test('a stand-in for a plain block that the parser reads as part of something else sends its piece back to the parser as written', () => {
  // The line-by-line reading takes the third fence as a closing one; micromark closed the
  // first with its list item, so the third opens a code block and the "heading" is code.
  const body = '- a\n\n  ```\nx\n\n```\n\n## Inside the code\n```\n\nAfter.\n';
  const pieces = splitForParsing(body, undefined, false)!;
  assert.ok(pieces[0]!.blocks.some((b) => b.node.type === 'heading'), 'the reading is fooled');
  const processor = markdownProcessor();
  let calls = 0;
  const joined = parseLarge(body, (text) => {
    calls++;
    return processor.parse(text);
  });
  assert.equal(calls, 2, 'parsed once with the stand-in, once as written');
  assert.deepEqual(joined, processor.parse(body));
});

test('a line of spaces and no-break spaces does not end a paragraph, so no cut or block follows it', () => {
  const processor = markdownProcessor();
  for (const body of ['Para one\n\u00a0\nstill the paragraph\n', 'Para\n\u00a0\n| a |\n|---|\n| b |\n', 'Para\n \u00a0 \n```\ncode\n```\n']) {
    assert.deepEqual(parseLarge(body, (text) => processor.parse(text), { from: 0, pieceChars: 1 }), processor.parse(body), JSON.stringify(body));
  }
});

test('pages with definitions, and small pages, are parsed whole', () => {
  assert.equal(splitForParsing('[a]: https://x\n\n' + 'Text.\n\n'.repeat(100_000)), undefined);
  assert.equal(splitForParsing('Text [^1].\n\n[^1]: note\n\n' + 'More.\n\n'.repeat(100_000)), undefined);
  const small = '## A\n\nText.\n';
  assert.deepEqual(parseLarge(small, parseMarkdown), parseMarkdown(small));
});

test('every page of the site, cut into pieces of about 300 characters, parses to the same tree as a whole', () => {
  const processor = markdownProcessor();
  const files = fg.sync('content/**/*.md');
  assert.ok(files.length > 200, `pages: ${files.length}`);
  let cut = 0;
  for (const file of files) {
    const body = blankFrontMatter(readFileSync(file, 'utf8'));
    const joined = parseLarge(body, (text) => processor.parse(text), { from: 0, pieceChars: 300 });
    if (splitForParsing(body, 300)) cut++;
    const whole = processor.parse(body);
    assert.deepEqual(joined, whole, file);
  }
  // Most pages have no link definitions, so most are really cut (the test would prove nothing otherwise).
  assert.ok(cut > files.length / 2, `pages cut: ${cut} of ${files.length}`);
});

// Blocks, plain and not, and the lines that could join them to what comes before or after.
const BLOCKS = [
  'A plain paragraph with `code`, **bold** and a [link](a.md).',
  'Two lines\nof a paragraph.',
  'Not plain: *emphasis* and a_b.',
  '- one\n- two',
  '- item\n  continued',
  '- [ ] task',
  '* star item',
  '1. ordered',
  '  - indented item',
  'lazy line',
  '  indented text',
  '    indented code',
  '## A heading',
  '## A heading with `code`',
  '# *Not plain*',
  '```sql\nSELECT 1;\n\n- not an item\n```',
  '```\nunclosed',
  '~~~\n## not a heading\n~~~',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '| a | b |\n|---|---|\n| *x* | 2 |',
  '> quote\n- in a quote',
  ':::note\n- inside\n\nText inside.\n:::',
  '$$\nx\n\n## not a heading\n$$',
  '<pre>\n\n- not an item\n</pre>',
  '<!--\n\nText in a comment.\n-->',
  '===',
  '---',
];

test('on 500 random pages of plain and other blocks, the tree with plain blocks made directly equals the whole parse', () => {
  const random = seeded(33);
  const processor = markdownProcessor();
  let blocks = 0;
  for (let i = 0; i < 500; i++) {
    const parts: string[] = [];
    const n = 2 + Math.floor(random() * 8);
    for (let k = 0; k < n; k++) {
      parts.push(BLOCKS[Math.floor(random() * BLOCKS.length)]!);
      const r = random();
      parts.push(r < 0.75 ? '\n\n' : r < 0.9 ? '\n' : '\n\n\n');
    }
    const body = parts.join('');
    blocks += splitForParsing(body, 64, true)?.reduce((sum, p) => sum + p.blocks.length, 0) ?? 0;
    const joined = parseLarge(body, (text) => processor.parse(text), { from: 0, pieceChars: 64 });
    assert.deepEqual(joined, processor.parse(body), JSON.stringify(body));
  }
  assert.ok(blocks > 500, `plain blocks: ${blocks}`);
});

test('a bullet list after a blank line is made directly only when it cannot carry on a list before it', () => {
  const processor = markdownProcessor();
  for (const body of ['- a\n\n- b\n', '- a\nlazy\n\n- b\n', '- a\n  - n\n\n- b\n', '* a\n\n- b\n', '1. a\n\n- b\n', 'Text.\n\n- b\n\nText.\n']) {
    assert.deepEqual(parseLarge(body, (text) => processor.parse(text), { from: 0 }), processor.parse(body), JSON.stringify(body));
  }
});

test('plain blocks with only blank lines between them share one stand-in, even 80,000 of them', () => {
  const body = 'Word.\n\n'.repeat(80_000);
  const pieces = splitForParsing(body, undefined, false)!;
  assert.equal(pieces.length, 1);
  assert.equal(pieces[0]!.blocks.length, 80_000);
  assert.equal(pieces[0]!.runs.length, 1);
  assert.equal(pieces[0]!.text, '#\n\n');
  const processor = markdownProcessor();
  assert.deepEqual(parseLarge(body, (text) => processor.parse(text)), processor.parse(body));
});
