/**
 * The real site builds with no error and no warning; every routed page has its HTML and
 * its Markdown copy, and no syntax of our content language survives in any copy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../../src/pipeline/build.ts';
import { formatDiagnostic } from '../../src/pipeline/diagnostics.ts';
import { listPageFiles } from '../../src/pipeline/load/load-pages.ts';
import { CONTENT_LANGUAGE_LEFTOVERS } from '../helpers/content-language.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('the real site: zero errors, zero warnings, one HTML file and one Markdown copy per routed page, clean llms files', async () => {
  const result = await buildAll({ root: ROOT, write: false });
  assert.deepEqual(result.diagnostics.map(formatDiagnostic), []);
  const routed = await listPageFiles(ROOT);
  assert.equal(result.compiled.length, routed.length, 'every routed page was built');
  const files = new Map(result.outputs.filter((o) => 'contents' in o).map((o) => [o.path, String((o as { contents: unknown }).contents)]));
  for (const page of result.compiled) {
    const dir = page.source.route.replace(/^\/docs\//, '');
    assert.ok(files.has(dir + 'index.html'), page.source.file);
    const md = files.get(dir + 'index.md');
    assert.ok(md && md.startsWith(`# ${page.source.frontMatter.title.replace(/[*_`[\]\\<]/g, (c) => '\\' + c)}\n`), `${page.source.file}: no Markdown copy, or one without its title`);
    for (const re of CONTENT_LANGUAGE_LEFTOVERS) assert.doesNotMatch(md, re, `${page.source.file}: ${re} survives in its Markdown copy`);
  }
  const llms = files.get('llms.txt')!;
  assert.match(llms, /^# QuestDB\n\n> /);
  const sections = [...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(sections.slice(1, 4), ['Getting started', 'Ingestion', 'Query & SQL'], 'sidebar order');
  for (const m of llms.matchAll(/\(https:\/\/questdb\.com\/docs\/((?:[a-z0-9-]+\/)?llms-full\.txt)\)/g)) assert.ok(files.has(m[1]!), `${m[1]} is listed but not built`);
});
