/** remark-gfm-quick gives the tree remark-gfm gives: on autolink edge cases and on every page of the site. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkMath from 'remark-math';
import remarkGfmQuick from '../../src/pipeline/compile/fast-parse/remark-gfm-quick.ts';

const library = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkMath).freeze();
const quick = unified().use(remarkParse).use(remarkGfmQuick).use(remarkDirective).use(remarkMath).freeze();

const EDGE_CASES = [
  'Visit www.questdb.io or https://questdb.io/docs/ (and http://localhost:9000).',
  'Mail a.b+c@example.com, mailto:x@y.org, xmpp:me@chat.example.com/home; not a@b, not x@y.z_',
  '_emphasis with https://a.example/path_ and **strong www.example.com.** and `code https://x.y`',
  '[a link https://inside.example](https://target.example) then https://after.example',
  '[ref www.inside.example][r] and www.outside.example\n\n[r]: https://r.example',
  'HTTP and WWW in capitals, HTTPS://UPPER.EXAMPLE/Path, Www.Mixed.Example.',
  'Trailing punctuation: (https://p.example/a_(b)) and https://q.example/x). and www.e.com?!',
  '| a | b |\n|---|---|\n| https://cell.example | x@y.org |\n| www.c.example | plain |',
  '- list https://l.example\n  - nested www.n.example\n\n> quote user@host.example\n\n:::note\nIn a directive https://d.example\n:::',
  'Line one https://a.example\\\nline two www.b.example  \nline three c@d.example',
  'No link here: http:/x, www., @, http://, a@, 1.2.3.4, foo@bar',
  '![image https://img.example](x.png) and :text[directive www.t.example]{#id}',
  // Without @, www or http the document is parsed without those constructs: text runs are cut elsewhere.
  'Hard break at the end  \nnext line\\\nthird line',
  'Trailing spaces   \n\nsnake_case_name, *emph*asis, __strong__ word, 3.14 and a.b.c-d+e',
  'Tabs\tinside\ttext and  double  spaces  \n  indented continuation',
  'A line ending in a space \nthen ~~struck~~ text and `code` and $x$ and :abbr[x]',
  '| plain | table |\n|---|---|\n| w1 | h2 |\n| x | y  |',
  'only www.example.com here',
  'only http://example.com here',
  'only a@b.co here',
  // Tables: the construct is tried only before a line that could be a delimiter row, or after a row.
  '| a | b |\n|---|---|\n| 1 | 2 |\nparagraph after, | not a row',
  'a | b\n--|--\nc | d\ne',
  'para line\n| a | b |\n|---|---|\n| 1 | 2 |',
  '> | q | r |\n> |---|---|\n> | 1 | 2 |\n| lazy | row |',
  '- item\n\n  | x | y |\n  | - | - |\n  | 1 | 2 |\n- | first | line |\n  |:-|-:|\n  | 3 | 4 |',
  '1. | n | m |\n   | - | - |\n2. ---|---',
  '| a |\r\n| - |\r\n| b |\r\n\r\n| c |\r| - |\r| d |',
  '|\ta\t|\tb\t|\n|\t-\t|\t-\t|\n|\t1\t|\t2\t|',
  ':::note\n| a | b |\n|---|---|\n| c | d |\n:::',
  'Heading\n---\n| not | a table |\n| x |\n\n| - |\n| - |\n| - |',
  '\ufeff| a |\n| - |\n| b |',
  '| one |\n| two |\n|---|\n| three |',
];

const strip = (tree: unknown) => JSON.stringify(tree, (k, v) => (k === 'position' ? undefined : v));

test('autolink literals and tables: the same tree as remark-gfm in every edge case', () => {
  for (const text of EDGE_CASES) {
    assert.equal(strip(quick.runSync(quick.parse(text))), strip(library.runSync(library.parse(text))), text);
    assert.equal(JSON.stringify(quick.parse(text)), JSON.stringify(library.parse(text)), `positions: ${text}`);
  }
});

test('every page and fragment of the site parses to the same tree as with remark-gfm', () => {
  const root = join(import.meta.dirname, '../..');
  const files = fg.sync('content/**/*.md', { cwd: root });
  assert.ok(files.length > 200, `pages: ${files.length}`);
  let links = 0;
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const a = JSON.stringify(quick.parse(text));
    assert.equal(a, JSON.stringify(library.parse(text)), file);
    links += a.split('"type":"link"').length - 1;
  }
  assert.ok(links > 100, `the pages hold links to compare (${links})`);
});
