/**
 * The installable web app in Chromium: the service worker registers at /docs/sw.js with
 * its offline-mode param; outside offline mode pages are network-first with the cache as
 * fallback, and offline a page not saved gets the offline page (listing the saved ones)
 * and an unknown path the 404 page; in offline mode (`?offlineMode=true`) the whole build
 * is precached and pages never visited still open with the network off; a waiting update shows the "new
 * version" popup in offline mode and takes over quietly otherwise; an app-install event
 * unregisters the worker and reloads; a failed registration is logged.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
const A = '/docs/concept/constructs/';
const B = '/docs/concept/links/';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let out: string;

before(async () => {
  if (skip) return;
  out = await buildToTemp(join(FIXTURES, 'site'));
  site = await serveBuild(out);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens a page and waits until the worker is registered and controls the page. */
async function controlled(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(site.url + path);
  await page.locator('[data-island="service-worker"][data-sw-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  return page;
}

/** A new deploy's worker: the same file with something changed. */
const changeWorker = () => appendFile(join(out, 'sw.js'), `\n// deploy ${Date.now()}\n`);

describe('service worker', { skip }, () => {
  test('registers at /docs/sw.js?offlineMode=false; pages are network-first with the cache as fallback', async () => {
    const context = await browser.newContext();
    const page = await controlled(context, A);
    const script = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/docs/'))?.active?.scriptURL);
    assert.equal(script, `${site.url}/docs/sw.js?offlineMode=false`);
    await page.reload(); // now fetched through the worker, so cached
    await page.locator('h1').waitFor();
    await context.setOffline(true);
    await page.reload();
    assert.equal(await page.locator('h1').innerText(), 'Every construct', 'a visited page opens offline');
    await context.close();
  });

  test('offline, a page never visited gets the offline page listing the saved pages; an unknown path the 404 page', async () => {
    const context = await browser.newContext();
    const page = await controlled(context, A);
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
    await page.reload(); // fetched through the worker, so saved
    await page.locator('h1').waitFor();
    await context.setOffline(true);
    const response = await page.goto(site.url + B);
    assert.equal(response?.status(), 503);
    assert.equal(await page.locator('h1').innerText(), 'You are offline');
    const saved = page.locator('.offline__pages a');
    assert.deepEqual(await saved.allInnerTexts(), ['Every construct'], 'the saved page is listed by its title');
    assert.equal(await saved.first().getAttribute('href'), A);
    assert.equal(await page.locator('main a[href="/docs/search/"]').count(), 1, 'a link to search');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(33, 34, 44)', 'its stylesheet was saved too');
    await saved.first().click();
    await page.waitForURL(site.url + A);
    assert.equal(await page.locator('h1').innerText(), 'Every construct', 'the listed page opens offline');

    const missing = await page.goto(site.url + '/docs/no/such/page/');
    assert.equal(missing?.status(), 404);
    assert.equal(await page.locator('h1').innerText(), 'Page not found');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(33, 34, 44)');
    // Its islands' scripts were saved with it: the search button wakes, no chunk fails.
    await page.locator('.search-button[data-ready]').waitFor({ state: 'attached', timeout: 10_000 });
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.islands-error').count(), 0);
    assert.deepEqual(violations, [], 'the pages the worker answers with run under the policy');
    await context.close();
  });

  test('offline mode precaches the whole build: an unvisited page opens, styled, with the network off', async () => {
    const context = await browser.newContext();
    const page = await controlled(context, `${A}?offlineMode=true`);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/docs/'))?.active?.scriptURL.endsWith('offlineMode=true'), undefined, { timeout: 60_000 });
    await context.setOffline(true);
    const response = await page.goto(site.url + B);
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator('h1').innerText(), 'Links and anchors');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(33, 34, 44)', 'its stylesheet came from the cache too');
    const missing = await page.goto(site.url + '/docs/no/such/page/');
    assert.equal(missing?.status(), 404, 'an unknown path gets the 404 page from the precache');
    assert.equal(await page.locator('h1').innerText(), 'Page not found');
    await context.close();
  });

  test('in offline mode a waiting update shows the "New version available" popup; Refresh reloads into it', async () => {
    const context = await browser.newContext();
    const page = await controlled(context, `${A}?offlineMode=true`);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/docs/'))?.active?.scriptURL.endsWith('offlineMode=true'), undefined, { timeout: 60_000 });
    await changeWorker();
    await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration('/docs/'))?.update());
    const popup = page.locator('.sw-update');
    await popup.waitFor({ timeout: 60_000 });
    assert.match(await popup.innerText(), /New version available/);
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await popup.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/docs/'))?.waiting ?? null), null, 'the update took over');
    await context.close();
  });

  test('outside offline mode an update skips waiting at once, without a popup', async () => {
    const context = await browser.newContext();
    const page = await controlled(context, A);
    await changeWorker();
    await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration('/docs/'))?.update());
    await page.waitForFunction(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/docs/');
      return reg !== undefined && reg.installing === null && reg.waiting === null;
    }, undefined, { timeout: 60_000 });
    await page.waitForTimeout(300);
    assert.equal(await page.locator('.sw-update').count(), 0);
    await context.close();
  });

  test('an app-install event unregisters the worker and reloads the page', async () => {
    const context = await browser.newContext();
    // Whether a worker controlled each document as it started.
    await context.addInitScript(() => {
      (window as unknown as { __controlledAtStart: boolean }).__controlledAtStart = navigator.serviceWorker.controller !== null;
    });
    const page = await controlled(context, A);
    await page.reload();
    // The reloaded page's island listens for the event once it has woken.
    await page.locator('[data-island="service-worker"][data-sw-ready]').waitFor({ state: 'attached', timeout: 60_000 });
    assert.equal(await page.evaluate(() => (window as unknown as { __controlledAtStart: boolean }).__controlledAtStart), true, 'controlled before the event');
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await reloaded;
    assert.equal(await page.evaluate(() => (window as unknown as { __controlledAtStart: boolean }).__controlledAtStart), false, 'the reloaded page started without the old worker');
    await context.close();
  });

  test('a failed registration is logged', async () => {
    const context = await browser.newContext();
    await context.route('**/docs/sw.js*', (route) => route.fulfill({ status: 404, body: 'no' }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(site.url + A);
    for (let i = 0; i < 50 && !errors.some((e) => e.includes('Service worker registration failed')); i++) await page.waitForTimeout(100);
    assert.ok(errors.some((e) => e.includes('Service worker registration failed')), errors.join('\n'));
    await context.close();
  });
});
