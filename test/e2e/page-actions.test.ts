/**
 * "Copy page" and "Run in Web Console" in Chromium: the page's Markdown on the clipboard,
 * the menu by mouse and keyboard, the assistants' and the demo's URLs, a refused
 * clipboard, and the links without JavaScript.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let outDir: string;
const PAGE = '/docs/concept/constructs/';
const MARKDOWN_URL = 'https://questdb.com/docs/concept/constructs/index.md';

before(async () => {
  if (skip) return;
  outDir = await buildToTemp(join(FIXTURES, 'site'));
  site = await serveBuild(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(site.url + PAGE);
  return page;
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'More ways to use this page' });

describe('Copy page', { skip }, () => {
  test('copies the page as Markdown, says "Copied" for 2 s, then "Copy page" again', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await openPage(context);
    // The first click also wakes the island: it must not be lost.
    await page.getByRole('button', { name: 'Copy page' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 5_000 });
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    const file = await readFile(join(outDir, 'concept/constructs/index.md'), 'utf8');
    assert.equal(clip, file);
    assert.match(clip, /^# Every construct\n\nA page that uses every construct of the content language.\n/);
    await page.waitForTimeout(1_500);
    assert.equal(await page.getByRole('button', { name: 'Copied' }).count(), 1, 'still "Copied" before 2 s');
    await page.getByRole('button', { name: 'Copy page' }).waitFor({ timeout: 2_000 });
    await context.close();
  });

  test('a refused clipboard is explained in the status line', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      // What a browser does when the reader (or a policy) refuses the clipboard.
      Clipboard.prototype.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    const page = await openPage(context);
    await page.locator('.page-actions').hover();
    await page.locator('.page-actions[data-island-ready]').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Copy page' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Could not copy the page' });
    await status.waitFor({ timeout: 5_000 });
    assert.match(await status.innerText(), /refused access to the clipboard/);
    assert.equal(await page.getByRole('button', { name: 'Copied' }).count(), 0);
    await context.close();
  });

  test('the menu opens by keyboard, arrows move, Escape closes and returns focus', async () => {
    const context = await browser.newContext();
    const page = await openPage(context);
    const toggle = menuButton(page);
    assert.equal(await toggle.getAttribute('aria-haspopup'), 'menu');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.focus();
    await page.locator('.page-actions[data-island-ready]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    assert.equal(await focused(), 'View as Markdown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'Open in ChatGPT');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'Open in Claude');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'View as Markdown', 'wraps around');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'Open in Claude');
    await page.keyboard.press('Home');
    assert.equal(await focused(), 'View as Markdown');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok(await page.locator('#page-actions-menu').isHidden());
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'More ways to use this page');
    // ArrowUp opens on the last entry; a click outside closes.
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'Open in Claude');
    await page.mouse.click(5, 400);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await context.close();
  });

  test('the menu links: the Markdown copy, and ChatGPT and Claude asked to read it', async () => {
    const context = await browser.newContext();
    const page = await openPage(context);
    await page.locator('.page-actions').hover();
    await page.locator('.page-actions[data-island-ready]').waitFor({ timeout: 10_000 });
    await menuButton(page).click();
    const items = page.getByRole('menuitem');
    await items.first().waitFor({ timeout: 5_000 });
    assert.deepEqual(await items.allInnerTexts(), ['View as Markdown', 'Open in ChatGPT', 'Open in Claude']);
    const hrefs = await items.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    assert.equal(hrefs[0], site.url + PAGE + 'index.md');
    for (const [href, base] of [[hrefs[1]!, 'https://chatgpt.com/'], [hrefs[2]!, 'https://claude.ai/new']] as const) {
      const url = new URL(href);
      assert.equal(url.origin + url.pathname, base);
      const prompt = url.searchParams.get('q')!;
      assert.ok(prompt.includes(MARKDOWN_URL), prompt);
      assert.match(prompt, /questions/);
    }
    assert.deepEqual(await items.evaluateAll((links) => links.slice(1).map((a) => [a.getAttribute('target'), a.getAttribute('rel')])), [['_blank', 'noopener noreferrer'], ['_blank', 'noopener noreferrer']]);
    // "View as Markdown" serves the Markdown copy.
    await items.first().click();
    await page.waitForURL(site.url + PAGE + 'index.md');
    assert.match(await page.locator('body').innerText(), /^# Every construct/);
    await context.close();
  });

  test('with JavaScript off, "View as Markdown" is a plain link and the buttons are hidden', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await openPage(context);
    assert.equal(await page.getByRole('button', { name: 'Copy page' }).isVisible(), false);
    const link = page.locator('.page-actions__plain');
    assert.ok(await link.isVisible());
    assert.equal(await link.innerText(), 'View as Markdown');
    await link.click();
    await page.waitForURL(site.url + PAGE + 'index.md');
    await context.close();
  });

  test('the head announces the Markdown copy', async () => {
    const context = await browser.newContext();
    const page = await openPage(context);
    assert.equal(await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href'), PAGE + 'index.md');
    await context.close();
  });
});

describe('Run in Web Console', { skip }, () => {
  test('a demo query links to the demo console with the query and executeQuery=true, in a new tab', async () => {
    const context = await browser.newContext();
    const page = await openPage(context);
    const figure = page.locator('figure.code-block', { hasText: 'Trades per symbol' });
    const link = figure.getByRole('link', { name: 'Run in Web Console' });
    assert.ok(await link.isVisible());
    const url = new URL((await link.getAttribute('href'))!);
    assert.equal(url.origin + url.pathname, 'https://demo.questdb.io/');
    assert.equal(url.searchParams.get('query'), 'SELECT symbol, count() FROM trades WHERE price > 10 & 1 = 1;');
    assert.equal(url.searchParams.get('executeQuery'), 'true');
    assert.equal(await link.getAttribute('target'), '_blank');
    // Only demo blocks have it.
    assert.equal(await page.getByRole('link', { name: 'Run in Web Console' }).count(), 1);
    await context.close();
  });

  test('the link is there with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await openPage(context);
    assert.ok(await page.getByRole('link', { name: 'Run in Web Console' }).isVisible());
    await context.close();
  });
});
