/** The islands in Chromium: tabs (switching, groups in step, memory, keyboard, no layout shift) and code blocks (copy, wrap). */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
const PAGE = '/docs/concept/constructs/';

before(async () => {
  if (skip) return;
  site = await serveBuild(await buildToTemp(join(FIXTURES, 'site')));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens the page and scrolls the first tabs into view: islands wake when they become visible. */
async function open(page: Page, query = ''): Promise<void> {
  await page.goto(site.url + PAGE + query);
  await page.locator('.tabs').first().scrollIntoViewIfNeeded();
  await page.locator('.tabs.tabs--ready').first().waitFor({ timeout: 10_000 });
}

const groupTabs = (page: Page, n: number) => page.locator('.tabs').nth(n);

describe('tabs island', { skip }, () => {
  test('shows one panel at a time and switches on click; groups switch together', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page);
    const first = groupTabs(page, 0);
    assert.ok(await first.getByText('Python panel text.').isVisible());
    assert.equal(await first.getByText('Go panel text.').isVisible(), false);
    assert.equal(await first.locator('.tabs__label').first().isVisible(), false);
    await first.getByRole('tab', { name: 'Go' }).click();
    assert.ok(await first.getByText('Go panel text.').isVisible());
    assert.equal(await first.getByText('Python panel text.').isVisible(), false);
    assert.equal(await first.getByRole('tab', { name: 'Go' }).getAttribute('aria-selected'), 'true');
    // The examples further down are in the same group and follow.
    const examples = groupTabs(page, 1);
    await examples.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.tabs.tabs--ready').length >= 2, undefined, { timeout: 10_000 });
    assert.ok(await examples.getByText('Uses the Go client.').isVisible());
    await context.close();
  });

  test('the choice is remembered across pages, and ?tabs= preselects one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page);
    await groupTabs(page, 0).getByRole('tab', { name: 'Go' }).click();
    await open(page);
    assert.equal(await groupTabs(page, 0).getByRole('tab', { name: 'Go' }).getAttribute('aria-selected'), 'true');
    await open(page, '?tabs=python');
    assert.equal(await groupTabs(page, 0).getByRole('tab', { name: 'Python' }).getAttribute('aria-selected'), 'true');
    await context.close();
  });

  test('arrow keys, Home and End move between tabs', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page);
    const tabs = groupTabs(page, 0);
    await tabs.getByRole('tab', { name: 'Python' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await tabs.getByRole('tab', { name: 'Go' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Go');
    await page.keyboard.press('Home');
    assert.equal(await tabs.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await tabs.getByRole('tab', { name: 'Go' }).getAttribute('aria-selected'), 'true');
    await context.close();
  });

  test('tabs below the fold stay asleep until they come near the viewport', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 600 } });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await page.waitForTimeout(300);
    assert.equal(await page.locator('.tabs.tabs--ready').count(), 0);
    await page.locator('.tabs').first().scrollIntoViewIfNeeded();
    await page.locator('.tabs.tabs--ready').first().waitFor({ timeout: 10_000 });
    await context.close();
  });

  test('waking the island shifts no layout', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as unknown as { cls: number }).cls += (e as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => (window as unknown as { cls: number }).cls), 0);
    await context.close();
  });

  test('a page without islands loads no script; a doc page loads a few KB', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // The offline page has no islands (the 404 page has search and the menus, so it has scripts).
    await page.goto(site.url + '/docs/offline/');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(scripts, []);
    let bytes = 0;
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') bytes += (await r.body()).length;
    });
    await page.goto(site.url + '/docs/concept/links/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    assert.ok(scripts.length >= 1);
    assert.ok(bytes > 0 && bytes < 25_000, `${bytes} bytes of JavaScript`);
    await context.close();
  });
});

describe('code-block island', { skip }, () => {
  test('Copy puts the code on the clipboard and says so; Wrap toggles line wrapping', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    const figure = page.locator('figure.code-block', { hasText: 'Hourly volume' });
    await page.locator('figure.code-block.code-block--ready').first().waitFor({ timeout: 10_000 });
    await figure.hover();
    const copy = figure.getByRole('button', { name: 'Copy' });
    assert.ok(await copy.isVisible());
    await copy.click();
    await figure.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 5_000 });
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(clip, 'SELECT timestamp, sum(amount)\nFROM trades\nSAMPLE BY 1h;');
    const wrap = figure.getByRole('button', { name: 'Wrap' });
    await wrap.click();
    assert.equal(await wrap.getAttribute('aria-pressed'), 'true');
    assert.match((await figure.getAttribute('class'))!, /code-block--wrap/);
    await wrap.click();
    assert.equal(await wrap.getAttribute('aria-pressed'), 'false');
    await context.close();
  });

  test('with JavaScript off the buttons are not shown', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    assert.equal(await page.locator('.code-block__actions').first().isVisible(), false);
    await context.close();
  });
});

