/** Builds fixture sites in memory for tests, once per fixture and process. */
import { fileURLToPath } from 'node:url';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAll, type BuildResult } from '../../src/pipeline/build.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface BuiltFixture {
  result: BuildResult;
  /** Output text by path under build/ (copied files are left out). */
  files: Map<string, string>;
  html(route: string): string;
}

const cache = new Map<string, Promise<BuiltFixture>>();

/** Builds `<root>` without writing; outputs are kept in memory. */
export async function buildInMemory(root: string): Promise<BuiltFixture> {
  const result = await buildAll({ root, write: false });
  const files = new Map<string, string>();
  for (const f of result.outputs) if ('contents' in f) files.set(f.path, typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8'));
  return {
    result,
    files,
    html(route: string) {
      const path = route.replace(/^\/docs\//, '') + 'index.html';
      const html = files.get(path);
      if (html === undefined) throw new Error(`no page at ${route} (${path}); have: ${[...files.keys()].filter((k) => k.endsWith('.html')).join(', ')}`);
      return html;
    },
  };
}

/** The named fixture under test/fixtures, built once. */
export function buildFixture(name: string): Promise<BuiltFixture> {
  let p = cache.get(name);
  if (!p) cache.set(name, (p = buildInMemory(join(FIXTURES, name))));
  return p;
}

/** Copies a fixture to a fresh temp folder, for tests that change files. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `qdb-${name}-`));
  await cp(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** The text between the markdown container's start and the article footer. */
export function articleBody(html: string): string {
  const start = html.indexOf('<div class="markdown"');
  const end = html.indexOf('<footer class="doc__footer">');
  return html.slice(start, end);
}
