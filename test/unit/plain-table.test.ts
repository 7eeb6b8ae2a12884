/**
 * The fast path for plain tables (src/pipeline/compile/fast-parse/plain-table.ts): whenever it makes a
 * tree, it is the tree micromark makes, positions included; anything that is not plain is
 * left to the parser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainTable } from '../../src/pipeline/compile/fast-parse/plain-table.ts';
import { markdownProcessor } from '../../src/pipeline/compile/index.ts';
import { parseLarge, splitForParsing } from '../../src/pipeline/compile/fast-parse/parse-chunked.ts';
import { fastPathCases } from '../helpers/seeded.ts';

const processor = markdownProcessor();
const parsed = (text: string) => JSON.parse(JSON.stringify(processor.parse(text)));

// Pieces of cells: mostly plain, some that start an inline construct or break the row.
const PLAIN = ['a', 'row', 'SYM1', '0.50', ' ', '  ', '(x)', 'a-b', 'x/y', '#3', "it's", '"q"', '50%', 'a+b=c', 'p; q', 'v, w'];
const CODE = ['`x`', '`a b`', '`0`', '`SELECT 1;`', '` x`', '`x `', '``', '`a``b`', '`unclosed', '`a_b_c`', '`x:y`', '`*s*`', '`<b>`', '`&amp;`', '`$x$`', '`[l](x)`', '`http://x`', '`a\tb`', '`é`'];
const SPECIAL = ['**two words**', '[`k`](#k)', 'HTTP', '→', ': x', '*b*', '_i_', '**s**', '~~d~~', '[l](x)', '<b>', '&amp;', ':abbr', 'a:b', 'www.x.com', 'http://x', 'a@b.co', '$x$', '\\|', '\\', '!', '{a}', 'x\ty', 'é'];

function cell(random: () => number): string {
  const parts: string[] = [];
  const n = Math.floor(random() * 4);
  for (let i = 0; i < n; i++) {
    const r = random();
    const from = r < 0.8 ? PLAIN : r < 0.97 ? CODE : SPECIAL;
    parts.push(from[Math.floor(random() * from.length)]!);
  }
  return parts.join(random() < 0.5 ? ' ' : '');
}

function table(random: () => number): string {
  const columns = 1 + Math.floor(random() * 4);
  const row = (count = columns) => `|${Array.from({ length: count }, () => cell(random)).join('|')}|`;
  const delimiters = [':-:', ':--', '--:', '---', ' - ', '-'];
  const lines = [row(), `|${Array.from({ length: columns }, () => delimiters[Math.floor(random() * delimiters.length)]).join('|')}|`];
  const rows = 1 + Math.floor(random() * 6);
  for (let i = 0; i < rows; i++) lines.push(random() < 0.05 ? row(columns + 1) : random() < 0.03 ? `${row()} ` : row());
  return lines.join('\n') + (random() < 0.7 ? '\n' : '');
}

test('on 3,000 random tables, every tree the fast path makes is the parser\'s, and both paths are taken', () => {
  const { fast, left } = fastPathCases(18, 3000, table, (text) => {
    const tree = plainTable(text);
    if (tree === undefined) return false;
    assert.deepEqual(tree, parsed(text), JSON.stringify(text));
    return true;
  });
  assert.ok(fast > 400 && left > 400, `fast ${fast}, left to the parser ${left}`);
});

test('what is not plain is left to the parser', () => {
  const head = '| a | b |\n|---|---|\n';
  for (const row of ['| *x* | y |', '| :abbr | y |', '| www.x.com | y |', '| http://x | y |', '| a@b.co | y |', '| \\| | y |', '| $x$ | y |', '| <b> | y |', '| &amp; | y |', '| `a``b` | y |', '| x | y | z |', '| x |', '| x | y | ', 'x | y', '| x | y |\nA paragraph after.']) {
    assert.equal(plainTable(head + row + '\n'), undefined, row);
  }
  assert.equal(plainTable('| a |\n| b |\n'), undefined, 'no delimiter row');
  assert.ok(plainTable(head + '| x | `y` |\n'));
});

test('a long plain table is made directly, in one piece, with the same tree', () => {
  const body = '## Rows\n\n| id | note |\n|---|---|\n' + Array.from({ length: 20_000 }, (_, r) => `| ${r} | row \`${r}\` of the table |`).join('\n') + '\n\nAfter the table.\n';
  const pieces = splitForParsing(body)!;
  assert.ok(pieces.some((p) => p.blocks.some((b) => b.node.type === 'table' && b.lines === 20_002)), 'the table is one plain block');
  let parsedChars = 0;
  const joined = parseLarge(body, (text) => {
    parsedChars += text.length;
    return processor.parse(text);
  });
  assert.ok(parsedChars < 100, `characters parsed: ${parsedChars}`);
  assert.deepEqual(JSON.parse(JSON.stringify(joined)), JSON.parse(JSON.stringify(processor.parse(body))));
});

test('a long table with cells that are not plain is cut every 50 rows, and its plain pieces are made directly', () => {
  const rows = Array.from({ length: 2_000 }, (_, r) => (r === 10 ? '| 10 | *emphasis* |' : `| ${r} | row \`${r}\` |`));
  const body = 'Intro.\n\n| id | note |\n|---|---|\n' + rows.join('\n') + '\n\nAfter the table.\n';
  const pieces = splitForParsing(body, undefined, true)!;
  assert.ok(pieces.filter((p) => p.continuesTable).length >= 39, `pieces: ${pieces.length}`);
  let calls = 0;
  const joined = parseLarge(body, (text) => {
    calls++;
    return processor.parse(text);
  }, { from: 0 });
  assert.ok(calls <= 3, `parser calls: ${calls}`);
  assert.deepEqual(JSON.parse(JSON.stringify(joined)), JSON.parse(JSON.stringify(processor.parse(body))));
});
