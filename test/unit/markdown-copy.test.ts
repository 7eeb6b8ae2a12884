/**
 * The Markdown copy of every page (`<route>/index.md`), llms.txt and the llms-full.txt
 * files, asserted on the fixture site's build and on the serialiser directly.
 */
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { buildAll } from '../../src/pipeline/build.ts';
import { buildFixture, type BuiltFixture } from '../helpers/fixture.ts';
import { absoluteUrl } from '../../src/pipeline/markdown/plain-mdast.ts';
import { llmsSections, sectionSlug, writeLlmsFiles, type LlmsSection } from '../../src/pipeline/markdown/llms.ts';
import { writeLlmsInto } from '../../src/pipeline/markdown/llms-output.ts';
import { markdownOutputPath } from '../../src/pipeline/markdown/paths.ts';
import { collidingOutput } from '../../src/pipeline/policy/paths.ts';
import { FALLBACK_RELEASE } from '../../src/pipeline/load/load-data.ts';
import { CONTENT_LANGUAGE_LEFTOVERS } from '../helpers/content-language.ts';

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


let site: BuiltFixture;
let md: string;
before(async () => {
  site = await buildFixture('site');
  md = site.files.get('concept/constructs/index.md')!;
});

describe('the Markdown copy of a page', () => {
  test('every routed page has one beside its HTML, and nothing of the content language is left in any', () => {
    const pages = [...site.files.keys()].filter((k) => k.endsWith('index.html') && k !== 'search/index.html' && k !== 'offline/index.html');
    assert.ok(pages.length >= 4);
    for (const html of pages) {
      const copy = site.files.get(html.replace(/index\.html$/, 'index.md'));
      assert.ok(copy, `no index.md beside ${html}`);
      for (const re of CONTENT_LANGUAGE_LEFTOVERS) assert.doesNotMatch(copy, re, `${html}: ${re}`);
    }
    assert.equal(site.files.has('404.md') || site.files.has('search/index.md') || site.files.has('offline/index.md'), false, 'only pages get a copy');
  });

  test('starts with the title and the description', () => {
    assert.match(md, /^# Every construct\n\nA page that uses every construct of the content language.\n\nRelease 8\.3\.3 was published on 2025-05-30\.\n/);
  });

  test('admonitions are blockquotes that keep their kind and title', () => {
    assert.match(md, /\n> \*\*Note:\*\* A plain note\.\n/);
    assert.match(md, /\n> \*\*Tip: Custom tip title\*\*\n>\n> A tip with a title\.\n/);
    assert.match(md, /\n> \*\*Warning: Careful\*\*\n>\n> Warning body\.\n/);
    assert.match(md, /\n> \*\*Danger:\*\* Danger body\.\n/);
  });

  test('tabs become one #### section per tab; examples are inlined with their code', () => {
    assert.match(md, /## Tabs\n\n#### Python\n\nPython panel text\.\n\n#### Go\n\nGo panel text\.\n/);
    assert.match(md, /#### Go\n\nUses the Go client\.\n\n```go\nconf := "http::addr=localhost:9000;"\n```/);
    assert.doesNotMatch(md, /\{\{host\}\}/);
  });

  test('includes are inlined, config tables are Markdown tables', () => {
    assert.match(md, /Shared fragment text with a \[link\]\(https:\/\/questdb\.com\/docs\/concept\/links\/\)\.\n\nNested fragment text\./);
    assert.match(md, /\| Property \| Default \| Type \| Description \|\n\| - \| - \| - \| - \|\n\| `http\.enabled` \| `true` \| boolean \| Turns the HTTP server \*\*on\*\* or off\. \|/);
  });

  test('code keeps its language and title; railroad is EBNF, mermaid its source, maths in dollars', () => {
    assert.match(md, /```sql title="Hourly volume"\nSELECT timestamp, sum\(amount\)\nFROM trades\nSAMPLE BY 1h;\n```/);
    assert.match(md, /```bash\necho "8\.3\.3"\n```/);
    assert.match(md, /```ebnf\nsampleBy ::= 'SAMPLE' 'BY' n unit \( 'FILL' '\(' fillOption '\)' \)\?\n```/);
    assert.match(md, /```mermaid\nflowchart LR\n {2}A --> B\n```/);
    assert.match(md, /Inline \$x\^2\$ and a block:\n\n\$\$\n\\sum_\{i=1\}\^\{n\} i\n\$\$/);
  });

  test('links and images are absolute, anchors kept; raw HTML stays text', () => {
    assert.match(md, /\[the admonitions\]\(https:\/\/questdb\.com\/docs\/concept\/constructs\/#admonitions\)/);
    assert.match(md, /!\[A one-pixel image\]\(https:\/\/questdb\.com\/docs\/images\/pixel\.png\)/);
    assert.match(md, /\\<div class="raw">hello\\<\/div>/);
    assert.doesNotMatch(md, /\]\(\/docs\//);
  });

  test('absolute URLs: root-relative, fragment, relative and external; a refused (empty) URL has none', () => {
    const at = { pageUrl: 'https://questdb.com/docs/a/b/', origin: 'https://questdb.com' };
    assert.equal(absoluteUrl('/docs/x/#y', at), 'https://questdb.com/docs/x/#y');
    assert.equal(absoluteUrl('#y', at), 'https://questdb.com/docs/a/b/#y');
    assert.equal(absoluteUrl('../c/', at), 'https://questdb.com/docs/a/c/');
    assert.equal(absoluteUrl('https://example.com/z', at), 'https://example.com/z');
    assert.equal(absoluteUrl('', at), undefined);
  });
});

describe('llms.txt and llms-full.txt', () => {
  test('llms.txt: title, summary, paragraph, a section per sidebar category with .md links, and the full-text files with sizes', () => {
    const txt = site.files.get('llms.txt')!;
    assert.match(txt, /^# QuestDB\n\n> [^\n]+\n\n[^\n#>]+\n\n## /);
    assert.match(txt, /\n- \[Every construct\]\(https:\/\/questdb\.com\/docs\/concept\/constructs\/index\.md\): A page that uses every construct of the content language\.\n/);
    assert.match(txt, /\n## Full text\n\n- \[All pages\]\(https:\/\/questdb\.com\/docs\/llms-full\.txt\): [^\n]*\d+ KB\n/);
    const sectionFiles = [...txt.matchAll(/\((https:\/\/questdb\.com\/docs\/([a-z0-9-]+\/llms-full\.txt))\)/g)].map((m) => m[2]!);
    assert.ok(sectionFiles.length > 0);
    for (const path of sectionFiles) assert.ok(site.files.has(path), `${path} listed but not built`);
  });

  test('llms-full.txt holds every listed page in order, each starting with its URL; noindex pages are left out', () => {
    const full = site.files.get('llms-full.txt')!;
    const txt = site.files.get('llms.txt')!;
    const listed = [...txt.matchAll(/\]\(https:\/\/questdb\.com(\/docs\/[^)]*)index\.md\)/g)].map((m) => m[1]!);
    const sources = [...full.matchAll(/^Source: https:\/\/questdb\.com(\/docs\/\S*)$/gm)].map((m) => m[1]!);
    assert.deepEqual(sources, listed);
    assert.ok(full.includes(md), 'the page copy appears whole');
    const noindex = site.result.compiled.filter((c) => c.source.frontMatter.noindex).map((c) => c.source.route);
    for (const route of noindex) assert.ok(!sources.includes(route), `${route} is noindex`);
  });

  test('a build that writes makes the same llms files (in a worker thread, from the copies it wrote) as one kept in memory', async () => {
    const out = await mkdtemp(join(tmpdir(), 'qdb-llms-'));
    try {
      const lines: string[] = [];
      // jobs: 2 as on a large site: the pages and the llms files are made in worker threads.
      await buildAll({ root: site.result.site.root, outDir: out, log: (l) => lines.push(l), jobs: 2 });
      assert.ok(!lines.some((l) => l.includes('llms files')), lines.join('\n'));
      const llms = [...site.files.keys()].filter((p) => p === 'llms.txt' || p.endsWith('llms-full.txt'));
      assert.ok(llms.length >= 3, llms.join(', '));
      for (const path of llms) assert.equal(await readFile(join(out, path), 'utf8'), site.files.get(path), path);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  test('sections: slugs, noindex and unknown pages dropped, the top-level pages only in the whole-site file', async () => {
    assert.equal(sectionSlug('Query & SQL'), 'query-and-sql');
    assert.equal(sectionSlug('Third-party tools'), 'third-party-tools');
    const pages = new Map([
      ['/docs/', { route: '/docs/', title: 'Home', description: 'Start' }],
      ['/docs/a/', { route: '/docs/a/', title: 'A [x]', description: 'About\nA' }],
      ['/docs/b/', { route: '/docs/b/', title: 'B', description: '', noindex: true }],
      ['/docs/c/', { route: '/docs/c/', title: 'C', description: '' }],
    ]);
    const sections = llmsSections(
      [
        { label: 'Documentation', pages: [{ label: 'Home', route: '/docs/' }] },
        { label: 'Query & SQL', pages: [{ label: 'A', route: '/docs/a/' }, { label: 'B', route: '/docs/b/' }, { label: 'Gone', route: '/docs/gone/' }, { label: 'C', route: '/docs/c/' }] },
      ],
      pages,
    );
    assert.deepEqual(sections.map((s) => [s.label, s.fullTextPath, s.pages.map((p) => p.route)]), [
      ['Documentation', undefined, ['/docs/'] as string[]],
      ['Query & SQL', 'query-and-sql/llms-full.txt', ['/docs/a/', '/docs/c/']],
    ]);
    const written = new Map<string, string>();
    const { sizes } = await writeLlmsFiles({
      sections,
      origin: 'https://example.com',
      basePath: '/docs/',
      tagline: 'A database.',
      release: FALLBACK_RELEASE,
      // Not ASCII: a section's file is a range of bytes of the whole-site file.
      read: async (route) => `# page ${route} — ü\n`,
      write: async (path, pieces) => {
        let text = '';
        for await (const p of pieces) text += p;
        written.set(path, text);
        return Buffer.byteLength(text);
      },
      copy: async (from, start, end, to) => {
        written.set(to, Buffer.from(written.get(from)!).subarray(start, end).toString());
        return end - start;
      },
    });
    assert.equal(written.get('query-and-sql/llms-full.txt'), 'Source: https://example.com/docs/a/\n\n# page /docs/a/ — ü\n\n---\n\nSource: https://example.com/docs/c/\n\n# page /docs/c/ — ü\n');
    assert.equal(
      written.get('llms-full.txt'),
      'Source: https://example.com/docs/\n\n# page /docs/ — ü\n\n---\n\nSource: https://example.com/docs/a/\n\n# page /docs/a/ — ü\n\n---\n\nSource: https://example.com/docs/c/\n\n# page /docs/c/ — ü\n',
    );
    assert.match(written.get('llms.txt')!, /\n- \[A \\\[x\\\]\]\(https:\/\/example\.com\/docs\/a\/index\.md\): About A\n/);
    assert.equal(sizes.get('llms-full.txt'), Buffer.byteLength(written.get('llms-full.txt')!));
  });

  test('over its previous files, an unchanged page\'s text is copied from the old llms-full.txt by its key; the files equal ones made whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qdb-llms-'));
    try {
      const routes = ['/docs/', '/docs/a/', '/docs/b/', '/docs/c/', '/docs/d/', '/docs/e/'];
      const copy = (out: string, route: string) => join(out, markdownOutputPath(route));
      const page = (keys: string[], i: number) => ({ route: routes[i]!, title: routes[i]!, description: '', key: keys[i] });
      const sectionsWith = (keys: string[]): LlmsSection[] => [
        { label: 'Documentation', pages: [page(keys, 0)] },
        { label: 'Query & SQL', fullTextPath: 'query-and-sql/llms-full.txt', pages: [1, 2, 3, 4].map((i) => page(keys, i)) },
        { label: 'Operations', fullTextPath: 'operations/llms-full.txt', pages: [page(keys, 5)] },
      ];
      const content = (keys: string[]) => ({ sections: sectionsWith(keys), origin: 'https://example.com', basePath: '/docs/', tagline: 'A database.', release: FALLBACK_RELEASE });
      const out = join(dir, 'out');
      for (const route of routes) {
        await mkdir(join(copy(out, route), '..'), { recursive: true });
        await writeFile(copy(out, route), `# ${route} — ü\n`);
      }
      const first = await writeLlmsInto(out, content(['k0', 'k1', 'k2', 'k3', 'k4', 'k5']));
      // b is edited (a new key); d's copy is changed by hand under its old key, so only a copy of the old text can show the old text.
      await writeFile(copy(out, '/docs/b/'), '# b, edited\n');
      await writeFile(copy(out, '/docs/d/'), '# d, not read again\n');
      const keys = ['k0', 'k1', 'k2-new', 'k3', 'k4', 'k5'];
      const second = await writeLlmsInto(out, { ...content(keys), previous: first.layout });
      const full = await readFile(join(out, 'llms-full.txt'), 'utf8');
      assert.match(full, /# b, edited\n/);
      assert.match(full, /# \/docs\/d\/ — ü\n/);
      assert.doesNotMatch(full, /not read again/);
      // The same bytes as writing the files whole from copies that hold what the pages' keys stand for.
      await writeFile(copy(out, '/docs/d/'), '# /docs/d/ — ü\n');
      const fresh = join(dir, 'fresh');
      for (const route of routes) {
        await mkdir(join(copy(fresh, route), '..'), { recursive: true });
        await writeFile(copy(fresh, route), await readFile(copy(out, route)));
      }
      await writeLlmsInto(fresh, content(keys));
      for (const file of ['llms-full.txt', 'query-and-sql/llms-full.txt', 'operations/llms-full.txt', 'llms.txt']) assert.equal(await readFile(join(out, file), 'utf8'), await readFile(join(fresh, file), 'utf8'), file);
      // A section file whose pages' keys are all as before is left as it is; one with a changed page is written again.
      await writeFile(join(out, 'operations/llms-full.txt'), 'left in place');
      await writeFile(join(out, 'query-and-sql/llms-full.txt'), 'written again');
      await writeLlmsInto(out, { ...content(['k0', 'k1', 'k2-newer', 'k3', 'k4', 'k5']), previous: second.layout });
      assert.equal(await readFile(join(out, 'operations/llms-full.txt'), 'utf8'), 'left in place');
      assert.notEqual(await readFile(join(out, 'query-and-sql/llms-full.txt'), 'utf8'), 'written again');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a page cannot take the place of a Markdown copy or an llms-full.txt file', () => {
    assert.match(collidingOutput('concept/x/index.md/index.html')!, /Markdown copy/);
    assert.match(collidingOutput('guides/llms-full.txt/index.html')!, /llms-full/);
    assert.match(collidingOutput('llms.txt/index.html')!, /llms\.txt/);
    assert.equal(collidingOutput('concept/index-md/index.html'), undefined);
  });
});

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
