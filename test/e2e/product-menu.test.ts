/**
 * The product menu's click after hover or focus (spec 2.1, 4): a click, a tap or Enter
 * toggles only a state the reader has seen. Hover or focus opens the menu, and the click
 * that follows keeps it open; a second click closes it. On a touch screen wider than
 * 996 px a tap opens it; with the keyboard, Tab opens it and Enter keeps it open.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
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

const expanded = (page: Page) => page.locator('.product-menu__button').getAttribute('aria-expanded');
const panelShown = (page: Page) => page.locator('.product-menu__panel').evaluate((el) => getComputedStyle(el).visibility === 'visible');

async function openPage(options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(site.url + '/docs/');
  await page.locator('.product-menu.product-menu--js').waitFor({ state: 'attached', timeout: 10_000 });
  return { context, page };
}

/** Shown to the reader: aria-expanded and the panel agree, after the panel's fade. */
async function assertShown(page: Page, shown: boolean, why: string): Promise<void> {
  await page.waitForTimeout(450);
  assert.equal(await expanded(page), String(shown), why);
  assert.equal(await panelShown(page), shown, why);
}

describe('product menu: a click toggles only a state the reader has seen', { skip }, () => {
  test('hover opens it, the click that follows keeps it open, a second click closes it', async () => {
    const { context, page } = await openPage({});
    await page.locator('.product-menu__button').hover();
    await assertShown(page, true, 'hover opens');
    await page.locator('.product-menu__button').click();
    await assertShown(page, true, 'the click after the hover keeps it open');
    await page.locator('.product-menu__button').click();
    await assertShown(page, false, 'a second click closes it, though the pointer is still over it');
    await page.locator('.product-menu__button').click();
    await assertShown(page, true, 'and a third opens it again');
    await context.close();
  });

  test('on a touch screen wider than 996 px a tap opens it and the next tap closes it', async () => {
    const { context, page } = await openPage({ hasTouch: true });
    await page.locator('.product-menu__button').tap();
    await assertShown(page, true, 'a tap opens');
    await page.locator('.product-menu__button').tap();
    await assertShown(page, false, 'the next tap closes');
    await context.close();
  });

  test('with the keyboard Tab opens it, Enter keeps it open, Enter again closes it, Tab on into the menu works', async () => {
    const { context, page } = await openPage({});
    // Tab from the brand link, the element before the menu.
    await page.locator('.site-header__inner > .brand').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('product-menu__button')), true);
    await assertShown(page, true, 'Tab opens');
    await page.keyboard.press('Enter');
    await assertShown(page, true, 'Enter after Tab keeps it open');
    await page.keyboard.press('Enter');
    await assertShown(page, false, 'Enter again closes');
    await page.keyboard.press('Enter');
    await assertShown(page, true, 'and opens again');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.product-menu__panel') !== null), true, 'Tab moves into the open menu');
    await assertShown(page, true, 'focus inside keeps it open');
    await context.close();
  });
});
