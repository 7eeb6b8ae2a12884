/**
 * The strict Content-Security-Policy in Chromium: every kind of page (a plain page, one with
 * tabs, maths and a diagram, the home page, the results page with the modal used, the 404
 * page, a page served offline by the service worker, and search on Algolia's mock) runs
 * with zero `securitypolicyviolation` events, under both the page's `<meta>` policy and the
 * `_headers` policy the preview server sends. The 404 page's script stays on this origin.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, reloadUntilControlled, serveBuild } from '../helpers/browser.ts';
import { startMockAlgolia, type MockAlgolia } from '../helpers/mock-algolia.ts';
import type { SearchRecord } from '../../src/shared/search/types.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
let browser: Browser;

/** A context whose pages record every CSP violation (and refusals Chromium only logs). */
async function recordingContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; violations: string[]; watch: (page: Page) => void }> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ((window as unknown as { __csp: string[] }).__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const violations: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load|connect|apply|frame)/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
  };
  context.on('page', watch);
  return { context, violations, watch };
}

async function violationsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

before(async () => {
  if (skip) return;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('content security policy on the fixture site', { skip }, () => {
  let site: { url: string; close: () => Promise<void> };
  let out: string;
  before(async () => {
    out = await buildToTemp(join(FIXTURES, 'site'));
    site = await serveBuild(out);
  });
  after(async () => {
    await site?.close();
  });

  test('every page carries the policy in <meta>, and _headers has it with frame-ancestors and the other headers', async () => {
    const html = await readFile(join(out, 'concept/constructs/index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/.exec(html)?.[1]?.replace(/&#x27;/g, "'");
    assert.ok(meta, 'a CSP meta tag');
    assert.ok(html.indexOf('http-equiv="Content-Security-Policy"') < html.indexOf('<script'), 'the policy comes before any script');
    assert.match(meta, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    assert.doesNotMatch(meta, /unsafe-inline'[^;]*;\s*style-src/, "no 'unsafe-inline' for scripts");
    assert.doesNotMatch(meta.split(';').find((d) => d.trim().startsWith('script-src'))!, /unsafe/);
    assert.match(meta, /object-src 'none'/);
    assert.match(meta, /base-uri 'self'/);
    assert.match(meta, /connect-src 'self';/, 'no search host without Algolia');
    const headers = await readFile(join(out, '_headers'), 'utf8');
    assert.match(headers, /^\/docs\/\*\n/);
    assert.ok(headers.includes(`Content-Security-Policy: ${meta}; frame-ancestors 'self'`), 'the header policy is the page policy plus frame-ancestors');
    for (const h of ['X-Content-Type-Options: nosniff', 'Referrer-Policy: ', 'Permissions-Policy: ']) assert.ok(headers.includes(h), h);
    const response = await fetch(site.url + '/docs/concept/constructs/');
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'/, 'the preview server sends _headers');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  test('no violation on the home page, a page with tabs, maths and a diagram, the 404 page and the results page with the modal used', async () => {
    const { context, violations } = await recordingContext();
    const page = await context.newPage();
    for (const path of ['/docs/', '/docs/concept/constructs/', '/docs/concept/links/', '/docs/no-such-page/', '/docs/search/?q=sample']) {
      await page.goto(site.url + path);
      await page.waitForLoadState('networkidle');
      // Wake every island: scroll through the page, use the tabs, copy buttons, the menus.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
      });
      const tab = page.locator('[role="tab"]').nth(1);
      if (await tab.count()) await tab.click();
      await page.waitForTimeout(300);
      assert.deepEqual(await violationsIn(page), [], path);
    }
    // The modal: open, type, choose a hit.
    await page.goto(site.url + '/docs/concept/constructs/');
    await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('links');
    await page.locator('.DocSearch-Hits, .DocSearch-NoResults').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(300);
    assert.deepEqual(await violationsIn(page), [], 'modal');
    assert.deepEqual(violations, []);
    await context.close();
  });

  test('offline: pages served by the service worker run under the same policy without violations', async () => {
    const { context, violations } = await recordingContext();
    const page = await context.newPage();
    await page.goto(site.url + '/docs/concept/constructs/?offlineMode=true');
    await page.locator('[data-island="service-worker"][data-sw-ready]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/docs/'))?.active?.scriptURL.endsWith('offlineMode=true'), undefined, { timeout: 60_000 });
    // Served by the worker only once it controls the page (a reload after activation makes sure).
    await reloadUntilControlled(page);
    await context.setOffline(true);
    await page.goto(site.url + '/docs/concept/links/');
    await page.waitForTimeout(500);
    assert.ok((await page.locator('h1').innerText()).length > 0, 'the page opened offline');
    assert.deepEqual(await violationsIn(page), []);
    assert.deepEqual(violations, []);
    await context.close();
  });

  test('the 404 page adds a missing slash on this origin only, never for a path naming another host', async () => {
    const { context } = await recordingContext();
    const page = await context.newPage();
    await page.goto(site.url + '/docs/concept/links');
    await page.waitForURL(site.url + '/docs/concept/links/');
    for (const path of ['//other.example/x', '/%2F%2Fother.example/x', '//other.example/x.html']) {
      await page.goto(site.url + path).catch(() => undefined);
      await page.waitForTimeout(300);
      assert.equal(new URL(page.url()).origin, site.url, `${path} stayed on this origin (at ${page.url()})`);
    }
    await context.close();
  });
});

describe('content security policy with Algolia (mock server)', { skip }, () => {
  let mock: MockAlgolia;
  let site: { url: string; close: () => Promise<void> };
  let dir: string;
  before(async () => {
    mock = await startMockAlgolia();
    const env = { ALGOLIA_APP_ID: 'TESTAPP', ALGOLIA_API_KEY: 'search-key', ALGOLIA_INDEX_NAME: 'docs', ALGOLIA_INSIGHTS: 'true', ALGOLIA_HOSTS: mock.url, ALGOLIA_INSIGHTS_HOST: mock.url };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      dir = await buildToTemp(join(FIXTURES, 'search'));
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    site = await serveBuild(dir);
    const records = JSON.parse(await readFile(join(dir, 'search/records.json'), 'utf8')) as SearchRecord[];
    mock.indexes.set('docs', records.map((r) => ({ ...r, url: r.url.replace('https://questdb.com', site.url) })));
  });
  after(async () => {
    await site?.close();
    await mock?.close();
  });

  test("the search host is in connect-src, and querying it raises no violation", async () => {
    const html = await readFile(join(dir, 'sql/sample-by/index.html'), 'utf8');
    assert.ok(html.includes(`connect-src &#x27;self&#x27; ${mock.url}`), 'the mock host is allowed');
    const { context, violations } = await recordingContext();
    const page = await context.newPage();
    await page.goto(site.url + '/docs/sql/sample-by/');
    await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('avg');
    await page.locator('.DocSearch-Hits').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    assert.deepEqual(await violationsIn(page), []);
    assert.deepEqual(violations, []);
    await context.close();
  });
});
