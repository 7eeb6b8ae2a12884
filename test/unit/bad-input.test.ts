/**
 * The bad-input corpus: for each broken page the build finishes, reports file:line and a
 * fix, and every other page is built unchanged. Exit status is non-zero only for errors
 * that make a page unbuildable or ambiguous.
 */
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInMemory, copyFixture, type BuiltFixture } from '../helpers/fixture.ts';
import type { Diagnostic } from '../../src/shared/types.ts';

const BUILD_SCRIPT = fileURLToPath(new URL('../../scripts/build.ts', import.meta.url));
let root: string;
let broken: BuiltFixture;

/** A 5 MB page of ordinary prose, tables and code. */
function hugePage(): string {
  const section = (i: number) => `## Section ${i}\n\nThe quick brown fox reads time-series data from table number ${i} and writes it back.\n\n| a | b |\n|---|---|\n| ${i} | ${i * 2} |\n\n\`\`\`questdb-sql\nSELECT * FROM trades WHERE price > ${i};\n\`\`\`\n\n`;
  let out = '---\ntitle: A huge page\ndescription: Five megabytes of content.\n---\n\n';
  for (let i = 0; out.length < 5 * 1024 * 1024; i++) out += section(i);
  return out;
}

before(async () => {
  root = await copyFixture('bad-input');
  const dir = join(root, 'content/docs/broken');
  await writeFile(join(dir, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0xff, 0x00]));
  await writeFile(join(dir, 'empty.md'), '');
  await writeFile(join(dir, 'huge.md'), hugePage());
  broken = await buildInMemory(root);
  // The huge page takes tens of seconds to parse; the exit-status builds below do without it.
  await rm(join(dir, 'huge.md'));
});

const find = (file: string, rule: string): Diagnostic => {
  const d = broken.result.diagnostics.find((x) => x.file === `content/docs/broken/${file}` && x.rule === rule);
  assert.ok(d, `no ${rule} diagnostic for ${file}; got: ${broken.result.diagnostics.filter((x) => x.file.includes(file)).map((x) => x.rule)}`);
  assert.ok(d.fix && d.fix.length > 5, `${file}: the ${rule} diagnostic has no fix`);
  return d;
};

describe('each broken input is reported with file, line and a fix', () => {
  const cases: [string, string, 'error' | 'warning', number][] = [
    ['invalid-yaml.md', 'front-matter', 'error', 4],
    ['missing-title.md', 'front-matter', 'error', 1],
    ['no-front-matter.md', 'front-matter', 'warning', 1],
    ['unknown-directive.md', 'unknown-directive', 'warning', 8],
    ['unclosed-fence.md', 'unclosed-fence', 'warning', 8],
    ['unclosed-directive.md', 'unclosed-directive', 'warning', 6],
    ['missing-include.md', 'include', 'error', 8],
    ['bad-railroad.md', 'railroad', 'warning', 9],
    ['bad-math.md', 'math', 'warning', 8],
    ['duplicate-heading.md', 'duplicate-heading', 'warning', 10],
    ['dup-two.md', 'duplicate-route', 'error', 1],
    ['binary.md', 'binary-file', 'error', 1],
    ['empty.md', 'empty-file', 'error', 1],
    ['huge.md', 'large-page', 'warning', 1],
  ];
  for (const [file, rule, severity, line] of cases) {
    test(`${file}: ${rule}`, () => {
      const d = find(file, rule);
      assert.equal(d.severity, severity);
      assert.equal(d.line, line);
    });
  }
  test('an include cycle is an error reported at the include that closes it', () => {
    const d = broken.result.diagnostics.find((x) => x.rule === 'include-cycle');
    assert.ok(d);
    assert.equal(d.severity, 'error');
    assert.equal(d.file, 'content/docs/broken/_cycle-b.md');
    assert.equal(d.line, 3);
    assert.match(d.message, /include-cycle.md → .*_cycle-a.md → .*_cycle-b.md → .*_cycle-a.md/);
  });
  test('the duplicate route names both files', () => {
    const d = find('dup-two.md', 'duplicate-route');
    assert.match(d.message, /dup-two.md/);
    assert.match(d.message, /dup-one.md/);
  });
  test('a page without front matter builds, titled by its first heading and described by its first paragraph', () => {
    const html = broken.html('/docs/broken/no-front-matter/');
    assert.match(html, /<h1 class="doc__title">Imported page<\/h1>/);
    assert.match(html, /<meta name="description" content="A page written for another site, with no front matter at all."\/>/);
    assert.equal(html.match(/<h1/g)!.length, 1, 'the heading is the title, not a second h1');
  });
  test('prose with colons is not mistaken for a directive', () => {
    const html = broken.html('/docs/broken/unknown-directive/');
    assert.match(html, /A ratio like 3:4 and a time like 10:30 and a word:word are prose./);
  });
});

describe('the rest of the site is unaffected', () => {
  test('pages that can be built are built, including the huge one', () => {
    assert.match(broken.html('/docs/broken/huge/'), /Section 1000/);
    assert.match(broken.html("/docs/broken/unclosed-fence/"), /never closed/);
    assert.match(broken.html('/docs/broken/bad-railroad/'), /class="code-block"/);
    assert.match(broken.html('/docs/dup/'), /Duplicate route one/);
  });
  test('unbuildable pages are left out', () => {
    for (const name of ['invalid-yaml', 'missing-title', 'binary', 'empty']) assert.ok(!broken.files.has(`broken/${name}/index.html`), name);
  });
  test('the good pages are byte-identical to a build without the broken pages', async () => {
    const clean = await copyFixture('bad-input');
    await rm(join(clean, 'content/docs/broken'), { recursive: true });
    const good = await buildInMemory(clean);
    assert.equal(broken.html('/docs/good/'), good.html('/docs/good/'));
    assert.equal(broken.html('/docs/'), good.html('/docs/'));
  });
});

describe('exit status', () => {
  test('errors (invalid front matter, duplicate route) exit non-zero, after reporting every problem', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, '--root', root, '--out', join(root, 'build')], { encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /content\/docs\/broken\/invalid-yaml.md:4: error: Invalid YAML/);
    assert.match(r.stderr, /content\/docs\/broken\/bad-math.md:8:1: warning: Invalid maths/);
    assert.match(r.stdout, /Built \d+ pages/);
  });
  test('warnings alone never fail the build', async () => {
    const warnOnly = await copyFixture('bad-input');
    for (const f of ['invalid-yaml.md', 'missing-title.md', 'dup-one.md', 'dup-two.md', 'missing-include.md', 'include-cycle.md', '_cycle-a.md', '_cycle-b.md']) await rm(join(warnOnly, 'content/docs/broken', f), { force: true });
    const r = spawnSync(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, '--root', warnOnly, '--out', join(warnOnly, 'build')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /warning/);
  });
});
