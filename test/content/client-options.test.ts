/**
 * Client options stated on the pages agree with the client option matrix
 * (content/data/client-options.json, read from each client's source at its tag): every default a
 * page gives for a client, every key a client's examples put in a configuration string, and
 * every statement about all clients. The last tests plant wrong statements and check that each
 * is caught, so the checks cannot pass by finding nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { readClientOptions, type ClientOptions } from '../../src/pipeline/compile/client-options-data.ts';
import { checkAllClients, checkConfStrings, checkDefaults, type Finding, type PageScope } from './client-options-claims.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MATRIX_FILE = 'content/data/client-options.json';
/** Pages whose statements are about every client unless a sentence names some. */
const ALL_CLIENT_PAGES = ['content/docs/configuration-string.md', 'content/docs/ingestion-overview.md', 'content/docs/operations/tls.md'];
/** Pages that name configuration-string keys but are about something else, with the reason. */
const NOT_CLIENT_PAGES: Record<string, string> = {
  'content/docs/third-party-tools/kafka.md': 'the Kafka connector has its own flush rules and defaults; its table describes the connector',
};
/** Example catalogue languages -> matrix clients. */
const EXAMPLE_LANGS: Record<string, string> = { python: 'python', c: 'c', cpp: 'cpp', rust: 'rust', go: 'go', javascript: 'nodejs', csharp: 'dotnet', java: 'java' };

function loadMatrix(): ClientOptions {
  const read = readClientOptions(JSON.parse(readFileSync(ROOT + MATRIX_FILE, 'utf8')));
  assert.ok('matrix' in read, `${MATRIX_FILE}: ${'problem' in read ? read.problem : ''}`);
  return read.matrix;
}

function scopes(matrix: ClientOptions): PageScope[] {
  const out: PageScope[] = ALL_CLIENT_PAGES.map((file) => ({ file, clients: [], allClients: true }));
  const byPage = new Map<string, string[]>();
  for (const c of matrix.clients) for (const p of c.pages) byPage.set(p, [...(byPage.get(p) ?? []), c.id]);
  for (const [page, clients] of byPage) out.push({ file: `content/docs/${page}`, clients, allClients: false });
  for (const file of fg.sync('content/examples/*/*.md', { cwd: ROOT })) {
    const lang = file.split('/').pop()!.replace(/\.md$/, '');
    if (EXAMPLE_LANGS[lang]) out.push({ file, clients: [EXAMPLE_LANGS[lang]!], allClients: false });
  }
  return out;
}

const show = (f: Finding) => `${f.file}:${f.line}: ${f.key}, ${f.client}: the page says ${f.says}; the matrix has ${f.matrix}`;

function check(source: string, scope: PageScope, matrix: ClientOptions): Finding[] {
  return [...checkDefaults(source, scope, matrix), ...checkConfStrings(source, scope, matrix), ...checkAllClients(source, scope, matrix)];
}

test('the client option matrix is well formed, covers every client and pins each to a tag or commit', () => {
  const matrix = loadMatrix();
  const ids = matrix.clients.map((c) => c.id).sort();
  assert.deepEqual(ids, ['c', 'cpp', 'dotnet', 'go', 'java', 'nodejs', 'python', 'rust']);
  for (const c of matrix.clients) assert.match(c.ref, /^(v?\d+\.\d+\.\d+|[0-9a-f]{7,40})$/, `${MATRIX_FILE}: client ${c.id} needs a tag or commit, not "${c.ref}"`);
  for (const key of ['addr', 'username', 'password', 'token', 'token_x', 'token_y', 'auth_timeout', 'tls_verify', 'tls_ca', 'tls_roots', 'tls_roots_password', 'auto_flush', 'auto_flush_rows', 'auto_flush_bytes', 'auto_flush_interval', 'init_buf_size', 'max_buf_size', 'max_name_len', 'request_timeout', 'request_min_throughput', 'retry_timeout', 'bind_interface', 'protocol_version']) {
    assert.ok(matrix.keys.has(key), `${MATRIX_FILE}: no row for ${key}`);
  }
});

test('a malformed matrix is described, not accepted', () => {
  const problem = (data: unknown) => {
    const read = readClientOptions(data);
    return 'problem' in read ? read.problem : 'accepted';
  };
  const clients = { a: { label: 'A', repo: 'x/a', ref: 'v1.0.0', pages: [] } };
  assert.match(problem([]), /not a JSON object/);
  assert.match(problem({ clients, keys: [{ key: 'k', cells: {} }] }), /key k has no cell for client a/);
  assert.match(problem({ clients, keys: [{ key: 'k', cells: { a: { accepted: 'maybe', default: null, transports: [], source: 's' } } }] }), /`accepted` must be/);
  assert.match(problem({ clients, keys: [{ key: 'k', cells: { a: { accepted: 'yes', default: { udp: 1 }, transports: [], source: 's' } } }] }), /one value per transport/);
  assert.match(problem({ clients: { ...clients, b: { label: 'B', repo: 'x/b', ref: '1.0.0', same_as: 'zz' } }, keys: [] }), /same_as names zz/);
});

