/**
 * The permanent hostile suite: one build of test/fixtures/hostile (see test/helpers/hostile.ts)
 * must finish, name every hostile file with the diagnostic it must get, publish nothing from
 * outside the repository, write nothing outside build/, and emit no script URL and no markup
 * taken from content. The browser half (no script runs, no CSP violation) is
 * test/e2e/hostile.test.ts.
 */
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildHostile, type HostileBuild } from '../helpers/hostile.ts';
import { parse } from 'parse5';
import { LAYOUT_IDS } from '../../src/shared/layout-ids.ts';
import { isAllowedUrl } from '../../src/pipeline/policy/urls.ts';
import { printDiagnostics } from '../../src/pipeline/diagnostics.ts';
import { gzipSync } from 'node:zlib';

interface P5Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
  content?: P5Node;
}

/** Every element of an HTML document, as the browser's parser sees it. */
function elements(html: string): P5Node[] {
  const out: P5Node[] = [];
  const stack: P5Node[] = [parse(html) as unknown as P5Node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.attrs) out.push(n);
    for (const c of n.childNodes ?? []) stack.push(c);
    if (n.content) stack.push(n.content);
  }
  return out;
}

let h: HostileBuild;
let outputs: Map<string, string>;

before(async () => {
  h = await buildHostile();
  outputs = new Map();
  for (const rel of await fg('**/*', { cwd: h.out, dot: true, onlyFiles: true })) outputs.set(rel, await readFile(join(h.out, rel), 'utf8'));
});

