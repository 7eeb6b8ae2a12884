/**
 * The Markdown copy's serialiser: its fast paths for plain text, inline code and tables give
 * what the full serialiser gives, and making the copy leaves the compiled tree as it is.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';

/** A repeatable pseudo-random number below `n` (a linear congruential generator from `seed`). */
function seeded(seed: number): (n: number) => number {
  return (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
}

/** The serialiser, our options, and the same options without our handlers (the serialiser's and GFM's own). */
async function serialisers() {
  const { toMarkdown } = await import('mdast-util-to-markdown');
  const { MARKDOWN_OPTIONS } = await import('../../src/pipeline/markdown/page-markdown.ts');
  const { handlers: _fast, ...slow } = MARKDOWN_OPTIONS;
  return { toMarkdown, MARKDOWN_OPTIONS, slow };
}

describe('the fast path of the serialiser for plain text', () => {
  test('gives what the full escaping gives, for random text in every kind of place', async () => {
    const { toMarkdown, MARKDOWN_OPTIONS, slow } = await serialisers();
    const alphabet = 'abw W19 .-+=:;,?!()[]{}*_`~#>|<&@$\\\'"\n\t/   01';
    const rand = seeded(42);
    const wrap = (t: object) => [
      { type: 'paragraph', children: [t] },
      { type: 'paragraph', children: [{ type: 'strong', children: [t] }, t] },
      { type: 'heading', depth: 2, children: [t] },
      { type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [t] }] }] },
      { type: 'table', align: [null], children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [t] }] }] },
      { type: 'paragraph', children: [{ type: 'link', url: 'https://x.example/', children: [t] }, { type: 'inlineCode', value: 'c' }, t] },
      // Neighbours that put a line ending, punctuation or a word on either side of the text.
      { type: 'paragraph', children: [t, { type: 'break' }, t, { type: 'break' }] },
      { type: 'paragraph', children: [{ type: 'inlineCode', value: 'a' }, t, { type: 'emphasis', children: [t] }, t, { type: 'inlineCode', value: 'b' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'w' }, t, { type: 'text', value: '1' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'W' }, t, { type: 'text', value: '2' }, t, { type: 'text', value: 'p' }, t] },
      // A colon at the end of text, then a neighbour's '/' (GFM's autolink literal `http:/`).
      { type: 'paragraph', children: [{ type: 'text', value: 'p' }, t, { type: 'text', value: '/x' }, { type: 'strong', children: [t] }, { type: 'text', value: '/' }] },
      { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: 'x' }] }, t] }] },
      { type: 'list', ordered: true, start: 1, children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [t] }, { type: 'paragraph', children: [{ type: 'delete', children: [t] }, t] }] }] },
    ];
    // Also text over several lines, most of them plain, as a paragraph's soft line breaks give.
    const words = ['ab', 'W', 'w', 'x y', '1', '.', ':', ',', ' ', 'p', 's:', 'ps', '-', '*', '#', '_', '2.', 'c '];
    const lines = () => Array.from({ length: 2 + rand(4) }, () => Array.from({ length: 1 + rand(3) }, () => words[rand(words.length)]).join(rand(3) ? '' : ' ')).join('\n');
    let checked = 0;
    for (let i = 0; i < 6000; i++) {
      const value = i % 3 === 2 ? lines() : Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join('');
      for (const node of wrap({ type: 'text', value })) {
        const root = { type: 'root', children: [node] } as never;
        assert.equal(toMarkdown(root, MARKDOWN_OPTIONS), toMarkdown(root, slow), JSON.stringify(value));
        checked++;
      }
    }
    assert.ok(checked > 60_000);
  });

  test('the peek at text\'s first character is the first character text is written with', async () => {
    const { toMarkdown, MARKDOWN_OPTIONS } = await serialisers();
    const { text } = await import('../../src/pipeline/markdown/quick-handlers.ts');
    const alphabet = 'abW1.:,; \n\r\t#*_-+=<>[]!&|~$@\\`';
    const rand = seeded(11);
    let peeked = 0;
    // A handler that records, for text, what the peek says and what the full handler writes in the same place.
    const check = (node: never, parent: never, state: never, info: never) => {
      const full = (text as (...a: unknown[]) => string)(node, parent, state, { ...(info as object), before: '', after: '' });
      const first = full.codePointAt(0) === undefined ? '' : String.fromCodePoint(full.codePointAt(0)!);
      assert.equal((text as unknown as { peek: (...a: unknown[]) => string }).peek(node, parent, state, { ...(info as object), before: '', after: '' }), first, JSON.stringify((node as { value: string }).value));
      peeked++;
      return (text as (...a: unknown[]) => string)(node, parent, state, info);
    };
    for (let i = 0; i < 3000; i++) {
      const t = { type: 'text', value: Array.from({ length: 1 + rand(5) }, () => alphabet[rand(alphabet.length)]).join('') };
      for (const node of [
        { type: 'paragraph', children: [t] },
        { type: 'heading', depth: 2, children: [t] },
        { type: 'table', align: [null], children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [t] }] }] },
        { type: 'paragraph', children: [{ type: 'link', url: 'https://x.example/', children: [t] }] },
      ]) toMarkdown({ type: 'root', children: [node] } as never, { ...MARKDOWN_OPTIONS, handlers: { ...MARKDOWN_OPTIONS.handlers, text: check as never } });
    }
    assert.ok(peeked >= 9_000, `${peeked} peeks`);
  });
});

