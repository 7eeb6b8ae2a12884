/**
 * The fact-check ledger (test/content/fact-check.tsv): one line per routed page, saying
 * whether the page has been checked claim by claim against QuestDB 8.3.3, how many
 * claims were checked and fixed, and the sources consulted. A routed page missing from
 * the ledger fails, so a new page cannot land without its line; a line for a page that
 * no longer exists fails too, so the ledger never drifts from the content.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listPageFiles } from '../../src/pipeline/load/load-pages.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LEDGER = 'test/content/fact-check.tsv';
const HEADER = ['page', 'status', 'claims_checked', 'claims_fixed', 'sources', 'notes'];
const STATUSES = new Set(['checked', 'pending']);

interface LedgerLine { line: number; page: string; status: string; checked: string; fixed: string; sources: string; notes: string }

function readLedger(): LedgerLine[] {
  const rows = readFileSync(ROOT + LEDGER, 'utf8').split('\n');
  assert.deepEqual(rows[0]!.split('\t'), HEADER, `${LEDGER}:1 is the header: ${HEADER.join(' <tab> ')}`);
  const out: LedgerLine[] = [];
  rows.slice(1).forEach((row, i) => {
    if (row.trim() === '') return;
    const cells = row.split('\t');
    assert.equal(cells.length, HEADER.length, `${LEDGER}:${i + 2} has ${cells.length} tab-separated fields; it needs ${HEADER.length}`);
    const [page, status, checked, fixed, sources, notes] = cells as [string, string, string, string, string, string];
    out.push({ line: i + 2, page, status, checked, fixed, sources, notes });
  });
  return out;
}

test('the fact-check ledger has exactly one line per routed page', async () => {
  const routed = new Set(await listPageFiles(ROOT));
  const seen = new Map<string, number>();
  for (const l of readLedger()) {
    assert.ok(!seen.has(l.page), `${LEDGER}:${l.line}: ${l.page} is listed again (first at line ${seen.get(l.page)})`);
    seen.set(l.page, l.line);
    assert.ok(routed.has(l.page), `${LEDGER}:${l.line}: ${l.page} is not a routed page under content/docs (renamed or removed? update the line)`);
  }
  const missing = [...routed].filter((p) => !seen.has(p));
  assert.deepEqual(missing, [], `routed pages with no ledger line (add one, status pending until the page is checked): ${missing.join(', ')}`);
});

test('each ledger line is well formed: checked lines carry counts and sources', () => {
  for (const l of readLedger()) {
    const at = `${LEDGER}:${l.line} (${l.page})`;
    assert.ok(STATUSES.has(l.status), `${at}: status is "${l.status}"; use checked or pending`);
    if (l.status === 'pending') {
      assert.equal(l.checked + l.fixed, '', `${at}: a pending page has no counts yet`);
      continue;
    }
    assert.match(l.checked, /^[1-9]\d*$/, `${at}: claims_checked must be a positive whole number`);
    assert.match(l.fixed, /^\d+$/, `${at}: claims_fixed must be a whole number`);
    assert.ok(Number(l.fixed) <= Number(l.checked), `${at}: more claims fixed (${l.fixed}) than checked (${l.checked})`);
    assert.ok(l.sources.split(';').some((s) => /^\s*[\w.-]+\/[\w.-]+/.test(s)), `${at}: name the sources consulted (owner/repo:path; …)`);
    assert.notEqual(l.notes.trim(), '', `${at}: say what was fixed, or "no errors found"`);
  }
});
