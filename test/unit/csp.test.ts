/** The CSP module and the built pages: every inline script of every page is allowed by its policy's hashes. */
import { test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { buildFixture } from '../helpers/fixture.ts';
import { unhashedInlineScripts } from '../helpers/csp.ts';
import { algoliaConnectSources, headersFile, metaPolicy, parseHeadersFile, scriptHash, securityHeaders } from '../../src/pipeline/policy/csp.ts';

test('every HTML file of a build allows exactly the inline scripts it has', async () => {
  const { files } = await buildFixture('site');
  const pages = [...files.keys()].filter((f) => f.endsWith('.html'));
  assert.ok(pages.length > 5);
  for (const path of pages) assert.deepEqual(unhashedInlineScripts(files.get(path)!), [], path);
  const headers = parseHeadersFile(files.get('_headers')!);
  assert.match(headers['Content-Security-Policy']!, /frame-ancestors 'self'$/);
});

test('the policy: hashes of the inline scripts, no unsafe script source, Algolia hosts only when configured', () => {
  const input = { inlineScripts: ['a()', 'b()', 'a()'], connect: [] };
  const csp = metaPolicy(input);
  assert.equal(scriptHash('a()'), `'sha256-${createHash('sha256').update('a()').digest('base64')}'`);
  assert.equal(csp.match(/'sha256-/g)!.length, 2, 'one hash per distinct script');
  assert.match(csp, /object-src 'none'/);
  assert.doesNotMatch(csp, /frame-ancestors/, 'browsers ignore frame-ancestors in <meta>');
  assert.doesNotMatch(/script-src[^;]*/.exec(csp)![0], /unsafe|\*|https:/);
  assert.match(csp, /connect-src 'self';/);
  assert.deepEqual(algoliaConnectSources(undefined), []);
  const algolia = algoliaConnectSources({ appId: 'ABC', apiKey: 'k', indexName: 'i', insights: true });
  assert.ok(algolia.includes('https://abc-dsn.algolia.net') && algolia.includes('https://insights.algolia.io'));
  assert.deepEqual(algoliaConnectSources({ appId: 'ABC', apiKey: 'k', indexName: 'i', insights: false, hosts: ['http://127.0.0.1:9/x'] }), ['http://127.0.0.1:9']);
  const file = headersFile('/docs/', securityHeaders(input));
  assert.deepEqual(parseHeadersFile(file), securityHeaders(input));
});
