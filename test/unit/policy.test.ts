/** The trust boundary's own rules: the URL allow-list, read and write containment, routes, the sandboxed sidebar. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAllowedUrl, refusedScheme } from '../../src/pipeline/policy/urls.ts';
import { checkRead, collidingOutput, outputTarget, routeProblem } from '../../src/pipeline/policy/paths.ts';
import { loadSidebars } from '../../src/pipeline/load/load-sidebar.ts';
import { cutDeepNodes } from '../../src/pipeline/compile/plugins/remark-depth-limit.ts';

describe('URL policy', () => {
  test('allows http, https, mailto, tel and scheme-less URLs', () => {
    for (const u of ['https://questdb.com/', 'http://x', 'mailto:a@b.c', 'tel:+123', '/docs/x/', '../a.md#b', '#frag', '?q=1', '//cdn.example/x', 'rel/../z']) assert.ok(isAllowedUrl(u), u);
  });
  test('refuses every other scheme, however it is spelled', () => {
    const cases = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', '\tjava\nscript:alert(1)', 'java\u0000script:x', '&#106;avascript:x', '&#x6A;avascript:x', '&#0000106avascript:x', 'javascript&colon;x', 'java&Tab;script:x', '\u200bjavascript:x', 'vbscript:x', 'VBScript:x', 'data:text/html,x', 'DATA:image/svg+xml,x', 'file:///etc/passwd', 'blob:https://x/y', 'filesystem:x', '%6Aavascript:x', 'jAvAsCrIpT&#58;x'];
    for (const u of cases) assert.ok(!isAllowedUrl(u), JSON.stringify(u));
    assert.equal(refusedScheme('JaVaScRiPt:x'), 'javascript');
  });
});

describe('paths', () => {
  test('reads resolve by real path inside content/ or public/', async () => {
    const top = await mkdtemp(join(tmpdir(), 'qdb-policy-'));
    const root = join(top, 'repo');
    await mkdir(join(root, 'content/docs'), { recursive: true });
    await mkdir(join(root, 'public'), { recursive: true });
    await writeFile(join(root, 'content/docs/a.md'), 'a');
    await writeFile(join(root, 'package.json'), '{}');
    await writeFile(join(top, 'secret.txt'), 's');
    await symlink(join(top, 'secret.txt'), join(root, 'content/docs/out.md'));
    await symlink(join(root, 'content/docs/a.md'), join(root, 'content/docs/in.md'));
    assert.equal(checkRead(root, 'content/docs/a.md').ok, true);
    assert.equal(checkRead(root, 'content/docs/in.md').ok, true, 'a link inside content/ is fine');
    for (const p of ['content/docs/out.md', '../secret.txt', 'content/../../secret.txt', 'package.json', '/etc/passwd', 'content/docs/../../package.json', 'C:/x', 'content\\..\\..\\secret.txt']) {
      const r = checkRead(root, p);
      assert.equal(r.ok, false, p);
      assert.equal(!r.ok && r.problem, 'outside', p);
    }
    const missing = checkRead(root, 'content/docs/nope.md');
    assert.equal(!missing.ok && missing.problem, 'missing');
    assert.equal(checkRead(root, 'public/../content/docs/a.md', ['public']).ok, false, 'roots can be narrowed');
  });
  test('writes stay inside the output folder', () => {
    assert.equal(outputTarget('/tmp/out', 'a/b/index.html'), '/tmp/out/a/b/index.html');
    for (const p of ['../x', 'a/../../x', '/etc/x', 'a/./b', 'a\\..\\..\\x', 'a\0b', '']) assert.throws(() => outputTarget('/tmp/out', p), /Refusing to write/, JSON.stringify(p));
  });
  test('routes: no dot segments, only URL-safe characters; generated paths are taken', () => {
    assert.equal(routeProblem('/docs/concept/ttl/'), undefined);
    assert.equal(routeProblem('/docs/clients/java_ilp/'), undefined);
    for (const r of ['/docs/../x/', '/docs/a/./b/', '/docs/a#b/', '/docs/a?b/', '/docs/a%2e/', '/docs/a b/', '/docs/a"b/', '/docs/é/', '/docs/a\\b/']) assert.ok(routeProblem(r), r);
    assert.match(collidingOutput('404.html/index.html')!, /404\.html/);
    assert.match(collidingOutput('search/index.html')!, /search/);
    assert.match(collidingOutput('assets/css/index.html')!, /assets/);
    assert.match(collidingOutput('favicon.svg/index.html', ['favicon.svg'])!, /public\/favicon\.svg/);
    assert.equal(collidingOutput('concept/ttl/index.html', ['images/x.png']), undefined);
  });
});

describe('limits', () => {
  test('nesting is cut iteratively at the limit, however deep the tree', () => {
    let node: { type: string; children: unknown[] } = { type: 'text', children: [] } as never;
    for (let i = 0; i < 100_000; i++) node = { type: 'blockquote', children: [node] };
    const cut = cutDeepNodes(node as never, 100);
    assert.equal(cut.length, 1);
    let depth = 0;
    for (let n: { children?: unknown[] } | undefined = node; n?.children?.length; n = n.children[0] as never) depth++;
    assert.ok(depth <= 102, `depth after the cut: ${depth}`);
  });
});

describe('the sidebar module runs sandboxed', () => {
  const site = async (code: string) => {
    const root = await mkdtemp(join(tmpdir(), 'qdb-sidebar-'));
    await mkdir(join(root, 'content'), { recursive: true });
    await writeFile(join(root, 'content/sidebars.ts'), code);
    return root;
  };
  test('plain data and helper functions work', async () => {
    const r = await loadSidebars(await site(`const doc = (id: string) => ({ type: 'doc' as const, id });\nexport default { docs: [doc('a'), 'b'] };\n`));
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.sidebars.docs, [{ type: 'doc', id: 'a' }, 'b']);
  });
  test('no Node modules, no process, no way out through the sandbox, and a time limit', async () => {
    const hostile = [
      `import { readFileSync } from 'node:fs';\nexport default { docs: [readFileSync('/etc/passwd', 'utf8')] };`,
      `import x from '../../../../etc/passwd.json';\nexport default { docs: [String(x)] };`,
      `export default { docs: [String((globalThis as any).process.env.HOME)] };`,
      `const F = (this as any).constructor.constructor;\nexport default { docs: [String(F('return process')().env.HOME)] };`,
      `export default { docs: [String((globalThis as any).require('fs'))] };`,
      `while (true) {}\nexport default { docs: [] };`,
      `export default { get docs(): string[] { throw new Error('nope'); } };`,
    ];
    for (const code of hostile) {
      const r = await loadSidebars(await site(code));
      assert.equal(r.diagnostics[0]?.severity, 'error', code);
      assert.deepEqual(r.sidebars.docs, [], code);
    }
  });
  test('a sidebar link with a refused URL is an error at its line and is left out', async () => {
    const r = await loadSidebars(await site(`export default { docs: [\n  'a',\n  { type: 'link', label: 'X', href: 'javascript:alert(1)' },\n] };\n`));
    assert.equal(r.diagnostics[0]?.rule, 'unsafe-url');
    assert.equal(r.diagnostics[0]?.line, 3);
    assert.deepEqual(r.sidebars.docs, ['a']);
  });
});
