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