describe('table of contents and sidebar islands', { skip }, () => {
  test('the table of contents marks the section being read', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 500 } });
    const page = await context.newPage();
    await page.goto(site.url + '/docs/concept/links/');
    const toc = page.locator('nav.toc');
    await toc.locator('a[aria-current]').waitFor({ timeout: 10_000 });
    assert.equal(await toc.locator('a[aria-current]').textContent(), 'Anchors section');
    await page.locator('#my-custom-id').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelector('nav.toc a[aria-current]')?.textContent === 'Custom id', undefined, { timeout: 5_000 });
    assert.equal(await toc.locator('a[aria-current]').count(), 1);
    await context.close();
  });

  test('the sidebar keeps its scroll position from page to page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 200 } });
    const page = await context.newPage();
    await page.goto(site.url + '/docs/concept/links/');
    const scroller = page.locator('.layout__sidebar');
    await page.waitForTimeout(300);
    const max = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
    assert.ok(max >= 20, `the sidebar must scroll for this test (max ${max})`);
    await scroller.evaluate((el, top) => (el.scrollTop = top), Math.min(30, max) - 5);
    const kept = await scroller.evaluate((el) => el.scrollTop);
    await page.locator('.sidebar').getByRole('link', { name: 'Every construct' }).click();
    await page.waitForURL(/concept\/constructs\/$/);
    await page.waitForTimeout(300);
    assert.equal(await page.locator('.layout__sidebar').evaluate((el) => el.scrollTop), kept);
    await context.close();
  });
});


describe('product menu island', { skip }, () => {
  const panelShown = (page: Page) => page.locator('.product-menu__panel').evaluate((el) => getComputedStyle(el).visibility === 'visible');

  test('opens on hover and closes 250 ms after the pointer leaves', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(site.url + '/docs/');
    await page.locator('.product-menu.product-menu--js').waitFor({ state: 'attached', timeout: 10_000 });
    await page.locator('.product-menu__button').hover();
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'true');
    assert.ok(await panelShown(page));
    await page.mouse.move(640, 700);
    const left = Date.now();
    await page.waitForTimeout(80);
    if (Date.now() - left < 200) assert.ok(await panelShown(page), 'still open just after the pointer left');
    await page.waitForTimeout(700);
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'false');
    assert.equal(await panelShown(page), false);
    await context.close();
  });

  test('opens on focus, closes on Escape with focus back on the button, toggles on click', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(site.url + '/docs/');
    await page.locator('.product-menu.product-menu--js').waitFor({ state: 'attached', timeout: 10_000 });
    await page.locator('.product-menu__button').focus();
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    assert.ok(await panelShown(page), 'focus moved into the menu keeps it open');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('product-menu__button')), true);
    await page.waitForTimeout(300);
    assert.equal(await panelShown(page), false);
    await page.locator('.product-menu__button').dispatchEvent('click');
    assert.equal(await page.locator('.product-menu__button').getAttribute('aria-expanded'), 'true');
    await context.close();
  });
});

describe('heading links island', { skip }, () => {
  test('a heading # link jumps to the section and copies its address', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await page.goto(site.url + '/docs/concept/links/');
    const heading = page.locator('h2#anchors-section');
    await heading.hover();
    await page.waitForTimeout(300); // the island wakes on the first interaction
    await heading.locator('a.hash-link').click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor({ timeout: 5_000 });
    assert.equal(new URL(page.url()).hash, '#anchors-section');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), site.url + '/docs/concept/links/#anchors-section');
    await context.close();
  });
});

describe('theme mechanism', { skip }, () => {
  test('the site is dark whatever is stored while the switch is disabled', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto(site.url + '/docs/');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    await context.close();
  });

  test('with the switch enabled: stored choice, else OS preference, synced across tabs', async () => {
    const { themeScript } = await import('../../src/shared/inline-scripts.ts');
    const script = themeScript({ defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: true });
    const context = await browser.newContext({ colorScheme: 'light' });
    await context.route(site.url + '/theme-test', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head><script>${script}</script></head><body></body></html>` }));
    const a = await context.newPage();
    await a.goto(site.url + '/theme-test');
    assert.equal(await a.locator('html').getAttribute('data-theme'), 'light', 'follows the OS when nothing is stored');
    const b = await context.newPage();
    await b.goto(site.url + '/theme-test');
    await b.evaluate(() => localStorage.setItem('theme', 'dark'));
    await a.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark', undefined, { timeout: 5_000 });
    await b.reload();
    assert.equal(await b.locator('html').getAttribute('data-theme'), 'dark', 'the stored choice wins over the OS');
    await context.close();
  });
});
