/**
 * The 404 page in Chromium: a lost reader gets the doc pages' islands there, at any depth
 * of unknown path: the search modal (Ctrl+K, `/`, the button), the product menu's and the
 * mobile menu's Escape, and the service worker, with no CSP violation.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
const MISSING = '/docs/no/such/page/';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };

before(async () => {
  if (skip) return;
  site = await serveBuild(await buildToTemp(join(FIXTURES, 'site')));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens a missing page and collects CSP violations reported on its console. */
async function openMissing(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
  const response = await page.goto(site.url + MISSING);
  assert.equal(response?.status(), 404);
  assert.equal(await page.locator('h1').innerText(), 'Page not found');
  return { page, violations };
}

describe('404 page islands', { skip }, () => {
  test('search: Ctrl+K, / and the button open the modal, which finds pages; Escape returns focus to the button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, violations } = await openMissing(context);
    await page.locator('.search-button[data-ready]').waitFor({ state: 'attached', timeout: 10_000 });
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor({ timeout: 10_000 });
    await page.locator('.DocSearch-Input').fill('links');
    await page.locator('.DocSearch-Hit a').first().waitFor({ timeout: 10_000 });
    await page.locator('.DocSearch-Input').fill('');
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached', timeout: 5_000 });
    assert.ok(await page.locator('.search-button').evaluate((el) => el === document.activeElement), 'focus back on the search button');
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await page.locator('.DocSearch-Input').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached', timeout: 5_000 });
    await page.locator('.search-button').click();
    await page.locator('.DocSearch-Input').waitFor({ timeout: 5_000 });
    assert.equal(new URL(page.url()).pathname, MISSING, 'the button opens the modal instead of leaving the page');
    assert.deepEqual(violations, []);
    await context.close();
  });

  test('the product menu closes on Escape; the mobile menu is a button and closes on Escape', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await openMissing(context);
    await page.locator('.product-menu.product-menu--js').waitFor({ state: 'attached', timeout: 10_000 });
    await page.locator('.product-menu__button').focus();
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'false');
    await page.setViewportSize({ width: 390, height: 844 });
    const opener = page.locator('button.mobile-menu__open');
    await opener.waitFor({ timeout: 10_000 });
    await opener.click();
    await page.locator('.mobile-menu__panel').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.locator('.mobile-menu__panel').waitFor({ state: 'hidden', timeout: 5_000 });
    await context.close();
  });

  test('the service worker registers from the 404 page', async () => {
    const context = await browser.newContext();
    const { page, violations } = await openMissing(context);
    await page.locator('[data-island="service-worker"][data-sw-ready]').waitFor({ state: 'attached', timeout: 60_000 });
    const script = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/docs/'))?.active?.scriptURL ?? (await navigator.serviceWorker.ready).active?.scriptURL);
    assert.equal(script, `${site.url}/docs/sw.js?offlineMode=false`);
    assert.deepEqual(violations, []);
    await context.close();
  });
});
