/**
 * The ledgers of checks by kind (test/content/fact-check-by-kind/*.tsv): one file per kind of
 * claim, checked across every page against code. Each line names a routed page, its counts for
 * that kind, and sources pinned to a tag or commit; a docs-only claim is counted and named.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listPageFiles } from '../../src/pipeline/load/load-pages.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIR = 'test/content/fact-check-by-kind/';
const HEADER = ['page', 'claims_checked', 'claims_wrong', 'docs_only', 'sources', 'notes'];
const KINDS = ['server-config', 'client-options', 'client-failure', 'cli-env', 'error-texts', 'comparisons'];
/** owner/repo@ref:path, where ref is a tag (v1.2.3, 8.3.3) or a commit of 7 to 40 hex digits. */
const PINNED_SOURCE = /^[\w.-]+\/[\w.-]+@[\w.-]+(:\S.*)?$/;

const files = readdirSync(ROOT + DIR).filter((f) => f.endsWith('.tsv')).sort();

test('every file of the checks by kind is a known kind', () => {
  for (const f of files) assert.ok(KINDS.includes(f.replace(/\.tsv$/, '')), `${DIR}${f}: not a kind this ledger knows (${KINDS.join(', ')}); see ${DIR}README.md`);
});

for (const f of files) {
  test(`${DIR}${f}: one well-formed line per routed page`, async () => {
    const routed = new Set(await listPageFiles(ROOT));
    const rows = readFileSync(ROOT + DIR + f, 'utf8').split('\n');
    assert.deepEqual(rows[0]!.split('\t'), HEADER, `${DIR}${f}:1 is the header: ${HEADER.join(' <tab> ')}`);
    const seen = new Set<string>();
    rows.slice(1).forEach((row, i) => {
      if (row.trim() === '') return;
      const at = `${DIR}${f}:${i + 2}`;
      const cells = row.split('\t');
      assert.equal(cells.length, HEADER.length, `${at} has ${cells.length} tab-separated fields; it needs ${HEADER.length}`);
      const [page, checked, wrong, docsOnly, sources, notes] = cells as [string, string, string, string, string, string];
      assert.ok(routed.has(page), `${at}: ${page} is not a routed page under content/docs`);
      assert.ok(!seen.has(page), `${at}: ${page} is listed twice`);
      seen.add(page);
      assert.match(checked, /^[1-9]\d*$/, `${at}: claims_checked must be a positive whole number`);
      assert.match(wrong, /^\d+$/, `${at}: claims_wrong must be a whole number`);
      assert.match(docsOnly, /^\d+$/, `${at}: docs_only must be a whole number`);
      assert.ok(Number(wrong) + Number(docsOnly) <= Number(checked), `${at}: more wrong and docs-only claims than checked`);
      const docsOnlyNamed = (notes.match(/docs-only:/g) ?? []).length;
      assert.equal(docsOnlyNamed, Number(docsOnly), `${at}: docs_only is ${docsOnly} but notes name ${docsOnlyNamed} ("docs-only: …" for each)`);
      for (const s of sources.split(';').map((x) => x.trim()).filter(Boolean)) {
        assert.match(s, PINNED_SOURCE, `${at}: source "${s}" needs a tag or commit (owner/repo@ref:path)`);
      }
      assert.notEqual(notes.trim(), '', `${at}: say what was wrong, or "no errors found"`);
    });
  });
}
