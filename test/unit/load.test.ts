/** Stage 1: front matter validation, routes, and the example catalogue's rules. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import matter from 'gray-matter';
import { parseFrontMatter, splitFrontMatter } from '../../src/pipeline/load/front-matter.ts';
import { routeFor, isRoutedPage, isHiddenPage, outputPathForRoute } from '../../src/pipeline/load/routes.ts';
import { parseExample, fillPlaceholders } from '../../src/pipeline/load/load-examples.ts';

const fm = (yaml: string, body = '\nBody.\n') => parseFrontMatter(`---\n${yaml}\n---\n${body}`, 'content/docs/x.md');

describe('front matter', () => {
  test('a complete block is accepted; keywords may be a list or a comma string', () => {
    const a = fm('title: T\ndescription: D\nkeywords: [a, b]');
    assert.deepEqual(a.frontMatter?.keywords, ['a', 'b']);
    assert.deepEqual(fm('title: T\ndescription: D\nkeywords: [null, true, 8.3]').frontMatter?.keywords, ['null', 'true', '8.3'], 'YAML scalars are keywords too');
    assert.equal(fm('title: T\ndescription: D\nkeywords: [[a], b]').diagnostics[0]?.severity, 'error', 'a list inside keywords is not');
    const b = fm('title: T\ndescription: D\nkeywords: a, b ,c');
    assert.deepEqual(b.frontMatter?.keywords, ['a', 'b', 'c']);
    assert.deepEqual(a.diagnostics, []);
  });
  test('the body keeps its line numbers (front matter becomes blank lines)', () => {
    const r = fm('title: T\ndescription: D', 'Line six.\n');
    assert.equal(r.body.split('\n').indexOf('Line six.') + 1, 5);
  });
  test('missing title or description is an error at its line', () => {
    const r = fm('description: D');
    assert.equal(r.frontMatter, undefined);
    assert.deepEqual(r.diagnostics.map((d) => [d.severity, d.message]), [['error', 'Front matter is missing `title`.']]);
  });
  test('unknown keys are warnings with a did-you-mean', () => {
    const r = fm('title: T\ndescription: D\nsidebar_lable: S');
    assert.ok(r.frontMatter);
    const d = r.diagnostics[0]!;
    assert.equal(d.severity, 'warning');
    assert.equal(d.line, 4);
    assert.match(d.fix!, /Did you mean `sidebar_label`/);
  });
  test('a description over 160 characters is a warning; wrong types are errors', () => {
    assert.equal(fm(`title: T\ndescription: ${'x'.repeat(161)}`).diagnostics[0]?.severity, 'warning');
    assert.equal(fm('title: T\ndescription: D\nnoindex: maybe').diagnostics[0]?.severity, 'error');
    assert.equal(fm('title: [a, b]\ndescription: D').diagnostics[0]?.severity, 'error');
    assert.equal(fm('title: T\ndescription: D\npermalink: no-slash/').diagnostics[0]?.severity, 'error');
  });
  test('a file without front matter is a warning: the title comes from its first heading (which leaves the body), the description from its first paragraph', () => {
    const r = parseFrontMatter('import X from "y"\n\n# Just a heading\n\nThe **first** paragraph, with [a link](x.md) and `code`.\n\n## Later\n', 'x.md');
    assert.deepEqual(r.diagnostics.map((d) => [d.severity, d.line]), [['warning', 1]]);
    assert.equal(r.frontMatter?.title, 'Just a heading');
    assert.equal(r.frontMatter?.description, 'The first paragraph, with a link and code.');
    assert.equal(r.body.split('\n')[2], '', 'the heading line is blanked, so line numbers hold');
    assert.equal(r.body.split('\n').length, 8);
  });
  test('without a heading there is no title to take: still an error; an unclosed block is an error', () => {
    assert.equal(parseFrontMatter('Just text.\n', 'x.md').diagnostics.some((d) => d.severity === 'error'), true);
    assert.equal(parseFrontMatter('---\ntitle: T\n', 'x.md').diagnostics[0]?.severity, 'error');
  });
  test('front matter without a description or title: warnings, derived from the page, long paragraphs cut at a word', () => {
    const long = 'word '.repeat(60).trim();
    const r = fm('sidebar_label: S', `\n# Heading title\n\n${long}\n`);
    assert.deepEqual(r.diagnostics.map((d) => d.severity), ['warning', 'warning']);
    assert.equal(r.frontMatter?.title, 'Heading title');
    assert.ok(r.frontMatter!.description.length <= 160 && r.frontMatter!.description.endsWith('…'));
    const d = fm('title: T', '\n```\n# not a heading\n```\n\n> a quote\n\nReal text.\n');
    assert.equal(d.frontMatter?.description, 'Real text.');
  });
});

describe('front matter split like gray-matter', () => {
  test('splitFrontMatter answers what matter(text, {}) answers, for texts that start with ---', () => {
    const blocks = [
      'title: A\ndescription: B',
      '# only a comment\n\n  # another',
      '',
      '   ',
      '~',
      'just a string',
      'title: "quoted: colon"\nkeywords: [a, b]\ndate: 2024-01-02\nn: 0\nflag: false',
      'nested:\n  a: 1\n  b: [x, {c: d}]',
      'title: A\r\ndescription: B\r',
      'list:\n  - one\n  - two',
      'bad: [unclosed',
      'dup: 1\ndup: 2',
      'tab:\tvalue',
      'anchor: &a x\nref: *a',
    ];
    const closings = ['---', '--- ', '---\t', '----', '---x', '---\r'];
    const afters = ['', '\n', '\r\n', 'Body', '\nBody\n', '\r\nBody', '\n\nTwo blank', '\n---\nagain'];
    let compared = 0;
    for (const block of blocks) {
      for (const close of closings) {
        for (const after of afters) {
          for (const eol of ['\n', '\r\n']) {
            const text = `---${eol}${block}${eol}${close}${after}`;
            let expected: unknown;
            let actual: unknown;
            try {
              const m = matter(text, {});
              expected = { data: m.data, content: m.content };
            } catch (e) {
              expected = { error: (e as Error).message };
            }
            try {
              actual = splitFrontMatter(text);
            } catch (e) {
              actual = { error: (e as Error).message };
            }
            assert.deepEqual(actual, expected, JSON.stringify(text));
            compared++;
          }
        }
      }
    }
    // With no closing line at all, and with a YAML error's place.
    for (const text of ['---\ntitle: A\n', '---\n', '---\r\nbad: [\n---\n']) {
      let expected: unknown;
      try {
        const m = matter(text, {});
        expected = { data: m.data, content: m.content };
      } catch (e) {
        expected = { error: (e as Error).message, mark: (e as { mark?: unknown }).mark };
      }
      let actual: unknown;
      try {
        actual = splitFrontMatter(text);
      } catch (e) {
        actual = { error: (e as Error).message, mark: (e as { mark?: unknown }).mark };
      }
      assert.deepEqual(actual, expected, JSON.stringify(text));
    }
    assert.ok(compared > 1000);
  });
});

describe('routes', () => {
  test('paths, index pages, slugs and permalinks', () => {
    assert.equal(routeFor('concept/ttl', {}), '/docs/concept/ttl/');
    assert.equal(routeFor('guides/index', {}), '/docs/guides/');
    assert.equal(routeFor('introduction', { slug: '/' }), '/docs/');
    assert.equal(routeFor('concept/ttl', { slug: 'time-to-live' }), '/docs/concept/time-to-live/');
    assert.equal(routeFor('concept/ttl', { permalink: '/reference/ttl/' }), '/docs/reference/ttl/');
    assert.equal(routeFor('concept/ttl', { permalink: '/docs/reference/ttl' }), '/docs/reference/ttl/');
    assert.equal(outputPathForRoute('/docs/'), 'index.html');
    assert.equal(outputPathForRoute('/docs/a/b/'), 'a/b/index.html');
  });
  test('fragments and glossary pages get no route; partials are hidden', () => {
    assert.equal(isRoutedPage('partials/_python.md'), false);
    assert.equal(isRoutedPage('glossary/ttl.md'), false);
    assert.equal(isRoutedPage('partials/python.md'), true);
    assert.equal(isHiddenPage('partials/python'), true);
    assert.equal(isHiddenPage('quick-start-utils/run-windows'), true);
    assert.equal(isHiddenPage('concept/ttl'), false);
  });
});

describe('example catalogue', () => {
  const entry = `---\nname: Python\nlang: python\nauth: { kid: admin, d: secret }\naddr: { host: localhost, port: 9009 }\n---\nHeader with a [link](https://example.com).\n\n\`\`\`python\nconnect("{{host}}:{{port}}", "{{kid}}", "{{d}}", "{{y}}")\n\`\`\`\n`;
  test('an entry parses with its fields; placeholders are filled from auth and addr', () => {
    const r = parseExample('ilp-auth/python.md', entry);
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.entry?.key, 'ilp-auth/python');
    assert.equal(r.entry?.header, 'Header with a [link](https://example.com).');
    const filled = fillPlaceholders(r.entry!);
    assert.equal(filled.code, 'connect("localhost:9009", "admin", "secret", "{{y}}")');
    assert.deepEqual(filled.missing, ['y']);
  });
  test('unknown kinds and languages, missing code and bad fields are reported', () => {
    assert.match(parseExample('ilp-smoke/python.md', entry).diagnostics[0]!.message, /Unknown example kind/);
    assert.match(parseExample('ilp/cobol.md', entry).diagnostics[0]!.message, /Unknown example language/);
    assert.match(parseExample('ilp/python.md', '---\nname: P\nlang: python\n---\nNo code.\n').diagnostics[0]!.message, /no fenced code block/);
    assert.match(parseExample('ilp/python.md', entry.replace('port: 9009', 'port: nine')).diagnostics[0]!.message, /`addr` needs/);
  });
});

describe('page files from the stamp check', () => {
  test("are the files listPageFiles' glob finds: no dot files or folders, only .md and .mdx, routed pages only", async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { listPageFiles, pageFilesIn } = await import('../../src/pipeline/load/load-pages.ts');
    const { inputsOf } = await import('../../src/pipeline/cache/build-stamp.ts');
    const root = await mkdtemp(join(tmpdir(), 'qdb-page-files-'));
    try {
      const files = ['a.md', 'b.mdx', 'C.MD', 'notes.txt', '.hidden.md', '.dot/x.md', 'dir/.y.md', 'dir/z.md', 'dir/sub/w.mdx', 'partials/_p.md', 'x.md.bak'];
      for (const f of files) {
        await mkdir(join(root, 'content/docs', f, '..'), { recursive: true });
        await writeFile(join(root, 'content/docs', f), '---\ntitle: T\ndescription: D\n---\n');
      }
      const taken = await inputsOf(root);
      assert.ok(taken);
      const globbed = await listPageFiles(root);
      assert.ok(globbed.includes('dir/sub/w.mdx') && !globbed.includes('.dot/x.md'));
      assert.deepEqual(pageFilesIn(taken.files), globbed);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
