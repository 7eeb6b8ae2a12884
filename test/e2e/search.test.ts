/**
 * Search in Chromium on the built-in index: the modal's keyboard paths and strings, recent
 * and favorite searches, grouping, snippets, the no-results and error views, escaping, the
 * results page and the page without JavaScript. The Algolia option is in search-algolia.test.ts.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { PAGE, buildWith, noDialogs, openModal, search, skip } from '../helpers/search-browser.ts';

let browser: Browser;

before(async () => {
  if (skip) return;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('search modal on the built-in index', { skip }, () => {
  let site: Awaited<ReturnType<typeof buildWith>>;
  let context: BrowserContext;
  before(async () => {
    site = await buildWith({});
  });
  after(async () => {
    await site?.close();
  });
  const newPage = async (viewport = { width: 1280, height: 900 }) => {
    context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    // The island wakes at load; its shortcuts work once it marks the button ready.
    await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
    return page;
  };

  test('Ctrl+K opens it with the placeholder and a 64-character limit; Escape closes it and focus returns to the button', async () => {
    const page = await newPage();
    await openModal(page);
    const input = page.locator('.DocSearch-Input');
    assert.equal(await input.getAttribute('placeholder'), 'Search docs');
    assert.equal(await input.getAttribute('maxlength'), '64');
    assert.ok(await input.evaluate((el) => el === document.activeElement), 'the input has focus');
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
    assert.ok(await page.locator('.search-button').evaluate((el) => el === document.activeElement), 'focus is back on the search button');
    await context.close();
  });

  test('opens on /, on a click and on typing while the button has focus (the letter starts the query); not on / inside a field', async () => {
    const page = await newPage();
    await page.keyboard.press('/');
    await page.locator('.DocSearch-Input').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });

    await page.locator('.search-button').click();
    await page.locator('.DocSearch-Input').waitFor();
    assert.equal(new URL(page.url()).pathname, PAGE, 'a click opens the modal instead of following the link');
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });

    await page.locator('.search-button').focus();
    await page.keyboard.press('a');
    await page.locator('.DocSearch-Input').waitFor();
    assert.equal(await page.locator('.DocSearch-Input').inputValue(), 'a');
    await page.keyboard.press('Escape');

    await page.goto(site.url + '/docs/search/');
    await page.locator('.search-page[data-ready]').waitFor();
    await page.locator('.search-button[data-ready]').waitFor();
    await page.locator('#search-page-q').focus();
    await page.keyboard.press('/');
    await page.waitForTimeout(300);
    assert.equal(await page.locator('.DocSearch-Modal').count(), 0, '/ typed into a field stays there');
    assert.equal(await page.locator('#search-page-q').inputValue(), '/');
    await context.close();
  });

  test('hovering the button preloads the index before anything is typed', async () => {
    const page = await newPage();
    const fetched = page.waitForRequest((r) => r.url().endsWith('/docs/search/headings.json'), { timeout: 10_000 });
    await page.locator('.search-button').hover();
    await fetched;
    assert.equal(await page.locator('.DocSearch-Modal').count(), 0);
    await context.close();
  });

  test('hits are grouped by section then page, at most 5 a page, with a footer linking to every result', async () => {
    const page = await newPage();
    await openModal(page);
    await search(page, 'window');
    const sources = await page.locator('.DocSearch-Hit-source').allInnerTexts();
    assert.ok(sources.includes('Query & SQL'), `groups: ${sources.join(' | ')}`);
    // Every hit of the fixture's window page is in one group: 9 match, 5 are shown.
    const windowHits = await page.locator('.DocSearch-Hit a[href^="/docs/functions/window/"]').count();
    assert.equal(windowHits, 5);
    const footer = page.locator('.DocSearch-HitsFooter a');
    const text = await footer.innerText();
    const m = /^See all (\d+) results$/.exec(text);
    assert.ok(m, text);
    assert.equal(await footer.getAttribute('href'), '/docs/search/?q=window');
    await footer.click();
    await page.waitForURL('**/docs/search/?q=window');
    await page.locator('.search-hit').first().waitFor();
    assert.equal(await page.locator('.search-hit').count(), Number(m[1]));
    assert.equal(await page.locator('.search-page__title').innerText(), `${m[1]} results for "window"`);
    await context.close();
  });

  test('arrow keys and Enter open a hit; Ctrl+Enter opens it in a new tab', async () => {
    const page = await newPage();
    await openModal(page);
    await search(page, 'avg');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const popup = context.waitForEvent('page');
    await page.keyboard.press('Control+Enter');
    const tab = await popup;
    await tab.waitForLoadState();
    assert.equal(new URL(tab.url()).pathname + new URL(tab.url()).hash, '/docs/functions/aggregation/#avg');
    assert.equal(new URL(page.url()).pathname, PAGE, 'the current tab stays');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/functions/aggregation/#avg');
    await context.close();
  });

  test('recent searches: none at first, saved on choosing a hit (7 kept, 4 once a favorite exists), promoted to favorites and removed', async () => {
    const page = await newPage();
    await openModal(page);
    assert.match(await page.locator('.DocSearch-StartScreen').innerText(), /No recent searches/);
    const pick = async (query: string) => {
      await page.goto(site.url + PAGE);
      await page.locator('.search-button').waitFor();
      await openModal(page);
      await search(page, query);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname !== PAGE || u.hash !== '');
    };
    // Headings, so each pick is a different recent search (a text hit is saved as its heading).
    for (const q of ['avg', 'sum', 'count', 'syntax', 'fill options', 'fill with linear', 'long paragraph', 'moving averages']) await pick(q);
    const key = '__DOCSEARCH_RECENT_SEARCHES__local';
    const stored = async (k: string) => JSON.parse((await page.evaluate((name) => localStorage.getItem(name), k)) ?? '[]') as { hierarchy: { lvl2: string | null } }[];
    assert.equal((await stored(key)).length, 7, 'seven recent searches are kept');

    await page.goto(site.url + PAGE);
    await openModal(page);
    // On a loaded machine the start screen can draw once before the stored searches are read.
    const start = page.locator('.DocSearch-Dropdown');
    await page.locator('.DocSearch-Dropdown', { hasText: 'Recent' }).waitFor({ timeout: 5000 }).catch(() => {});
    assert.match(await start.innerText(), /Recent/);
    // The action buttons show on the hovered (or selected) hit.
    await page.locator('.DocSearch-Hit').first().hover();
    await page.locator('.DocSearch-Hit-action-button[title="Save this search"]').first().click();
    await page.locator('.DocSearch-Hit-source', { hasText: 'Favorite' }).waitFor();
    assert.equal((await stored('__DOCSEARCH_FAVORITE_SEARCHES__local')).length, 1);
    await page.locator('.DocSearch-Hits', { hasText: 'Recent' }).locator('.DocSearch-Hit').first().hover();
    await page.locator('.DocSearch-Hit-action-button[title="Remove this search from history"]').first().click();
    for (let i = 0; i < 20 && (await stored(key)).length !== 5; i++) await page.waitForTimeout(100);
    assert.equal((await stored(key)).length, 5, 'one promoted, one removed');
    await page.keyboard.press('Escape');
    await pick('window example 1');
    assert.equal((await stored(key)).length, 4, 'four recent searches once a favorite exists');
    await context.close();
  });

  test('no results: the query, the help text and a link to open an issue', async () => {
    const page = await newPage();
    await openModal(page);
    await search(page, 'qwxzvq');
    const text = await page.locator('.DocSearch-NoResults').innerText();
    assert.match(text, /No results for "qwxzvq"/);
    assert.match(text, /Believe this query should return results\?/);
    const link = page.locator('.DocSearch-NoResults a', { hasText: 'Let us know.' });
    assert.match((await link.getAttribute('href')) ?? '', /^https:\/\/github\.com\/questdb\/documentation\/issues\/new\?title=Search%3A%20no%20results%20for%20%22qwxzvq%22/);
    await context.close();
  });

  test('the error view when the index cannot be fetched', async () => {
    context = await browser.newContext();
    await context.route('**/docs/search/*.json', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await openModal(page);
    await search(page, 'avg');
    const text = await page.locator('.DocSearch-ErrorScreen').innerText();
    assert.match(text, /Unable to fetch results/);
    assert.match(text, /You might want to check your network connection\./);
    await context.close();
  });

  test('snippets have 10 words, 5 on screens up to 768 px', async () => {
    for (const [width, words] of [[1280, 10], [768, 5]] as const) {
      const page = await newPage({ width, height: 900 });
      await openModal(page);
      await search(page, 'kingfisher');
      const snippet = await page.locator('.DocSearch-Hit-title', { hasText: 'kingfisher' }).first().innerText();
      assert.equal(snippet.split(/\s+/).filter((w) => w && w !== '…').length, words, `${width}px: ${snippet}`);
      await context.close();
    }
  });

  test('text from the index is escaped: a page titled <img src=x onerror=alert(1)> runs no script', async () => {
    const page = await newPage();
    const dialogs = noDialogs(page);
    await openModal(page);
    await search(page, 'onerror');
    const title = page.locator('.DocSearch-Hit-title').first();
    assert.equal(await title.innerText(), '<img src=x onerror=alert(1)>');
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    await search(page, 'sardine');
    await page.waitForTimeout(200);
    assert.equal(await page.locator('.DocSearch-Modal script, .DocSearch-Modal b').count(), 0);
    await page.goto(site.url + '/docs/search/?q=onerror');
    await page.locator('.search-hit').first().waitFor();
    assert.equal(await page.locator('.search-page__results img').count(), 0);
    assert.match(await page.locator('.search-hit__title').first().innerText(), /<img src=x onerror=alert\(1\)>/);
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  test('a heading with markup, chosen from the modal, is text in recent searches; stored searches holding markup are dropped', async () => {
    const page = await newPage();
    const dialogs = noDialogs(page);
    await openModal(page);
    await search(page, 'herring');
    const hit = page.locator('.DocSearch-Hit-title', { hasText: 'Herring' }).first();
    assert.match(await hit.innerText(), /Herring <img src=x onerror=alert\(3\)>/);
    await hit.click();
    await page.waitForURL('**/concept/escaping/#*');
    await page.goto(site.url + PAGE);
    await openModal(page);
    const recent = page.locator('.DocSearch-Hit', { hasText: 'Herring' }).first();
    await recent.waitFor({ timeout: 10_000 });
    assert.match(await recent.innerText(), /<img src=x onerror=alert\(3\)>/, 'the recent search shows the markup as text');
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    await page.keyboard.press('Escape');
    // A stored search with raw markup (saved by an older build, or planted) never reaches the modal.
    await page.evaluate(() => {
      const poisoned = { objectID: 'x', type: 'lvl1', url: '/docs/', content: null, hierarchy: { lvl0: 'Docs', lvl1: '<img src=x onerror=alert(4)>' } };
      localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__local', JSON.stringify([poisoned, ...JSON.parse(localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__local') ?? '[]')]));
    });
    await page.reload();
    await openModal(page);
    await page.locator('.DocSearch-Hit', { hasText: 'Herring' }).first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    assert.equal(await page.evaluate(() => localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__local')!.includes('alert(4)')), false);
    await page.waitForTimeout(300);
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  test('the results page: every hit from the address, updates as you type, no results, errors', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/docs/search/?q=avg');
    await page.locator('.search-hit').first().waitFor();
    assert.equal(await page.locator('#search-page-q').inputValue(), 'avg');
    assert.equal(await page.locator('.search-hit__link').first().getAttribute('href'), '/docs/functions/aggregation/#avg');
    assert.ok(await page.locator('.search-page__all').isHidden(), 'the page list steps aside for results');
    await page.locator('#search-page-q').fill('qwxzvq');
    await page.locator('.search-page__status', { hasText: 'No results for "qwxzvq"' }).waitFor();
    assert.match(await page.locator('.search-page__status').innerText(), /Believe this query should return results\? Let us know\./);
    await page.waitForURL('**/docs/search/?q=qwxzvq');
    await context.route('**/docs/search/*.json', (route) => route.abort('internetdisconnected'));
    const fresh = await context.newPage();
    await fresh.goto(site.url + '/docs/search/?q=avg');
    await fresh.locator('.search-page__status', { hasText: 'Unable to fetch results' }).waitFor();
    assert.match(await fresh.locator('.search-page__status').innerText(), /You might want to check your network connection\./);
    await context.close();
  });

  test('without JavaScript the search button is a link to the results page, which lists every page', async () => {
    context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await page.locator('.search-button').click();
    await page.waitForURL('**/docs/search/');
    assert.ok(await page.locator('.search-page__all').isVisible());
    assert.equal(await page.locator('.search-page__all a[href="/docs/functions/aggregation/"]').innerText(), 'Aggregate functions');
    await context.close();
  });
});

describe('search without personalization', { skip }, () => {
  test('chosen hits are not saved', async () => {
    const site = await buildWith({ SEARCH_PERSONALIZATION: 'false' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await openModal(page);
    await search(page, 'avg');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/#avg');
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('__DOCSEARCH')).length), 0);
    await context.close();
    await site.close();
  });
});
