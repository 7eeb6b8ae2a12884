/**
 * The site chrome in Chromium: the islands runtime's failure paths (a chunk that 404s, a
 * timeout, a module without a default export, an island that throws), the mobile menu and
 * the 996/997 px switch, the closeable announcement, prefetching and the progress bar.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { announcementScript } from '../../src/shared/inline-scripts.ts';
import { FIXTURES } from '../helpers/fixture.ts';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
const PAGE = '/docs/concept/constructs/';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let out: string;
let manifest: Record<string, string>;

before(async () => {
  if (skip) return;
  out = await buildToTemp(join(FIXTURES, 'site'));
  site = await serveBuild(out);
  const html = await readFile(join(out, 'concept/constructs/index.html'), 'utf8');
  manifest = JSON.parse(/<script type="application\/json" id="islands-manifest">([^<]+)<\/script>/.exec(html)![1]!) as Record<string, string>;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const chunk = (name: string) => `**${manifest[name]!}`;

describe('islands runtime failures', { skip }, () => {
  let context: BrowserContext;
  after(() => context?.close());

  test('a chunk that 404s reloads the page once, then shows "Loading chunk tabs failed" (missing) with Retry, which recovers', async () => {
    context = await browser.newContext();
    let blocked = true;
    await context.route(chunk('tabs'), (route) => (blocked ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback()));
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(site.url + PAGE);
    // The tabs island wakes when visible: scroll to it, on the first load and after the reload.
    await page.locator('.tabs').first().scrollIntoViewIfNeeded();
    for (let i = 0; i < 100 && loads < 2; i++) await page.waitForTimeout(100);
    await page.locator('.tabs').first().scrollIntoViewIfNeeded();
    const box = page.locator('.islands-error');
    await box.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    assert.equal(loads, 2, 'one reload for the missing chunk, not a loop');
    assert.match(await box.innerText(), new RegExp(`Loading chunk tabs failed\\.\\s+\\(missing: ${manifest.tabs!.replace(/[.]/g, '\\.')}\\)`));
    assert.ok(await page.locator('.tabs').first().isVisible(), 'the server-rendered tabs still show');
    blocked = false;
    await box.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.tabs.tabs--ready').first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.islands-error').count(), 0);
    await context.close();
  });

  test('a chunk that never arrives times out (shortened here from 120 s) after showing the spinner', async () => {
    context = await browser.newContext();
    await context.addInitScript(() => {
      const w = window as unknown as { __islandsChunkTimeoutMs: number; __sawSpinner?: boolean };
      w.__islandsChunkTimeoutMs = 1500;
      // Noted by the page itself: on a busy machine the spinner can come and go between two polls of the test.
      new MutationObserver(() => {
        if (document.querySelector('.islands-spinner')) w.__sawSpinner = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await context.route(chunk('code-block'), () => {
      /* never answered */
    });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await page.locator('figure.code-block').first().scrollIntoViewIfNeeded();
    await page.locator('.islands-error').waitFor({ timeout: 10_000 });
    assert.equal(await page.evaluate(() => (window as unknown as { __sawSpinner?: boolean }).__sawSpinner), true, 'the spinner showed while the chunk was awaited');
    assert.match(await page.locator('.islands-error').innerText(), /Loading chunk code-block failed\.\s+\(timeout: /);
    // Every code block's chunk is held back, and each wait ends at its own time-out: the spinner
    // goes with the last of them (on a busy machine a later block wakes a moment after the first).
    await page.locator('.islands-spinner').waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await page.locator('.islands-spinner').count(), 0, 'the spinner goes with the wait');
    await context.close();
  });

  test('a module without a default export says so by name', async () => {
    context = await browser.newContext();
    await context.route(chunk('product-menu'), (route) => route.fulfill({ contentType: 'text/javascript', body: 'export const notDefault = 1;' }));
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await page.locator('.islands-error').waitFor({ timeout: 10_000 });
    assert.match(await page.locator('.islands-error').innerText(), new RegExp(`The product-menu island module \\(${manifest['product-menu']!.replace(/[.]/g, '\\.')}\\) has no default export\\.`));
    await context.close();
  });

  test('an island that throws shows the crash screen in its place; the rest of the page works; Try again restarts it', async () => {
    context = await browser.newContext();
    // The first start throws (with a cause), the second succeeds.
    const body = `let calls = 0; export default function (el) { calls++; if (calls === 1) throw new Error('boom', { cause: new TypeError('root cause') }); el.dataset.recovered = 'yes'; }`;
    await context.route(chunk('code-block'), (route) => route.fulfill({ contentType: 'text/javascript', body }));
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    // (The crash hides the block, so no visibility wait here.)
    await page.evaluate(() => document.querySelector('figure.code-block')?.scrollIntoView());
    const crash = page.locator('.crash-screen').first();
    await crash.waitFor({ timeout: 10_000 });
    const text = await crash.innerText();
    assert.match(text, /This page crashed/);
    assert.match(text, /Error: boom/);
    assert.match(text, /Cause: TypeError: root cause/);
    await page.locator('.tabs').first().scrollIntoViewIfNeeded();
    await page.locator('.tabs.tabs--ready').first().waitFor({ timeout: 10_000 });
    await crash.getByRole('button', { name: 'Try again' }).click();
    await page.locator('figure.code-block[data-recovered="yes"]').first().waitFor({ timeout: 5_000 });
    await context.close();
  });
});

