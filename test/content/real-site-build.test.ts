/** The real site builds with no error and no warning, and every routed page has its HTML. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../../src/pipeline/build.ts';
import { formatDiagnostic } from '../../src/pipeline/diagnostics.ts';
import { listPageFiles } from '../../src/pipeline/load/load-pages.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('the real site: zero errors, zero warnings, one HTML file per routed page', async () => {
  const result = await buildAll({ root: ROOT, write: false });
  assert.deepEqual(result.diagnostics.map(formatDiagnostic), []);
  const routed = await listPageFiles(ROOT);
  assert.equal(result.compiled.length, routed.length, 'every routed page was built');
  const html = new Set(result.outputs.map((o) => o.path).filter((p) => p.endsWith('index.html')));
  for (const page of result.compiled) assert.ok(html.has(page.source.route.replace(/^\/docs\//, '') + 'index.html'), page.source.file);
});
