/**
 * The ingestion example catalogue as a whole (spec §5, §7, §9): each entry inserts into
 * `trades` (`c_trades` in C, `cpp_trades` in C++) on localhost, TCP kinds on 9009 and HTTP
 * kinds on 9000, prints 'Error running example:' or 'Got error' with the client's error,
 * uses the documented example key for the auth kinds, and the C entries reserve a 64 KB
 * buffer. The JavaScript entries also run: examples-javascript.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_KINDS, EXAMPLE_LANGUAGES, fillPlaceholders, loadExamples } from '../../src/pipeline/load/load-examples.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE_KEY = { kid: 'admin', d: '5UjEMuA0Pj5pjK8a-fa24dyIf-Es5mYny3oE_Wmus48', x: 'fLKYEaoEb9lrn3nkwLDA-M_xnuFOdSt9y0Z7_vWSHLU', y: 'Dt5tbS1dEDMSYfym3fgMv0B99szno-dFc1rYF9t0aac' };

test('every catalogue entry follows the catalogue rules', async () => {
  const { entries, diagnostics } = await loadExamples(ROOT);
  assert.deepEqual(diagnostics, []);
  assert.ok(entries.size >= 30, `only ${entries.size} entries`);
  for (const e of entries.values()) {
    const where = e.file;
    const { code, missing } = fillPlaceholders(e);
    assert.deepEqual(missing, [], `${where}: placeholders without values`);
    const table = e.language === 'c' ? 'c_trades' : e.language === 'cpp' ? 'cpp_trades' : 'trades';
    assert.ok(new RegExp(`["']${table}["']|\\b${table}\\b`).test(code), `${where}: inserts into ${table}`);
    assert.equal(e.addr?.host, 'localhost', `${where}: host`);
    assert.equal(e.addr?.port, e.kind.startsWith('ilp-http') || e.kind === 'ilp-from-conf' ? 9000 : 9009, `${where}: port`);
    assert.match(code, /Error running example:|Got error/, `${where}: failure message`);
    if (e.kind === 'ilp-auth' || e.kind === 'ilp-auth-tls') {
      assert.equal(e.auth?.kid, EXAMPLE_KEY.kid, `${where}: key id`);
      assert.equal(e.auth?.d, EXAMPLE_KEY.d, `${where}: private key`);
      assert.ok(code.includes(EXAMPLE_KEY.d), `${where}: the code uses the key`);
      if (e.auth?.x !== undefined) assert.deepEqual([e.auth.x, e.auth.y], [EXAMPLE_KEY.x, EXAMPLE_KEY.y], `${where}: public key parts`);
    }
    if (e.kind === 'ilp-auth-tls') assert.match(code, /tcps::/, `${where}: TLS transport`);
    if (e.language === 'c') assert.match(code, /65536|64 \* 1024/, `${where}: 64 KB initial buffer`);
  }
});

test('each kind is shown in every language whose client supports it', async () => {
  const { entries } = await loadExamples(ROOT);
  for (const kind of EXAMPLE_KINDS) {
    const languages = EXAMPLE_LANGUAGES.filter((l) => entries.has(`${kind}/${l}`));
    assert.ok(languages.length >= 6, `${kind}: only ${languages.join(', ')}`);
  }
});
