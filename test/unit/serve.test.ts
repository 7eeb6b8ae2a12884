/** The preview server's routing rules (shared with watch mode). */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { serveStatic, defaultCacheControl } from '../../src/pipeline/serve/static-handler.ts';

const files: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'concept/ttl/index.html': '<h1>ttl</h1>',
  '404.html': '<h1>not found</h1>',
  'assets/css/site.0123456789.css': 'body{}',
};
let server: Server;
let base: string;

before(async () => {
  server = createServer((req, res) => void serveStatic(req, res, async (rel) => files[rel], defaultCacheControl));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
after(() => server.close());

const get = (path: string) => fetch(base + path, { redirect: 'manual' });

describe('static handler', () => {
  test('serves pages at trailing-slash routes', async () => {
    const r = await get('/docs/concept/ttl/');
    assert.equal(r.status, 200);
    assert.equal(await r.text(), '<h1>ttl</h1>');
    assert.match(r.headers.get('content-type')!, /text\/html/);
  });
  test('redirects index.html and .html paths to the route', async () => {
    for (const [from, to] of [['/docs/concept/ttl/index.html', '/docs/concept/ttl/'], ['/docs/concept/ttl.html', '/docs/concept/ttl/'], ['/docs/index.html', '/docs/']] as const) {
      const r = await get(from);
      assert.equal(r.status, 301, from);
      assert.equal(r.headers.get('location'), to, from);
    }
  });
  test('adds a missing trailing slash and keeps the query', async () => {
    const r = await get('/docs/concept/ttl?x=1');
    assert.equal(r.status, 301);
    assert.equal(r.headers.get('location'), '/docs/concept/ttl/?x=1');
    assert.equal((await get('/docs')).headers.get('location'), '/docs/');
  });
  test('unknown paths get the 404 page with status 404', async () => {
    const r = await get('/docs/nope/');
    assert.equal(r.status, 404);
    assert.equal(await r.text(), '<h1>not found</h1>');
  });
  test('hashed assets are cached for a year, pages are revalidated', async () => {
    assert.match((await get('/docs/assets/css/site.0123456789.css')).headers.get('cache-control')!, /immutable/);
    assert.equal((await get('/docs/')).headers.get('cache-control'), 'no-cache');
  });
  test('path traversal is refused', async () => {
    const r = await get('/docs/%2e%2e/%2e%2e/etc/passwd');
    assert.ok(r.status === 400 || r.status === 404);
  });
  test('never redirects to another host: encoded or doubled slashes collapse onto this one', async () => {
    for (const path of ['/%2F%2Fother.example/x.html', '//other.example/x.html', '/%2F%2Fother.example/index.html', '/%5C%5Cother.example/x.html', '/\\other.example/x.html']) {
      const r = await get(path);
      const location = r.headers.get('location');
      if (location === null) continue; // answered here (404), which is fine
      assert.match(location, /^\/[^/\\]/, `${path} → ${location}`);
      assert.equal(new URL(location, base).origin, base, `${path} → ${location}`);
    }
  });
  test('reads nothing outside the served folder, however the path is spelled', async () => {
    for (const path of ['/docs/../package.json', '/docs/%2e%2e/package.json', '/docs/%2e%2e%2fpackage.json', '/docs/..%5cpackage.json']) {
      const r = await get(path);
      assert.notEqual(r.status, 200, path);
    }
  });
});