describe('hostile suite', () => {
  test('covers at least 60 hostile files', () => {
    assert.ok(Object.keys(h.expected).length >= 60, `${Object.keys(h.expected).length} cases`);
  });

  test('every hostile file gets its diagnostic, with the expected rule, severity, line and text', () => {
    const problems: string[] = [];
    for (const [file, want] of Object.entries(h.expected)) {
      if (!want) continue;
      const got = h.result.diagnostics.filter((d) => d.file === file && d.rule === want.rule);
      if (got.length === 0) {
        problems.push(`${file}: no ${want.rule} diagnostic; got ${h.result.diagnostics.filter((d) => d.file === file).map((d) => `${d.rule}:${d.line}`).join(', ') || 'none'}`);
        continue;
      }
      const d = got.find((x) => (want.line === undefined || x.line === want.line) && (want.severity === undefined || x.severity === want.severity) && (want.text === undefined || x.message.includes(want.text)));
      if (!d) problems.push(`${file}: ${want.rule} diagnostics do not match ${JSON.stringify(want)}: ${got.map((x) => `${x.severity}@${x.line}: ${x.message}`).join(' | ')}`);
      else if (!d.fix || d.fix.length < 10) problems.push(`${file}: the ${want.rule} diagnostic has no fix`);
    }
    assert.deepEqual(problems, []);
  });

  test('every diagnostic names a file, and the ordinary page is built', () => {
    for (const d of h.result.diagnostics) assert.ok(d.file && d.file.length > 0, JSON.stringify(d));
    assert.match(outputs.get('h/ordinary/index.html')!, /halibut/);
  });

  test('nothing from outside the repository is published: not in HTML, search files or anything else', () => {
    for (const [rel, text] of outputs) {
      assert.ok(!text.includes(h.secret), `the secret leaked into build/${rel}`);
      assert.ok(!/root:x?:0:0:/.test(text), `/etc/passwd leaked into build/${rel}`);
    }
    assert.ok(!outputs.has('leak.txt'), 'a public/ link to an outside file is not copied');
  });

  test('nothing is written outside build/, and no route escaped or replaced a generated file', () => {
    assert.deepEqual(h.after, h.before, 'files beside build/ changed');
    for (const rel of outputs.keys()) assert.ok(!/escaped-/.test(rel), rel);
    assert.match(outputs.get('404.html')!, /Page not found/);
    assert.doesNotMatch(outputs.get('search/index.html')!, /Collides\./);
    const locs = [...outputs.get('sitemap.xml')!.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    assert.ok(locs.length > 40);
    for (const loc of locs) assert.match(loc, /^https:\/\/questdb\.com\/docs\/[a-z0-9\-/]*$/, loc);
  });

  test('no emitted page has a script URL, an inline handler, or an element taken from content markup', () => {
    const problems: string[] = [];
    for (const [rel, html] of outputs) {
      if (!rel.endsWith('.html')) continue;
      for (const el of elements(html)) {
        for (const a of el.attrs ?? []) {
          if (/^on/i.test(a.name)) problems.push(`${rel}: <${el.nodeName} ${a.name}>`);
          if (['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'srcset'].includes(a.name) && !isAllowedUrl(a.value)) problems.push(`${rel}: <${el.nodeName} ${a.name}="${a.value.slice(0, 40)}">`);
        }
        if (el.nodeName === 'img' && el.attrs?.some((a) => a.name === 'src' && a.value === 'x')) problems.push(`${rel}: <img src=x> from content`);
        if (['iframe', 'object', 'embed', 'base', 'form'].includes(el.nodeName) && !(el.nodeName === 'form' && el.attrs?.some((a) => a.name === 'action' && a.value.startsWith('/docs/')))) problems.push(`${rel}: <${el.nodeName}>`);
        if (el.nodeName === 'script') {
          const src = el.attrs?.find((a) => a.name === 'src')?.value;
          if (src !== undefined && !src.startsWith('/docs/')) problems.push(`${rel}: script from ${src}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  test('search files: every link is one of the pages, and text stays text', () => {
    const records = JSON.parse(outputs.get('search/records.json')!) as { url: string; hierarchy: Record<string, string | null> }[];
    assert.ok(records.length > 50);
    for (const r of records) assert.match(r.url, /^https:\/\/questdb\.com\/docs\/[a-z0-9\-/]*(#[^\s"<>]*)?$/, r.url);
    const headings = JSON.parse(outputs.get('search/headings.json')!) as { pages: [string, number, string][] };
    assert.ok(headings.pages.length > 40);
    for (const [route] of headings.pages) assert.match(route, /^\/docs\/[a-z0-9\-/]*$/, route);
    // The heading `Name <img …>` is indexed as the text a reader sees; the views escape it (test/e2e/search.test.ts).
    assert.ok(records.some((r) => r.hierarchy.lvl2 === 'Name <img src=x onerror=alert(1)>'));
  });

  test('headings never take a layout id: the page keeps one islands manifest and its islands', () => {
    const html = outputs.get('h/layout-ids/index.html')!;
    for (const id of LAYOUT_IDS) assert.ok((html.match(new RegExp(`id="${id}"`, 'g')) ?? []).length <= 1, `id ${id} appears twice`);
    assert.match(html, /id="islands-manifest-1"|id="islands-manifest-2"/);
    assert.match(html, /<script type="application\/json" id="islands-manifest">/);
  });
});

describe('hostile suite: hidden control characters (Trojan Source)', () => {
  const HIDDEN = /[\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

  test('no output file carries one raw: not the HTML, the Markdown copies, the search files or llms files', () => {
    for (const [rel, text] of outputs) if (!rel.endsWith('.js')) assert.doesNotMatch(text, HIDDEN, `build/${rel} holds a hidden control character`);
  });

  test('in code they are visible markers with a title, in the block and in inline code', () => {
    const html = outputs.get('h/trojan-code/index.html')!;
    assert.match(html, /<span class="hidden-char" title="U\+202E RIGHT-TO-LEFT OVERRIDE[^"]*">&lt;U\+202E&gt;<\/span>/);
    for (const code of ['2066', '2069', '2067']) assert.match(html, new RegExp(`class="hidden-char" title="U\\+${code} [^"]+">&lt;U\\+${code}&gt;</span>`));
    assert.match(html, /<code>is<span class="hidden-char" title="U\+200B ZERO WIDTH SPACE[^"]*">&lt;U\+200B&gt;<\/span>Admin<\/code>/);
    // The Markdown copy shows the same markers.
    const md = outputs.get('h/trojan-code/index.md')!;
    assert.match(md, /"user<U\+202E> <U\+2066>\/\/ Check if admin<U\+2069> <U\+2067>"/);
    assert.match(md, /`is<U\+200B>Admin`/);
  });

  test('in prose, titles, headings, links and keywords they are removed', () => {
    const html = outputs.get('h/trojan-prose/index.html')!;
    assert.match(html, /<title>trojan prose/);
    assert.match(html, /turbot with a hidden space, and a line separator/);
    assert.match(html, /<h2 id="heading-reversed"/);
    assert.doesNotMatch(html, /hidden-char/);
    const headings = JSON.parse(outputs.get('search/headings.json')!) as { pages: string[][] };
    const page = headings.pages.find((p) => p[0]!.replace(/\/$/, '') === '/docs/h/trojan-prose')!;
    assert.equal(page[2], 'trojan prose');
    assert.match(page[3]!, /zerowidth, plain/);
  });

  test('each line holding one is a warning with file, line, column and a fix', () => {
    const at = (file: string) => h.result.diagnostics.filter((d) => d.file === `content/docs/h/${file}` && d.rule === 'hidden-char').map((d) => [d.line, d.column, d.severity]);
    assert.deepEqual(at('trojan-code.md'), [[10, 25, 'warning'], [15, 30, 'warning']]);
    assert.deepEqual(at('trojan-prose.md'), [[2, 16, 'warning'], [4, 16, 'warning'], [7, 21, 'warning'], [9, 8, 'warning'], [11, 8, 'warning']]);
    const d = h.result.diagnostics.find((x) => x.file === 'content/docs/h/trojan-code.md' && x.line === 10)!;
    assert.match(d.message, /U\+202E RIGHT-TO-LEFT OVERRIDE, U\+2066 LEFT-TO-RIGHT ISOLATE, U\+2069 POP DIRECTIONAL ISOLATE, U\+2067 RIGHT-TO-LEFT ISOLATE/);
    assert.match(d.message, /visible marker/);
    assert.match(d.fix!, /Delete the character/);
  });
});

describe('hostile suite: front matter size', () => {
  test('a page with 60,000 keywords builds, warns, and the first search download stays small', () => {
    assert.match(outputs.get('h/keywords-flood/index.html')!, /fill the first search download/);
    const warned = h.result.diagnostics.filter((d) => d.file === 'content/docs/h/keywords-flood.md' && d.rule === 'front-matter').map((d) => `${d.line}: ${d.message}`);
    assert.ok(warned.some((w) => /^2: Front matter `title` is 4949 characters, over the limit of 120/.test(w)), warned.join('\n'));
    assert.ok(warned.some((w) => /^3: Front matter `description` is \d+ characters, over the limit of 300/.test(w)), warned.join('\n'));
    assert.ok(warned.some((w) => /^4: Front matter `sidebar_label`/.test(w)), warned.join('\n'));
    assert.ok(warned.some((w) => /^5: Front matter `keywords` has 60 keyword\(s\) over 100 characters/.test(w)), warned.join('\n'));
    const headingsJson = outputs.get('search/headings.json')!;
    const page = (JSON.parse(headingsJson) as { pages: string[][] }).pages.find((p) => p[0]!.replace(/\/$/, '') === '/docs/h/keywords-flood')!;
    assert.ok(page[2]!.length <= 120, `title of ${page[2]!.length}`);
    assert.ok(page[3]!.split(', ').length <= 40 + 2, `${page[3]!.split(', ').length} keywords`);
    assert.ok(page[3]!.length <= 1500 + 200, `keywords of ${page[3]!.length} characters`);
    // The whole first-query index of this ~100-page site, with the flood in it, stays under 12 KB gzip.
    const gz = gzipSync(headingsJson).length;
    assert.ok(gz < 12 * 1024, `headings.json is ${gz} bytes gzip`);
  });
});

describe('hostile suite: repeated diagnostics', () => {
  test('a fragment included 40 times is reported once, with the count', () => {
    const lines: string[] = [];
    printDiagnostics(h.result.diagnostics, (s) => lines.push(s));
    const repeat = lines.filter((l) => l.startsWith('content/docs/h/_repeat.md:1'));
    assert.equal(repeat.length, 1, repeat.join('\n'));
    // Each of the 40 copies reports the tag twice (its opening and closing HTML nodes).
    const count = h.result.diagnostics.filter((d) => d.file === 'content/docs/h/_repeat.md').length;
    assert.ok(count >= 40);
    assert.match(repeat[0]!, new RegExp(`\\[raw-html\\] \\(×${count}\\)\n {4}fix: `));
  });
});
