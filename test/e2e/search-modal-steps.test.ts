/**
 * The search modal's steps in Chromium (spec 4): Escape closes the results panel, then
 * clears the query, then closes the modal with focus back on the search button (2.4); and
 * "See all N results", typed before the content index has loaded, updates to count every
 * match once it arrives, without another keystroke.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
const PAGE = '/docs/sql/sample-by/';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };

before(async () => {
  if (skip) return;
  site = await serveBuild(await buildToTemp(join(FIXTURES, 'search')));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

async function openModal(page: Page): Promise<void> {
  await page.goto(site.url + PAGE);
  await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').waitFor({ timeout: 10_000 });
}

const footerCount = async (page: Page) => Number(/^See all (\d+) results$/.exec(await page.locator('.DocSearch-HitsFooter a').innerText())?.[1]);

describe('search modal: Escape step by step', { skip }, () => {
  test('Escape closes the results panel, then clears the query, then closes the modal; focus returns to the button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openModal(page);
    const input = page.locator('.DocSearch-Input');
    await input.fill('window');
    await page.locator('.DocSearch-Hits').first().waitFor({ timeout: 10_000 });

    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.DocSearch-Modal').count(), 1, 'the modal stays open');
    assert.equal(await input.inputValue(), 'window', 'the query stays');
    assert.equal(await page.locator('.DocSearch-Dropdown').isVisible(), false, 'the results panel is closed');
    assert.ok(await input.evaluate((el) => el === document.activeElement), 'the input keeps focus');

    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.DocSearch-Modal').count(), 1, 'the modal stays open');
    assert.equal(await input.inputValue(), '', 'the query is cleared');
    assert.ok(await input.evaluate((el) => el === document.activeElement), 'the input keeps focus');

    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached', timeout: 5_000 });
    assert.ok(await page.locator('.search-button').evaluate((el) => el === document.activeElement), 'focus is back on the search button');
    await context.close();
  });

  test('typing after Escape closed the panel opens it again with the new hits', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openModal(page);
    await page.locator('.DocSearch-Input').fill('window');
    await page.locator('.DocSearch-Hits').first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.DocSearch-Dropdown').isVisible(), false);
    await page.keyboard.type('s');
    await page.locator('.DocSearch-Dropdown').waitFor({ state: 'visible', timeout: 5_000 });
    assert.equal(await page.locator('.DocSearch-Input').inputValue(), 'windows');
    await context.close();
  });
});

describe('search modal: the count once the whole index is in', { skip }, () => {
  test('"See all N results" typed before the content index loaded updates to the full count without a keystroke', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The content index is held back until the headings-only answer is on screen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await context.route('**/docs/search/content.json', async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await openModal(page);
    await page.locator('.DocSearch-Input').fill('sample');
    await page.locator('.DocSearch-HitsFooter a').waitFor({ timeout: 10_000 });
    const early = await footerCount(page);
    release();
    // The full count, as the results page shows it.
    const results = await context.newPage();
    await results.goto(site.url + '/docs/search/?q=sample');
    await results.locator('.search-page__title').filter({ hasText: 'results for' }).waitFor({ timeout: 10_000 });
    const full = Number(/^(\d+) results? for/.exec(await results.locator('.search-page__title').innerText())?.[1]);
    assert.ok(early < full, `the headings index alone has fewer hits (${early}) than the whole index (${full}): the test needs a query with text-only matches`);
    await page.waitForFunction((n) => document.querySelector('.DocSearch-HitsFooter a')?.textContent === `See all ${n} results`, full, { timeout: 10_000 });
    assert.equal(await page.locator('.DocSearch-Input').inputValue(), 'sample');
    await context.close();
  });
});
