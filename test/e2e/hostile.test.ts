/**
 * The hostile suite in Chromium: every page the suite builds opens with no script run (no
 * dialog, no marker set by an injected script), no CSP violation, and the search modal shows
 * the hostile headings as text. The build half is test/unit/hostile.test.ts.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fg from 'fast-glob';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';
import { buildHostile, type HostileBuild } from '../helpers/hostile.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
let browser: Browser;
let h: HostileBuild;
let site: { url: string; close: () => Promise<void> };

before(async () => {
  if (skip) return;
  h = await buildHostile();
  site = await serveBuild(h.out);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

describe('hostile pages in the browser', { skip }, () => {
  test('no page runs a script from content or violates the CSP', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      // Any alert/confirm/prompt from content would record itself here as well as open a dialog.
      for (const name of ['alert', 'confirm', 'prompt'] as const) (window as unknown as Record<string, unknown>)[name] = (m: unknown) => w.__csp.push(`${name}(${String(m)})`);
    });
    const dialogs: string[] = [];
    context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));
    const page = await context.newPage();
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    const routes = (await fg('**/index.html', { cwd: h.out })).map((f) => '/docs/' + f.replace(/index\.html$/, ''));
    assert.ok(routes.length > 40, `${routes.length} pages`);
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(site.url + route);
      await page.waitForLoadState('load');
      // Every link of the article must lead somewhere harmless (a script URL would run on click).
      for (const link of await page.locator('.markdown a[href]').all()) {
        const href = (await link.getAttribute('href')) ?? '';
        if (/^\s*(javascript|vbscript|data):/i.test(href)) problems.push(`${route}: link to ${href}`);
      }
      // Diagrams missing from the cache are drawn in the browser: wait for them too.
      await page.waitForFunction(() => document.querySelectorAll('pre.mermaid').length === 0 || document.querySelector('.mermaid-error') !== null, undefined, { timeout: 15_000 }).catch(() => undefined);
      await page.waitForTimeout(50);
      const recorded = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      for (const r of recorded) problems.push(`${route}: ${r}`);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  test('the search modal shows hostile headings as text, also from recent searches', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    await page.goto(site.url + '/docs/h/ordinary/');
    await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('onerror');
    const hit = page.locator('.DocSearch-Hit').first();
    await hit.waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    await hit.click();
    await page.waitForLoadState('load');
    await page.goto(site.url + '/docs/h/ordinary/');
    await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Hit').first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.DocSearch-Modal img, .DocSearch-Modal script').count(), 0);
    await page.waitForTimeout(200);
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  test('offline, the list of saved pages shows a hostile title as text', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    await page.goto(site.url + '/docs/h/title-markup/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.reload(); // through the worker, so saved
    await context.setOffline(true);
    await page.goto(site.url + '/docs/h/ordinary/');
    assert.equal(await page.locator('h1').innerText(), 'You are offline');
    assert.deepEqual(await page.locator('.offline__pages a').allInnerTexts(), ['<script>alert(1)</script> sturgeon']);
    assert.equal(await page.locator('.offline__pages script').count(), 0);
    await page.waitForTimeout(200);
    assert.deepEqual(dialogs, []);
    await context.close();
  });
});
