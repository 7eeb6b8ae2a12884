/**
 * The fast paths for paragraphs and lists of plain text (src/pipeline/compile/fast-parse/plain-inline.ts):
 * whenever one makes a tree, it is the tree micromark makes for the block, positions included;
 * anything else is left to the parser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainList, plainParagraph } from '../../src/pipeline/compile/fast-parse/plain-inline.ts';
import { markdownProcessor } from '../../src/pipeline/compile/index.ts';
import { fastPathCases, pick } from '../helpers/seeded.ts';

const processor = markdownProcessor();
const json = (value: unknown) => JSON.parse(JSON.stringify(value));

const PLAIN = ['Time-series', 'data', 'arrives', 'in', 'order,', 'most', 'of the time.', '10', '(see', 'below)', "it's", '"quoted"', '50%', 'a+b=c', 'x/y', '#3', 'why?', 'Note:', 'now!', 'C#', 'HTTP', 'https', 'www', 'wwwx', 'naïve', '→', 'é'];
const INLINE = ['`http://localhost:9000`', '`a@b.co`', '`www.x.com`', '**www.x.com**', '[www.x.com](x)', '**Sizes.**', '**Why?**', 'HTTP:', 'HTTPS: x', '`code`', '`a_b`', '`x:y`', '`<b>`', '`https`', '**bold**', '**two words**', '[a link](page.md)', '[link](#anchor-1)', '[x](../a/b.md#c)', '[`key.name`](#key.name)', '(**in parens**)', '**b**.', '**b**,'];
const SPECIAL = ['*em*', '_u_', '__s__', '**b**c', 'a**b**', '** x**', '**x **', '**é**', 'é**b**', '**b**é', '~~d~~', '[l]', '[l](a b)', '[l](<x>)', '[](x)', '[`a` b](x)', '[``](x)', '![i](x.png)', '<b>', '&amp;', 'a\\*', ':abbr', '10:30', 'a:b', 'www.x.com', 'http://x', 'HTTPS:x', 'a@b.co', 'mailto:a', '$x$', '|', '`a', '``b``', '`x `', '[^1]', '{a}', '\u00a0', '\u2003', '\t'];

function phrase(random: () => number, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    const r = random();
    parts.push(pick(random, r < 0.7 ? PLAIN : r < 0.95 ? INLINE : SPECIAL));
  }
  return parts.join(random() < 0.9 ? ' ' : '');
}

test('on 3,000 random paragraphs, every tree the fast path makes is the parser\'s, and both paths are taken', () => {
  const paragraph = (random: () => number) =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const line = phrase(random, 1 + Math.floor(random() * 8));
      const r = random();
      return r < 0.03 ? `${line} ` : r < 0.06 ? ` ${line}` : r < 0.08 ? `1. ${line}` : r < 0.1 ? `- ${line}` : r < 0.11 ? '===' : r < 0.12 ? `\`\`\`${line}` : r < 0.13 ? `# ${line}` : r < 0.14 ? `> ${line}` : r < 0.15 ? `<div>${line}` : r < 0.16 ? '| - | - |' : line;
    });
  const { fast, left } = fastPathCases(31, 3000, paragraph, (lines) => {
    const tree = plainParagraph(lines);
    if (!tree) return false;
    assert.deepEqual(json(tree.children), json(processor.parse(lines.join('\n')).children), JSON.stringify(lines));
    return true;
  });
  assert.ok(fast > 800 && left > 800, `fast ${fast}, left to the parser ${left}`);
});

test('on 3,000 random lists, every tree the fast path makes is the parser\'s, and both paths are taken', () => {
  const list = (random: () => number) => {
    const items = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const r = random();
      const marker = r < 0.9 ? '- ' : r < 0.93 ? '* ' : r < 0.96 ? '-  ' : '1. ';
      const content = random() < 0.05 ? pick(random, ['[ ] task', '[x] done', '[X]\tdone', '[x](link.md)', '- nested', '2. x', '# h', '> q']) : phrase(random, 1 + Math.floor(random() * 6));
      // Lines that go on the item: indented by two (its paragraph), by three, by four, or not at all (lazy).
      const more = random() < 0.3 ? Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(random, ['  ', '  ', '  ', '   ', '    ', '']) + phrase(random, 1 + Math.floor(random() * 4))) : [];
      return [marker + content, ...more].join('\n');
    });
    return items.join('\n').split('\n');
  };
  const { fast, left } = fastPathCases(32, 3000, list, (lines) => {
    const tree = plainList(lines);
    if (!tree) return false;
    // A blank line and a paragraph after the list: the list stays tight.
    const parsed = processor.parse(lines.join('\n') + '\n\nAfter.\n').children;
    assert.deepEqual(json(tree.children), json(parsed.slice(0, 1)), JSON.stringify(lines));
    return true;
  });
  assert.ok(fast > 400 && left > 800, `fast ${fast}, left to the parser ${left}`);
});

test('what is not plain is left to the parser', () => {
  for (const line of ['*em*', 'a _b_', 'a **b**c', '**b** c ', ' a', 'a\\', '[l][ref]', '[l]', '<https://x>', 'x :abbr[y]', '1. a', '# h', '> q', '| a |', '```', 'a $x$', 'a &amp; b', 'a\u00a0b']) {
    assert.equal(plainParagraph([line]), undefined, line);
  }
  assert.equal(plainParagraph(['a', '  b']), undefined, 'an indented continuation line');
  assert.equal(plainParagraph(['a', '===']), undefined, 'a setext underline');
  assert.equal(plainParagraph(['a', '1. b']), undefined, 'a list that interrupts');
  for (const lines of [['- [ ] task'], ['- [x]\tdone'], ['- a', '* b'], ['- a', '   b'], ['- a', '    b'], ['- a', '  - b'], ['- a', 'b'], ['-  a'], ['- '], ['- a ']]) {
    assert.equal(plainList(lines), undefined, JSON.stringify(lines));
  }
});
