/**
 * The hostile suite (test/fixtures/hostile): pages that try to read files outside the
 * repository, write outside build/, run scripts, hang or crash the build. Copies it into a
 * temporary folder, adds what git should not hold (a secret beside the repository, symlinks
 * that lead to it, links that loop, file names with URL-reserved characters) and builds it
 * once, written to disk like a real build.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildAll, type BuildResult } from '../../src/pipeline/build.ts';
import { FIXTURES } from './fixture.ts';

export interface HostileBuild {
  /** The temporary folder: `site/` (the repository), `secret.txt`, `secret.json`. */
  top: string;
  site: string;
  out: string;
  /** The text of the secret files; it must appear in no output. */
  secret: string;
  result: BuildResult;
  /** Files under `top` before the build, to prove nothing was written outside build/. */
  before: string[];
  after: string[];
  /** Expected diagnostics: file → rule (null: the page only has to build safely). */
  expected: Record<string, { rule: string; line?: number; text?: string; severity?: string } | null>;
}

/** Every file and link under `dir`, relative to it (links are not followed). */
export async function listTree(dir: string, skip = new Set<string>()): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const rel = relative(dir, p);
      if (skip.has(rel)) continue;
      out.push(rel);
      if (e.isDirectory() && !e.isSymbolicLink()) await walk(p);
    }
  };
  await walk(dir);
  return out.sort();
}

export async function buildHostile(): Promise<HostileBuild> {
  const top = await mkdtemp(join(tmpdir(), 'qdb-hostile-'));
  const site = join(top, 'site');
  await cp(join(FIXTURES, 'hostile'), site, { recursive: true });
  const secret = `HOSTILE-SECRET-${process.pid}-${Date.now()}`;
  await writeFile(join(top, 'secret.txt'), `${secret}\n`);
  await writeFile(join(top, 'secret.json'), JSON.stringify([{ key: 'leak', description: secret, default: secret }]));
  const h = join(site, 'content/docs/h');
  // Links that lead out of the repository, to files and to folders.
  await symlink(join(top, 'secret.txt'), join(h, 'link-page.md'));
  await symlink(join(top, 'secret.txt'), join(h, '_secret-link.md'));
  await symlink(join(top, 'secret.json'), join(h, '_secret-config.json'));
  await symlink(top, join(h, 'linked-folder'));
  await symlink(join(top, 'secret.txt'), join(site, 'public/leak.txt'));
  await mkdir(join(site, 'content/examples/ilp'), { recursive: true });
  await symlink(join(top, 'secret.txt'), join(site, 'content/examples/ilp/python.md'));
  await mkdir(join(site, 'content/data'), { recursive: true }); // git keeps no empty folder
  await symlink(join(top, 'secret.json'), join(site, 'content/data/release.json'));
  // Links that loop.
  await mkdir(join(h, 'loop'));
  await symlink('.', join(h, 'loop/a'));
  await symlink('.', join(h, 'loop/b'));
  await symlink('..', join(h, 'loop/up'));
  // File names with URL-reserved characters.
  const fm = (t: string) => `---\ntitle: ${t}\ndescription: A file name with a reserved character.\n---\n\nText.\n`;
  for (const name of ['hash#name', 'what?', 'per%cent', 'space name', 'quote"name', 'lt<gt>']) await writeFile(join(h, `${name}.md`), fm('Reserved'));
  // Front matter past every limit: 60,000 keywords (some very long), a title of 5,000 characters.
  const flood = Array.from({ length: 60_000 }, (_, i) => (i % 1000 === 7 ? `long ${'x'.repeat(300)} ${i}` : `keyword${i}`));
  await writeFile(join(h, 'keywords-flood.md'), `---\ntitle: "${'Long title '.repeat(450)}"\ndescription: "${'A description far too long. '.repeat(40)}"\nsidebar_label: "${'label '.repeat(40)}"\nkeywords: [${flood.join(', ')}]\n---\n\nA page whose front matter tries to fill the first search download.\n`);
  const expected = JSON.parse(await readFile(join(site, 'expected.json'), 'utf8')) as HostileBuild['expected'];
  expected['content/docs/h/link-page.md'] = { rule: 'page-outside', line: 1, severity: 'error' };
  expected['content/docs/h/linked-folder'] = { rule: 'symlink' };
  expected['content/docs/h/loop/a'] = { rule: 'symlink' };
  expected['content/docs/h/loop/b'] = { rule: 'symlink' };
  expected['content/examples/ilp/python.md'] = { rule: 'example', severity: 'error' };
  expected['content/data/release.json'] = { rule: 'data', severity: 'error' };
  expected['content/sidebars.ts'] = { rule: 'unsafe-url', line: 5, severity: 'error' };
  for (const name of ['hash#name', 'what?', 'per%cent', 'space name', 'quote"name', 'lt<gt>']) expected[`content/docs/h/${name}.md`] = { rule: 'route', severity: 'error' };
  expected['content/docs/h/keywords-flood.md'] = { rule: 'front-matter', line: 5, severity: 'warning', text: '60000 keywords' };
  const out = join(site, 'build');
  const before = await listTree(top);
  const result = await buildAll({ root: site, outDir: out });
  const after = await listTree(top, new Set([relative(top, out)]));
  return { top, site, out, secret, result, before, after, expected };
}