describe('mobile menu and layout switch', { skip }, () => {
  const openPage = async (width: number, javaScriptEnabled = true): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    if (javaScriptEnabled) await page.locator('.mobile-menu[data-island-ready]').waitFor({ state: 'attached', timeout: 10_000 });
    return page;
  };

  test('switches between the desktop header and the menu button at 996/997 px', async () => {
    for (const [width, mobile] of [[996, true], [997, false], [1280, false], [390, true]] as const) {
      const page = await openPage(width);
      assert.equal(await page.locator('.mobile-menu__open').isVisible(), mobile, `${width}px menu button`);
      assert.equal(await page.locator('.site-nav').isVisible(), !mobile, `${width}px desktop nav`);
      await page.context().close();
    }
  });

  test('the panel: close button, Compare section, nav links, release and Roadmap, Return to homepage (the docs tree stays under "Docs menu"); Escape and the close button close it', async () => {
    const page = await openPage(390);
    await page.locator('.mobile-menu__open').click();
    const panel = page.locator('.mobile-menu__panel');
    assert.ok(await panel.isVisible());
    const text = await panel.innerText();
    for (const s of ['Compare', 'QuestDB vs InfluxDB', 'Enterprise', 'Blog', 'Latest release', 'Roadmap', 'Return to homepage']) assert.ok(text.toLowerCase().includes(s.toLowerCase()), s);
    assert.equal(await panel.locator('a', { hasText: 'QuestDB vs InfluxDB' }).getAttribute('href'), '/blog/2024/02/26/questdb-versus-influxdb/');
    assert.equal(await panel.locator('.mobile-menu__home').getAttribute('href'), '/');
    assert.equal(await panel.locator('nav.sidebar').count(), 0, 'one button, one menu: the docs tree is not in the site menu');
    assert.ok(await page.locator('.mobile-menu__close').evaluate((el) => el === document.activeElement), 'focus on the close button');
    await page.keyboard.press('Escape');
    assert.ok(await panel.isHidden());
    assert.equal(await page.locator('.layout__sidebar nav.sidebar').count(), 1, 'the sidebar stays in its place');
    assert.ok(await page.locator('.mobile-menu__open').evaluate((el) => el === document.activeElement), 'focus back on the menu button');
    await page.locator('.mobile-menu__open').click();
    await page.locator('.mobile-menu__close').click();
    assert.ok(await panel.isHidden());
    await page.context().close();
  });

  test('with JavaScript the opener is a real button (aria-expanded, aria-controls) and the checkbox is out of the way', async () => {
    const page = await openPage(390);
    const opener = page.getByRole('button', { name: 'Open the menu' });
    assert.equal(await opener.evaluate((el) => el.tagName), 'BUTTON');
    assert.equal(await opener.getAttribute('aria-controls'), 'mobile-menu');
    assert.equal(await opener.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('.mobile-menu').getByRole('checkbox').count(), 0, 'no checkbox for a screen reader');
    assert.equal(await page.locator('.mobile-menu__toggle').getAttribute('tabindex'), '-1');
    await opener.focus();
    await page.keyboard.press('Enter');
    assert.ok(await page.locator('.mobile-menu__panel').isVisible(), 'Enter on the button opens the panel');
    assert.equal(await opener.getAttribute('aria-expanded'), 'true');
    const close = page.getByRole('button', { name: 'Close the menu' });
    assert.equal(await close.evaluate((el) => el.tagName), 'BUTTON');
    await page.keyboard.press('Space');
    assert.ok(await page.locator('.mobile-menu__panel').isHidden(), 'Space on the close button closes it');
    assert.equal(await opener.getAttribute('aria-expanded'), 'false');
    await page.context().close();
  });

  test('closes when the window grows past 996 px', async () => {
    const page = await openPage(800);
    await page.locator('.mobile-menu__open').click();
    assert.ok(await page.locator('.mobile-menu__panel').isVisible());
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.waitForFunction(() => !(document.getElementById('mobile-menu-toggle') as HTMLInputElement).checked);
    await page.setViewportSize({ width: 800, height: 800 });
    assert.ok(await page.locator('.mobile-menu__panel').isHidden(), 'still closed back on a narrow window');
    await page.context().close();
  });

  test('opens and closes without JavaScript, and nothing overflows at 320 px', async () => {
    const page = await openPage(320, false);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320);
    assert.equal(await page.locator('.mobile-menu__open').evaluate((el) => el.tagName), 'LABEL', 'without JavaScript the checkbox label opens it');
    await page.locator('.mobile-menu__open').click();
    assert.ok(await page.locator('.mobile-menu__panel').isVisible());
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320);
    await page.locator('.mobile-menu__close').click();
    assert.ok(await page.locator('.mobile-menu__panel').isHidden());
    await page.context().close();
  });
});

