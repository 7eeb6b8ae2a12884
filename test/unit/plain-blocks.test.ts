/**
 * The fast paths for fenced code blocks and headings (src/pipeline/compile/fast-parse/plain-blocks.ts):
 * whenever one makes a tree, it is the tree micromark makes for the block, positions included;
 * anything else is left to the parser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closingFenceLine, plainCode, plainHeading } from '../../src/pipeline/compile/fast-parse/plain-blocks.ts';
import { markdownProcessor } from '../../src/pipeline/compile/index.ts';
import { fastPathCases, pick } from '../helpers/seeded.ts';

const processor = markdownProcessor();
const parsed = (text: string) => JSON.parse(JSON.stringify(processor.parse(text).children));
const made = (tree: { children: unknown[] }) => JSON.parse(JSON.stringify(tree.children));

const FENCES = ['```', '```', '````', '~~~', '~~~~'];
const INFOS = ['', '', 'sql', 'java', 'js title="a.js"', 'bash  x', ' sql', 'a`b', 'a\\b', 'a&amp;', 'x\ty', 'sql ', 'c++', 'questdb-sql title="Q" demo'];
const CONTENT = ['SELECT 1;', '', '  indented', '\tTab', '# not a heading', '```', '~~~', '````', '  ```', '    ```', '``` x', '```   ', ':::note', '$$', '<!-- x', '| a | b |', 'x\ry', 'a\0b', '&amp; *b* [l](x)', '\u00a0'];

function codeBlock(random: () => number): string[] {
  const fence = pick(random, FENCES);
  const lines = [fence + pick(random, INFOS)];
  const n = Math.floor(random() * 5);
  for (let i = 0; i < n; i++) lines.push(pick(random, CONTENT));
  const r = random();
  lines.push(r < 0.8 ? fence : r < 0.9 ? fence + '`' : `${fence} `);
  return lines;
}

test('on 3,000 random fenced code blocks, every tree the fast path makes is the parser\'s, and both paths are taken', () => {
  const { fast, left } = fastPathCases(26, 3000, codeBlock, (lines) => {
    const tree = plainCode(lines);
    if (!tree) return false;
    assert.deepEqual(made(tree), parsed(lines.join('\n')), JSON.stringify(lines));
    // The block ends where CommonMark ends it.
    assert.equal(closingFenceLine(lines, 0), lines.length - 1, JSON.stringify(lines));
    return true;
  });
  assert.ok(fast > 800 && left > 800, `fast ${fast}, left to the parser ${left}`);
});

const WORDS = ['Section', '1', 'of', 'part', '0', '`code`', '`a_b`', '`x:y`', '`<b>`', "it's", 'C#', '(x)', 'a-b', '**b**', '[`k`](#k)', 'é', '*e*', '_u_', '[l](x)', 'www.x.com', 'a@b.co', ':abbr', '{#id}', '$x$', '&amp;', '\\#', '`a', '``b``', '#', ' '];

test('on 3,000 random headings, every tree the fast path makes is the parser\'s, and both paths are taken', () => {
  const heading = (random: () => number) => {
    const words = Array.from({ length: Math.floor(random() * 5) }, () => (random() < 0.75 ? pick(random, WORDS.slice(0, 11)) : pick(random, WORDS)));
    const marks = '#'.repeat(1 + Math.floor(random() * (random() < 0.1 ? 7 : 6)));
    return marks + (random() < 0.9 ? ' ' : random() < 0.5 ? '  ' : '') + words.join(random() < 0.8 ? ' ' : '');
  };
  const { fast, left } = fastPathCases(27, 3000, heading, (line) => {
    const tree = plainHeading(line);
    if (!tree) return false;
    assert.deepEqual(made(tree), parsed(line), JSON.stringify(line));
    return true;
  });
  assert.ok(fast > 800 && left > 800, `fast ${fast}, left to the parser ${left}`);
});

test('what is not simple is left to the parser', () => {
  for (const lines of [['```'], ['```', 'x'], ['  ```', 'x', '```'], ['```', 'x', '````'], ['```a`b', '```'], ['```\\x', '```'], ['```sql ', '```'], ['```', '```', 'x', '```'], ['```', 'a\rb', '```'], ['~~~', '~~~~ ']]) {
    assert.equal(plainCode(lines), undefined, JSON.stringify(lines));
  }
  for (const line of ['#', '##', '####### x', '#x', '##  x', '## x #', '## x ', '## *x*', '## x {#id}', '## http://x', '## a_b']) {
    assert.equal(plainHeading(line), undefined, line);
  }
  assert.equal(closingFenceLine(['```', 'x'], 0), -1, 'an unclosed fence runs to the end');
  assert.equal(closingFenceLine(['```a`b', '```'], 0), -1, 'not a fence');
  assert.equal(closingFenceLine(['~~~', '```', '  ~~~~  ', '~~~'], 0), 2);
});