describe('the fast paths for inline code and tables', () => {
  test('give what GFM\'s handlers give, for random code and random tables', async () => {
    const { toMarkdown, MARKDOWN_OPTIONS, slow } = await serialisers();
    const alphabet = 'abw W19 .-+=:;,?!()[]{}*_`~#>|<&@$\\\'"\n\r\t/   01';
    const rand = seeded(7);
    const str = (max: number) => Array.from({ length: rand(max + 1) }, () => alphabet[rand(alphabet.length)]).join('');
    const piece = (): object => {
      const r = rand(10);
      if (r < 4) return { type: 'text', value: str(6) };
      if (r < 8) return { type: 'inlineCode', value: str(5) };
      if (r < 9) return { type: 'text', value: 'plain words' };
      return { type: 'emphasis', children: [{ type: 'text', value: 'em' }] };
    };
    let checked = 0;
    let quick = 0;
    for (let i = 0; i < 3000; i++) {
      const code = { type: 'inlineCode', value: str(8) };
      const columns = 1 + rand(3);
      const rows = Array.from({ length: 1 + rand(3) }, () => ({
        type: 'tableRow',
        children: Array.from({ length: rand(4) === 0 ? columns - 1 : columns }, () => ({ type: 'tableCell', children: Array.from({ length: rand(4) }, piece) })),
      }));
      const align = rand(3) === 0 ? null : Array.from({ length: columns }, () => [null, 'left', 'right', 'center'][rand(4)]);
      const trees = [
        { type: 'paragraph', children: [{ type: 'text', value: 'a' }, code, { type: 'text', value: str(3) }] },
        { type: 'heading', depth: 3, children: [code] },
        { type: 'table', align, children: rows },
        { type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: [{ type: 'table', align, children: rows }, { type: 'paragraph', children: [code] }] }] },
      ];
      for (const node of trees) {
        const root = { type: 'root', children: [node] } as never;
        const fast = toMarkdown(root, MARKDOWN_OPTIONS);
        assert.equal(fast, toMarkdown(root, slow), JSON.stringify(node));
        checked++;
      }
      if (rows.every((r) => r.children.every((c) => c.children.every((p) => (p as { type: string }).type !== 'emphasis')))) quick++;
    }
    assert.ok(checked >= 12_000 && quick > 500, `${checked} trees, ${quick} tables that may take the fast path`);
  });

  test('give the same Markdown copy for every page of the site and of the fixture', async () => {
    const { MARKDOWN_OPTIONS } = await import('../../src/pipeline/markdown/page-markdown.ts');
    const { buildAll } = await import('../../src/pipeline/build.ts');
    const { FIXTURES } = await import('../helpers/fixture.ts');
    const copies = async (root: string) => {
      const result = await buildAll({ root, write: false, jobs: 1 });
      return new Map(result.outputs.filter((f) => f.path.endsWith('.md') && 'contents' in f).map((f) => [f.path, String((f as { contents: string }).contents)]));
    };
    const handlers = MARKDOWN_OPTIONS.handlers;
    for (const root of ['.', `${FIXTURES}site`]) {
      const fast = await copies(root);
      MARKDOWN_OPTIONS.handlers = {};
      let slow: Map<string, string>;
      try {
        slow = await copies(root);
      } finally {
        MARKDOWN_OPTIONS.handlers = handlers;
      }
      assert.ok(fast.size > (root === '.' ? 200 : 4), `${fast.size} copies`);
      if (root === '.') assert.ok([...fast.values()].some((md) => /^\|.*`.*\|$/m.test(md)), 'some table of the site holds inline code');
      for (const [path, md] of fast) assert.equal(md, slow.get(path), path);
    }
  });
});

test('the copy leaves the compiled tree as it is: on every page of the site, the hast is made from the tree as the plugins left it', async () => {
  // compilePage writes the copy before converting the tree to hast (so the tree can go before
  // the rehype plugins); a copy that changed the tree would change the page.
  const { loadSite } = await import('../../src/pipeline/load/index.ts');
  const { compileContextData, compileContextFrom } = await import('../../src/pipeline/compile/make-context.ts');
  const { compilePage } = await import('../../src/pipeline/compile/compile-page.ts');
  const { markdownProcessor } = await import('../../src/pipeline/compile/index.ts');
  const site = await loadSite(join(import.meta.dirname, '../..'));
  const context = compileContextFrom(compileContextData(site));
  const base = markdownProcessor();
  let snapshot = '';
  const changed: string[] = [];
  let file = '';
  const watched: typeof base = {
    parse: (text) => base.parse(text),
    runMdast: (tree, f) => {
      const out = base.runMdast(tree, f);
      snapshot = JSON.stringify(out);
      return out;
    },
    toHast: (tree, f) => {
      if (JSON.stringify(tree) !== snapshot) changed.push(file);
      return base.toHast(tree, f);
    },
    runHast: (tree, f) => base.runHast(tree, f),
  };
  let copies = 0;
  for (const page of site.pages) {
    file = page.file;
    if (compilePage(watched, page, context).markdown !== '') copies++;
  }
  assert.deepEqual(changed, []);
  assert.ok(copies > 200, `copies: ${copies}`);
});