describe('announcement dismissal (when configured closeable)', { skip }, () => {
  test('a dismissal is stored with the id; the bar stays hidden for that id and shows again for a new one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const css = (await readFile(join(out, 'concept/constructs/index.html'), 'utf8')).match(/href="(\/docs\/assets\/css\/site\.[^"]+)"/)![1]!;
    const html = (id: string) =>
      `<!doctype html><html><head><script>${announcementScript(id)}</script><link rel="stylesheet" href="${css}"></head><body>` +
      `<div class="announcement" data-announcement-id="${id}"><p>News</p><button type="button" class="announcement__close" data-island="announcement">×</button></div>` +
      `<script type="module">import enhance from '${manifest.announcement}'; enhance(document.querySelector('.announcement__close')); window.__ready = true;</script></body></html>`;
    await page.route(site.url + '/docs/announce-test/', (route) => route.fulfill({ contentType: 'text/html', body: html(String(new URL(route.request().url()).searchParams.get('id') ?? 'a1')) }));
    const bar = page.locator('.announcement');
    await page.goto(site.url + '/docs/announce-test/');
    assert.ok(await bar.isVisible());
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
    await page.locator('.announcement__close').click();
    assert.ok(await bar.isHidden());
    assert.equal(await page.evaluate(() => localStorage.getItem('announcement-dismissed')), 'a1');
    await page.reload();
    assert.ok(await bar.isHidden(), 'still dismissed');
    await page.unroute(site.url + '/docs/announce-test/');
    await page.route(site.url + '/docs/announce-test/', (route) => route.fulfill({ contentType: 'text/html', body: html('a2') }));
    await page.reload();
    assert.ok(await bar.isVisible(), 'a new announcement shows');
    await context.close();
  });
});

describe('navigation feel', { skip }, () => {
  test('links are prefetched on hover, once each; never with data-saver on', async () => {
    for (const saveData of [false, true]) {
      const context = await browser.newContext();
      if (saveData) {
        await context.addInitScript(() => {
          Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
        });
      }
      const page = await context.newPage();
      await page.goto(site.url + '/docs/concept/links/');
      await page.locator('.layout[data-navigation-ready]').waitFor({ timeout: 10_000 });
      const link = page.locator('.markdown a', { hasText: 'absolute without slash' });
      await link.hover();
      await page.mouse.move(0, 0);
      await link.hover();
      const prefetches = await page.locator('link[rel="prefetch"]').evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href));
      const target = `${site.url}/docs/concept/constructs/`;
      if (saveData) assert.deepEqual(prefetches, [], 'nothing with data-saver');
      else assert.equal(prefetches.filter((h) => h === target).length, 1, `prefetched once: ${prefetches.join(', ')}`);
      await context.close();
    }
  });

  test('the progress bar waits 200 ms before showing on a slow navigation, from 0.08', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/docs/concept/links/');
    await page.locator('.layout[data-navigation-ready]').waitFor({ timeout: 10_000 });
    // Hold the next page for a second.
    await context.route(`${site.url}/docs/concept/constructs/`, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.fallback();
    });
    // Playwright waits for a navigation before querying the page, so the old page reports its bar itself.
    const seen: { after: number; value: number }[] = [];
    await page.exposeBinding('reportProgress', (_source, after: number, value: number) => void seen.push({ after, value }));
    await page.evaluate(() => {
      const clicked = performance.now();
      new MutationObserver(() => {
        const bar = document.querySelector('.route-progress');
        if (bar) (window as unknown as { reportProgress(a: number, v: number): void }).reportProgress(performance.now() - clicked, Number(bar.getAttribute('aria-valuenow')));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('.markdown a', { hasText: 'absolute without slash' }).click({ noWaitAfter: true });
    await page.waitForURL('**/docs/concept/constructs/');
    assert.ok(seen.length > 0, 'the bar showed while the next page loaded');
    assert.ok(seen[0]!.after >= 200, `not before 200 ms: ${seen[0]!.after}`);
    assert.equal(seen[0]!.value, 8, 'starts at 0.08');
    await page.locator('h1').waitFor();
    assert.equal(await page.locator('.route-progress').count(), 0, 'the new page shows without the bar');
    await context.close();
  });

  test('a hash scrolls its heading into view below the fixed header; a new page starts at the top', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${PAGE}#tabs`);
    // Wait until the scroll has landed (it may be smooth) and stays put.
    let last = -1;
    for (let i = 0; i < 50; i++) {
      const y = await page.evaluate(() => window.scrollY);
      if (y > 0 && y === last) break;
      last = y;
      await page.waitForTimeout(100);
    }
    const { top, header } = await page.evaluate(() => ({
      top: document.getElementById('tabs')!.getBoundingClientRect().top,
      header: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
    }));
    assert.ok(top >= header, `the heading (${top}px) is not hidden under the header (${header}px)`);
    assert.ok(top < header + 60, `and sits just below it (${top}px)`);
    await page.goto(`${site.url}/docs/concept/links/`);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await context.close();
  });
});
