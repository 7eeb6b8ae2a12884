/**
 * The fact-check ledger (`test/content/fact-check.tsv`): one line per routed page with the
 * sources its claims were checked against and how many were checked and fixed. A routed
 * page missing from the ledger (a new page nobody checked) fails, and so does a line for a
 * page that no longer exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listPageFiles } from '../../src/pipeline/load/load-pages.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LEDGER = fileURLToPath(new URL('./fact-check.tsv', import.meta.url));

interface Entry {
  page: string;
  sources: string;
  checked: number;
  fixed: number;
  line: number;
}

function readLedger(): Entry[] {
  return readFileSync(LEDGER, 'utf8')
    .split('\n')
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'))
    .map(({ text, line }) => {
      const [page = '', sources = '', checked = '', fixed = ''] = text.split('\t');
      assert.match(checked, /^\d+$/, `fact-check.tsv:${line}: claims checked must be a number`);
      assert.match(fixed, /^\d+$/, `fact-check.tsv:${line}: claims fixed must be a number`);
      return { page, sources, checked: Number(checked), fixed: Number(fixed), line };
    });
}

test('every routed page is in the fact-check ledger, with its sources, and only once', async () => {
  const routed = (await listPageFiles(ROOT)).map((rel) => `content/docs/${rel}`);
  const ledger = readLedger();
  const seen = new Map<string, number>();
  for (const e of ledger) {
    assert.ok(!seen.has(e.page), `fact-check.tsv:${e.line}: ${e.page} is listed twice (also line ${seen.get(e.page)})`);
    seen.set(e.page, e.line);
    assert.ok(e.sources.trim().length > 0, `fact-check.tsv:${e.line}: ${e.page} names no source`);
    assert.ok(e.fixed <= e.checked, `fact-check.tsv:${e.line}: more claims fixed than checked`);
  }
  const missing = routed.filter((p) => !seen.has(p));
  assert.deepEqual(missing, [], 'routed pages missing from test/content/fact-check.tsv: add a line for each after checking it');
  const stale = ledger.filter((e) => !routed.includes(e.page)).map((e) => `${e.page} (line ${e.line})`);
  assert.deepEqual(stale, [], 'ledger lines for pages that are not routed pages');
});
