/** Every construct of the content guide, asserted on the HTML the fixture site builds. */
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { articleBody, buildFixture, type BuiltFixture } from '../helpers/fixture.ts';

let site: BuiltFixture;
let body: string;
before(async () => {
  site = await buildFixture('site');
  body = articleBody(site.html('/docs/concept/constructs/'));
});

describe('admonitions', () => {
  test('each of the five kinds renders with its default or custom title', () => {
    for (const [kind, title] of [['note', 'Note'], ['tip', 'Custom tip title'], ['info', 'Info'], ['warning', 'Careful'], ['danger', 'Danger']]) {
      const re = new RegExp(`<div class="admonition admonition--${kind}" role="note"><p class="admonition__title"><span class="admonition__icon" aria-hidden="true"></span>${title}</p><div class="admonition__content">`);
      assert.match(body, re, kind);
    }
  });
});

describe('tabs', () => {
  test('every panel is in the HTML under a visible label, with its group', () => {
    assert.match(body, /<div class="tabs" data-tabs-group="lang" data-island="tabs">/);
    assert.match(body, /<p class="tabs__label" id="[^"]+">Python<\/p><p>Python panel text.<\/p>/);
    assert.match(body, /<p class="tabs__label" id="[^"]+">Go<\/p><p>Go panel text.<\/p>/);
    assert.match(body, /role="tab"[^>]*aria-selected="true"[^>]*data-value="python">Python<\/button>/);
  });
  test('tab ids are unique on the page', () => {
    const ids = [...body.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids.filter((id, i) => ids.indexOf(id) !== i)}`);
  });
});

describe('includes', () => {
  test('fragments and nested fragments are inlined; their links resolve from the fragment folder', () => {
    assert.match(body, /<p>Shared fragment text with a <a href="\/docs\/concept\/links\/">link<\/a>.<\/p>/);
    assert.match(body, /<p>Nested fragment text.<\/p>/);
  });
  test('fragments get no route', () => {
    assert.ok(![...site.files.keys()].some((k) => k.includes('_shared') || k.includes('_nested')));
  });
});

describe('examples', () => {
  test('::example renders the header and the code with placeholders filled', () => {
    assert.match(body, /<div class="example" data-example="ilp-http\/python"><p>Uses the <a href="https:\/\/py-questdb-client.readthedocs.io\/">Python client<\/a>.<\/p><figure class="code-block" data-language="python" data-island="code-block" data-wake="idle">/);
    assert.match(body, /http::addr=localhost:9000;/);
    assert.doesNotMatch(body, /\{\{host\}\}/);
  });
  test('::examples renders one tab per language of the kind, in catalogue order', () => {
    const tabs = body.slice(body.indexOf('id="examples"'), body.indexOf('id="configuration"'));
    const labels = [...tabs.matchAll(/<p class="tabs__label"[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);
    assert.deepEqual(labels, ['Python', 'Go']);
  });
});

describe(':release', () => {
  test('fills the tag and date in text and in code', () => {
    assert.match(body, /<p>Release 8.3.3 was published on 2025-05-30.<\/p>/);
    assert.match(body, /<span class="token string">&quot;8.3.3&quot;<\/span>/);
  });
});

describe('::config-table', () => {
  test('renders a row per key with its id, default, type and markdown description', () => {
    assert.match(body, /<tr id="http.enabled"><td><code>http.enabled<\/code><\/td><td><code>true<\/code><\/td><td>boolean<\/td><td>Turns the HTTP server <strong>on<\/strong> or off.<\/td><\/tr>/);
    assert.match(body, /<th>Property<\/th><th>Default<\/th><th>Type<\/th><th>Description<\/th>/);
  });
});

describe('::client-options', () => {
  test('renders a row per listed key and a column per client, shared columns named together', () => {
    assert.match(body, /<table class="client-options-table"><thead><tr><th>Key<\/th><th>Alpha<\/th><th>Gamma, Beta<\/th><\/tr><\/thead>/);
    assert.match(body, /<tr><td><code>init_buf_size<\/code><\/td><td><code>65536<\/code> bytes<\/td><td>error<\/td><\/tr>/);
    assert.match(body, /<tr><td><code>auto_flush_rows<\/code><\/td><td><code>75000<\/code> rows over HTTP, <code>600<\/code> rows over TCP<\/td><td>ignored<\/td><\/tr>/);
  });
});

describe('code blocks', () => {
  test('title, highlighted lines and line numbers', () => {
    assert.match(body, /<figure class="code-block code-block--numbered" data-language="questdb-sql" data-island="code-block" data-wake="idle"><figcaption class="code-block__title">Hourly volume<\/figcaption><pre class="code-block__pre language-questdb-sql" tabindex="0">/);
    assert.match(body, /<span class="code-line code-line--highlighted"><span class="token keyword">FROM<\/span> trades<\/span>/);
  });
  test('a block without a language is questdb-sql and is highlighted', () => {
    assert.match(body, /<figure class="code-block" data-language="questdb-sql" data-island="code-block" data-wake="idle"><pre class="code-block__pre language-questdb-sql" tabindex="0"><code class="language-questdb-sql"><span class="code-line"><span class="token keyword">SELECT<\/span> <span class="token number">1<\/span>/);
  });
  test('every code block carries Copy and Wrap buttons for the code-block island', () => {
    const figures = body.match(/<figure class="code-block[^"]*"/g) ?? [];
    const actions = body.match(/<div class="code-block__actions"><button type="button" class="code-block__button" data-action="wrap" aria-pressed="false" title="Wrap long lines">Wrap<\/button><button type="button" class="code-block__button" data-action="copy" title="Copy the code">Copy<\/button><\/div><\/figure>/g) ?? [];
    assert.ok(figures.length >= 4);
    assert.equal(actions.length, figures.length);
  });
  test('code is never wrapped in a second <pre>', () => {
    assert.doesNotMatch(body, /<pre><figure/);
  });
});

describe('diagrams and maths', () => {
  test('railroad blocks become inline SVG with the rule name', () => {
    assert.match(body, /<figure class="railroad" tabindex="0"><svg [^>]*class="railroad-diagram"[^>]*role="img" aria-label="Syntax of sampleBy">/);
    assert.match(body, /<text[^>]*>SAMPLE<\/text>/);
    assert.match(body, /<figcaption class="railroad__name">sampleBy<\/figcaption>/);
  });
  test('a cached mermaid diagram is inlined from the cache', () => {
    assert.match(body, /<figure class="mermaid-diagram"><svg [^>]*id="fixture-mermaid"/);
  });
  test('maths renders with KaTeX and only that page loads KaTeX CSS, served by us', () => {
    assert.match(body, /<span class="katex">/);
    assert.match(body, /<span class="katex-display" tabindex="0">/);
    const page = site.html('/docs/concept/constructs/');
    assert.match(page, /<link rel="stylesheet" href="\/docs\/assets\/katex-[\d.]+\/katex.min.css"\/>/);
    assert.doesNotMatch(site.html('/docs/concept/links/'), /katex.min.css/);
    assert.ok(site.result.outputs.some((f) => /^assets\/katex-[\d.]+\/fonts\/KaTeX_Main-Regular.woff2$/.test(f.path)));
  });
});

describe('raw HTML', () => {
  test('is shown as text, never as markup; comments are dropped', () => {
    assert.match(body, /<p>&lt;div class=&quot;raw&quot;&gt;hello&lt;\/div&gt;<\/p>/);
    assert.doesNotMatch(body, /<div class="raw">/);
    assert.doesNotMatch(body, /a writer&#x27;s note|a writer's note/);
  });
  test('is reported with file and line', () => {
    const d = site.result.diagnostics.find((x) => x.rule === 'raw-html');
    assert.ok(d);
    assert.equal(d.file, 'content/docs/concept/constructs.md');
    assert.equal(d.line, 101);
    assert.ok(d.fix);
  });
});

describe('mermaid diagrams missing from the cache', () => {
  test('are warned about with a fix, shown as source and drawn in the browser by the fallback module', () => {
    const d = site.result.diagnostics.find((x) => x.rule === 'mermaid-cache');
    assert.ok(d);
    assert.equal(d.file, 'content/docs/concept/constructs.md');
    assert.match(d.fix!, /npm run diagrams/);
    assert.match(body, /<pre class="mermaid" data-mermaid-pending="">flowchart LR\n {2}Client --&gt; Server<\/pre>/);
    const page = site.html('/docs/concept/constructs/');
    assert.match(page, /import\("\/docs\/assets\/js\/mermaid-fallback\.[A-Z0-9]+\.js"\)\.then\(function\(m\)\{return m\.default\("\/docs\/assets\/vendor\/mermaid-[\d.]+\.min\.js"\)/);
    assert.ok(site.result.outputs.some((f) => /^assets\/vendor\/mermaid-[\d.]+\.min\.js$/.test(f.path)));
    assert.doesNotMatch(site.html('/docs/concept/links/'), /mermaid-fallback/);
  });
});

describe('images', () => {
  test('load lazily; paths into public/ map to their URL; missing alt text is reported', () => {
    assert.match(body, /<img loading="lazy" decoding="async" src="\/docs\/images\/pixel.png" alt="A one-pixel image"\/>/);
    assert.match(body, /<img loading="lazy" decoding="async" src="\/docs\/images\/pixel.png" alt=""\/>/);
    const d = site.result.diagnostics.filter((x) => x.rule === 'image-alt');
    assert.equal(d.length, 1);
    assert.equal(d[0]!.file, 'content/docs/concept/constructs.md');
  });
});
