/// <reference lib="dom" />
/**
 * With JavaScript disabled every page is complete: content, sidebar, table of contents
 * and working links. Runs the fixture site and the real site in Debian's Chromium.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import fg from 'fast-glob';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
let browser: Browser;
let fixture: { url: string; close: () => Promise<void> };
let real: { url: string; close: () => Promise<void> };
let realRoutes: string[] = [];

before(async () => {
  if (skip) return;
  fixture = await serveBuild(await buildToTemp(join(FIXTURES, 'site')));
  const realOut = await buildToTemp(fileURLToPath(new URL('../../', import.meta.url)));
  real = await serveBuild(realOut);
  // Every documentation page (the search results page is a tool, tested in search.test.ts; the offline page is the service worker's, in service-worker.test.ts).
  realRoutes = (await fg('**/index.html', { cwd: realOut, ignore: ['search/index.html', 'offline/index.html'] })).map((f) => '/docs/' + f.replace(/index\.html$/, '')).sort();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await fixture?.close();
  await real?.close();
});

async function noJsPage(width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  return context.newPage();
}

describe('pages read fully with JavaScript off', { skip }, () => {
  test('desktop: content, sidebar, table of contents and links are there and work', async () => {
    const page = await noJsPage(1280);
    await page.goto(fixture.url + '/docs/concept/links/');
    assert.equal(await page.locator('h1').textContent(), 'Links and anchors');
    assert.ok(await page.locator('.sidebar').isVisible());
    assert.ok(await page.getByRole('link', { name: 'Every construct' }).first().isVisible());
    assert.ok(await page.locator('nav.toc').isVisible(), 'desktop toc visible');
    assert.equal(await page.locator('nav.toc a').count(), 5);
    // Categories open and close without JavaScript.
    const reference = page.locator('.sidebar details', { hasText: 'Reference' });
    assert.equal(await reference.getAttribute('open'), null);
    await reference.locator('summary').click();
    assert.equal(await reference.getAttribute('open'), '');
    // A sidebar link navigates.
    await page.locator('.sidebar').getByRole('link', { name: 'Every construct' }).click();
    await page.waitForURL(/\/docs\/concept\/constructs\/$/);
    // Every tab panel is readable under its label.
    assert.ok(await page.getByText('Python panel text.').isVisible());
    assert.ok(await page.getByText('Go panel text.').isVisible());
    await page.context().close();
  });

  test('mobile: the docs menu and the table of contents open without JavaScript', async () => {
    const page = await noJsPage(390);
    await page.goto(fixture.url + '/docs/concept/links/');
    assert.equal(await page.locator('nav.toc').isVisible(), false);
    await page.locator('.toc-mobile summary').click();
    assert.ok(await page.locator('#toc-mobile').isVisible());
    assert.equal(await page.locator('.layout__sidebar').isVisible(), false);
    await page.locator('.docs-nav-toggle__label').click();
    assert.ok(await page.locator('.layout__sidebar').isVisible());
    assert.ok(await page.locator('.layout__sidebar').getByRole('link', { name: 'Every construct' }).isVisible());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page overflows by ${overflow}px`);
    await page.context().close();
  });

  test('the real docs home renders its content and links', async () => {
    const page = await noJsPage(1280);
    const res = await page.goto(real.url + '/docs/');
    assert.equal(res?.status(), 200);
    assert.ok((await page.locator('.markdown').innerText()).length > 1000);
    assert.ok((await page.locator('.sidebar a').count()) >= 1);
    assert.equal(await page.title(), `${await page.locator('h1').textContent()} | QuestDB`);
    await page.context().close();
  });

  test('every page of the real site has its title, content, sidebar and working in-page anchors', async () => {
    const page = await noJsPage(1280);
    assert.ok(realRoutes.length >= 1);
    for (const route of realRoutes) {
      const res = await page.goto(real.url + route);
      assert.equal(res?.status(), 200, route);
      assert.ok(await page.locator('h1').isVisible(), `${route}: no visible title`);
      assert.ok((await page.locator('.markdown').innerText()).trim().length > 0, `${route}: empty body`);
      assert.ok(await page.locator('nav.sidebar').isVisible(), `${route}: no sidebar`);
      for (const id of await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash.slice(1)))) {
        assert.equal(await page.locator(`[id="${id}"]`).count(), 1, `${route}: toc entry #${id} has no target`);
      }
    }
    await page.context().close();
  });

  test('.html paths end at their trailing-slash route', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(fixture.url + '/docs/concept/links.html');
    assert.equal(new URL(page.url()).pathname, '/docs/concept/links/');
    await context.close();
  });
});

describe('wrong base path', { skip }, () => {
  test('a home page served elsewhere shows the banner with a base path to use', async () => {
    // Serve the page's HTML at /site/ instead of /docs/.
    const context = await browser.newContext();
    const page = await context.newPage();
    const html = await (await fetch(fixture.url + '/docs/')).text();
    await page.route('http://wrong.invalid/site/', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
    await page.route('http://wrong.invalid/**', (route) => (route.request().url() === 'http://wrong.invalid/site/' ? route.fallback() : route.fulfill({ status: 404, body: '' })));
    await page.goto('http://wrong.invalid/site/');
    const banner = page.locator('#base-path-banner');
    assert.ok(await banner.isVisible());
    assert.match((await banner.textContent())!, /did not load properly.*\/docs\/.*\/site\//);
    await context.close();
  });
});

describe('with JavaScript', { skip }, () => {
  test('a mermaid diagram missing from the cache is drawn in the browser', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(fixture.url + '/docs/concept/constructs/');
    await page.locator('figure.mermaid-diagram svg', { hasText: 'Client' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('pre.mermaid[data-mermaid-pending]').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
