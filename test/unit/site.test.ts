/** Routes, the page shell, navigation, links and site-wide files of the fixture site. */
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { articleBody, buildFixture, buildInMemory, type BuiltFixture } from '../helpers/fixture.ts';

let site: BuiltFixture;
before(async () => {
  site = await buildFixture('site');
});
const diag = (rule: string) => site.result.diagnostics.filter((d) => d.rule === rule);

describe('routes', () => {
  test('each page is built at its trailing-slash route; introduction is /docs/', () => {
    const pages = [...site.files.keys()].filter((k) => k.endsWith('.html')).sort();
    // Plus the search results page, which every build has.
    assert.deepEqual(pages, ['404.html', 'concept/constructs/index.html', 'concept/links/index.html', 'index.html', 'offline/index.html', 'partials/snippet/index.html', 'reference/elsewhere/index.html', 'search/index.html']);
  });
  test('glossary pages and fragments get no route; permalink overrides the path', () => {
    assert.ok(!site.files.has('glossary/term/index.html'));
    assert.ok(!site.files.has('reference/moved/index.html'));
    assert.ok(site.files.has('reference/elsewhere/index.html'));
  });
  test('every internal link the site emits carries the trailing slash', () => {
    for (const [path, html] of site.files) {
      if (!path.endsWith('.html')) continue;
      for (const m of html.matchAll(/href="(\/docs\/[^"#?]*)/g)) {
        const href = m[1]!;
        if (/\.[a-z0-9]+$/i.test(href)) continue; // files: css, images, manifest
        assert.ok(href.endsWith('/'), `${path} links to ${href}`);
      }
    }
  });
});

describe('head', () => {
  test('title, description, keywords, canonical, social tags, theme colour and manifest', () => {
    const html = site.html('/docs/concept/constructs/');
    assert.match(html, /<title>Every construct \| QuestDB<\/title>/);
    assert.match(html, /<meta name="description" content="A page that uses every construct of the content language."\/>/);
    assert.match(html, /<meta name="keywords" content="alpha, beta"\/>/);
    assert.match(html, /<link rel="canonical" href="https:\/\/questdb.com\/docs\/concept\/constructs\/"\/>/);
    assert.match(html, /<meta property="og:title" content="Every construct \| QuestDB"\/>/);
    assert.match(html, /<meta property="og:image" content="https:\/\/questdb.com\/docs\/images\/og-default.png"\/>/);
    assert.match(html, /<meta name="twitter:card" content="summary_large_image"\/>/);
    assert.match(html, /<meta name="theme-color" content="#21222c"\/>/);
    assert.match(html, /<link rel="manifest" href="\/docs\/manifest.webmanifest"\/>/);
    assert.doesNotMatch(html, /name="robots"/);
  });
  test('keywords given as a list work too', () => {
    assert.match(site.html('/docs/'), /<meta name="keywords" content="fixture, home"\/>/);
  });
  test('noindex pages say so and are left out of the sitemap', () => {
    assert.match(site.html('/docs/reference/elsewhere/'), /<meta name="robots" content="noindex, nofollow"\/>/);
    const sitemap = site.files.get('sitemap.xml')!;
    assert.doesNotMatch(sitemap, /elsewhere/);
  });
  test('no external script blocks the first render', () => {
    for (const [path, html] of site.files) {
      if (!path.endsWith('.html')) continue;
      const head = html.slice(0, html.indexOf('</head>'));
      for (const m of head.matchAll(/<script([^>]*)>/g)) {
        const attrs = m[1]!;
        if (/\bsrc=/.test(attrs)) assert.match(attrs, /type="module"|\b(defer|async)\b/, `${path}: blocking script ${attrs}`);
      }
    }
  });
});

describe('sitemap and manifest', () => {
  test('the sitemap lists every indexable route, daily, priority 0.7', () => {
    const xml = site.files.get('sitemap.xml')!;
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    assert.deepEqual(urls, ['https://questdb.com/docs/', 'https://questdb.com/docs/concept/constructs/', 'https://questdb.com/docs/concept/links/', 'https://questdb.com/docs/partials/snippet/']);
    assert.equal((xml.match(/<changefreq>daily<\/changefreq>/g) ?? []).length, 4);
    assert.equal((xml.match(/<priority>0.7<\/priority>/g) ?? []).length, 4);
  });
  test('the manifest is installable: standalone, scoped to /docs/, theme #21222c', () => {
    const m = JSON.parse(site.files.get('manifest.webmanifest')!);
    assert.equal(m.start_url, '/docs/');
    assert.equal(m.scope, '/docs/');
    assert.equal(m.display, 'standalone');
    assert.equal(m.theme_color, '#21222c');
    assert.equal(m.background_color, '#21222c');
  });
});

describe('navigation', () => {
  test('the sidebar lists pages in order, opens the current category and marks the current page', () => {
    const html = site.html('/docs/concept/links/');
    const sidebar = html.slice(html.indexOf('<nav class="sidebar"'), html.indexOf('</nav>', html.indexOf('<nav class="sidebar"')));
    assert.match(sidebar, /<details data-cat="1" open=""><summary class="sidebar__category">Concepts<\/summary>/);
    assert.match(sidebar, /<a class="sidebar__link" href="\/docs\/concept\/links\/" aria-current="page">Links and anchors<\/a>/);
    assert.match(sidebar, /<details data-cat="2"><summary class="sidebar__category">Reference<\/summary>/);
    assert.equal((sidebar.match(/aria-current="page"/g) ?? []).length, 1);
    assert.match(sidebar, /href="\/blog\/">Blog<\/a>/);
  });
  test('hidden pages are not in the sidebar, and entries without a page are warned about and left out', () => {
    assert.doesNotMatch(site.html('/docs/'), /partials\/snippet/);
    assert.doesNotMatch(site.html('/docs/'), /not-written-yet/);
    const d = diag('sidebar-missing-page');
    assert.equal(d.length, 1);
    assert.equal(d[0]!.file, 'content/sidebars.ts');
    assert.equal(d[0]!.line, 9);
  });
  test('breadcrumbs, previous/next and the edit link', () => {
    const html = site.html('/docs/concept/links/');
    assert.match(html, /<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a href="\/docs\/">Docs<\/a><\/li><li>Concepts<\/li><li aria-current="page">Links and anchors<\/li><\/ol><\/nav>/);
    assert.match(html, /href="\/docs\/concept\/constructs\/" rel="prev">.*Every construct/);
    assert.match(html, /href="\/docs\/reference\/elsewhere\/" rel="next">.*Moved page/);
    assert.match(html, /href="https:\/\/github.com\/questdb\/documentation\/edit\/main\/docs\/concept\/links.md"/);
  });
  test('the table of contents covers levels 2 and 3 only, in the desktop and mobile copies', () => {
    const html = site.html('/docs/concept/links/');
    const toc = html.slice(html.indexOf('id="toc-desktop"'), html.indexOf('</nav>', html.indexOf('id="toc-desktop"')));
    const hrefs = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(hrefs, ['anchors-section', 'duplicate', 'duplicate-1', 'deeper', 'my-custom-id']);
    assert.match(html, /<details class="toc-mobile"><summary>On this page<\/summary>/);
  });
});

describe('headings and links', () => {
  test('headings get stable ids and a visible anchor link; {#id} sets one', () => {
    const body = articleBody(site.html('/docs/concept/links/'));
    assert.match(body, /<h2 id="anchors-section">Anchors section<a class="hash-link" href="#anchors-section" aria-label="Direct link to Anchors section">#<\/a><\/h2>/);
    assert.match(body, /<h2 id="my-custom-id">Custom id<a class="hash-link" href="#my-custom-id"/);
    assert.match(body, /<h4 id="too-deep-for-toc">/);
  });
  test('duplicate headings are numbered and reported', () => {
    const d = diag('duplicate-heading');
    assert.equal(d.length, 1);
    assert.equal(d[0]!.line, 22);
  });
  test('relative .md links resolve to routes; /docs/ links get their slash; others are left alone', () => {
    const body = articleBody(site.html('/docs/concept/links/'));
    assert.match(body, /<a href="\/docs\/concept\/constructs\/">relative<\/a>/);
    assert.match(body, /<a href="\/docs\/concept\/constructs\/#admonitions">relative with anchor<\/a>/);
    assert.match(body, /<a href="\/docs\/concept\/constructs\/">absolute without slash<\/a>/);
    assert.match(body, /<a href="\/blog\/some-post\/">marketing<\/a>/);
    assert.match(body, /<a href="https:\/\/example.com\/">external<\/a>/);
  });
  test('broken links and anchors are warnings with file:line and a fix, never errors', () => {
    const broken = site.result.diagnostics.filter((d) => d.rule === 'broken-link' || d.rule === 'broken-anchor');
    const summary = broken.map((d) => `${d.severity} ${d.file}:${d.line} ${d.rule}`).sort();
    assert.deepEqual(summary, [
      'warning content/docs/concept/links.md:11 broken-link',
      'warning content/docs/concept/links.md:12 broken-anchor',
      'warning content/docs/concept/links.md:14 broken-anchor',
      'warning content/docs/concept/links.md:18 broken-link',
    ]);
    for (const d of broken) assert.ok(d.fix && d.fix.length > 10, d.message);
  });
  test('the build of the fixture has no errors', () => {
    assert.deepEqual(site.result.diagnostics.filter((d) => d.severity === 'error'), []);
  });
});

describe('not-found page', () => {
  test('has a way back, a search form and redirects .html paths', () => {
    const html = site.files.get('404.html')!;
    assert.match(html, /<title>Page not found \| QuestDB<\/title>/);
    assert.match(html, /<a href="\/docs\/">Go to the documentation home<\/a>/);
    assert.match(html, /<form class="not-found__search" action="\/docs\/search\/" method="get" role="search">/);
    assert.match(html, /<meta name="robots" content="noindex, nofollow"\/>/);
    assert.match(html, /index\\.html/);
  });
  test('the home page carries the wrong-base-path banner script', () => {
    assert.match(site.html('/docs/'), /This site did not load properly/);
    assert.doesNotMatch(site.html('/docs/concept/links/'), /This site did not load properly/);
  });
});

describe('a site with nothing to index', () => {
  test('builds, with a valid empty sitemap, when every page is noindex', async () => {
    const root = await mkdtemp(join(tmpdir(), 'qdb-noindex-'));
    try {
      await mkdir(join(root, 'content/docs'), { recursive: true });
      await writeFile(join(root, 'content/sidebars.ts'), "export default { docs: ['introduction'] };\n");
      await writeFile(join(root, 'content/docs/introduction.md'), '---\ntitle: Home\ndescription: A page kept out of search engines.\nslug: /\nnoindex: true\n---\n\nNothing to index here.\n');
      const built = await buildInMemory(root);
      assert.match(built.files.get('sitemap.xml') ?? '', /^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"><\/urlset>$/);
      assert.equal(built.result.compiled.length, 1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