test('every page that names a configuration-string key is checked, or excluded with a reason', () => {
  const matrix = loadMatrix();
  const checked = new Set(scopes(matrix).map((s) => s.file));
  const keyPattern = new RegExp('`(' + [...matrix.keys.keys()].filter((k) => k.includes('_')).join('|') + ')[`=]');
  const unchecked = fg.sync('content/docs/**/*.md', { cwd: ROOT })
    .filter((f) => !checked.has(f) && !NOT_CLIENT_PAGES[f] && keyPattern.test(readFileSync(ROOT + f, 'utf8')));
  assert.deepEqual(unchecked, [], 'pages that state client options but are in no scope of this test: add them to a scope (ALL_CLIENT_PAGES, a client\'s pages in the matrix) or to NOT_CLIENT_PAGES with a reason');
});

test('every client option a page states agrees with the matrix', () => {
  const matrix = loadMatrix();
  const findings: Finding[] = [];
  for (const scope of scopes(matrix)) findings.push(...check(readFileSync(ROOT + scope.file, 'utf8'), scope, matrix));
  assert.deepEqual(findings.map(show), [], `statements that disagree with ${MATRIX_FILE}:\n${findings.map(show).join('\n')}`);
});

test('a planted wrong default, key, unit or all-clients claim is caught with file, line, key and client', () => {
  const matrix = loadMatrix();
  const go: PageScope = { file: 'go.md', clients: ['go'], allClients: false };
  const java: PageScope = { file: 'java.md', clients: ['java'], allClients: false };
  const python: PageScope = { file: 'python.md', clients: ['python'], allClients: false };
  const all: PageScope = { file: 'all.md', clients: [], allClients: true };

  const wrongDefault = checkDefaults('# T\n\nA request times out after `request_timeout` (10,000 ms).\n', java, matrix);
  assert.deepEqual(wrongDefault.map((f) => [f.line, f.key, f.client]), [[3, 'request_timeout', 'java']]);
  assert.match(show(wrongDefault[0]!), /java\.md:3: request_timeout, java: the page says 10,000 ms \(another value\); the matrix has default 30000 ms/);

  assert.deepEqual(checkDefaults('- The buffer starts at 64 KiB (`init_buf_size`).\n', go, matrix).map((f) => f.key), ['init_buf_size']);
  assert.deepEqual(checkDefaults('- The buffer starts at 128 KiB (`init_buf_size`).\n', go, matrix), []);
  assert.deepEqual(checkDefaults('Table names longer than 127 characters are refused.\n', python, matrix).map((f) => f.says), ['127 characters (the limit counts bytes, not characters)']);
  assert.deepEqual(checkDefaults('Table names longer than 127 bytes are refused.\n', python, matrix), []);

  assert.deepEqual(checkConfStrings('```go\nconf := "http::addr=localhost:9000;max_name_len=64;"\n```\n', go, matrix).map((f) => [f.line, f.key, f.client]), [[2, 'max_name_len', 'go']]);
  assert.deepEqual(checkConfStrings('Use `auto_flush_rows=500` with\n\n```go\n"tcp::addr=localhost:9009;auto_flush_rows=500;"\n```\n', go, matrix).map((f) => f.matrix.split(' (')[0]), ['rejected over tcp']);

  assert.deepEqual(checkDefaults('- 600 rows over HTTP are waiting (`auto_flush_rows`).\n', python, matrix).map((f) => f.says), ['600 rows (another value)']);
  assert.deepEqual(checkDefaults('- 600 rows over TCP are waiting (`auto_flush_rows`).\n', python, matrix), []);
  const swapped = '| `request_timeout` | `http` | `30000` in Java; `10000` in the other clients | ms |\n';
  assert.deepEqual(checkDefaults(swapped, all, matrix), []);
  assert.deepEqual(checkDefaults(swapped.replace('`30000` in Java; `10000`', '`10000` in Java; `30000`'), all, matrix).map((f) => f.client).sort(), ['c', 'cpp', 'dotnet', 'go', 'java', 'nodejs', 'python', 'rust']);

  const every = checkAllClients('| `max_name_len` | all | `127` | Longest name. |\n', all, matrix);
  assert.deepEqual(every.map((f) => f.client).sort(), ['c', 'cpp', 'go', 'rust']);
  assert.deepEqual(checkAllClients('Every client accepts `auto_flush_bytes`.\n', all, matrix).map((f) => f.client).sort(), ['c', 'cpp', 'go', 'nodejs', 'rust']);
  assert.deepEqual(checkDefaults('`init_buf_size` defaults to `65536` bytes in all clients.\n', all, matrix).map((f) => f.client), ['go']);
});
