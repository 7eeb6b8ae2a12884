/**
 * Search in Chromium on Algolia, against a mock server: retries across hosts, the error view,
 * escaping of Algolia's unescaped text, and insights events.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { startMockAlgolia, type MockAlgolia } from '../helpers/mock-algolia.ts';
import { PAGE, buildWith, noDialogs, openModal, skip } from '../helpers/search-browser.ts';
import type { SearchRecord } from '../../src/shared/search/types.ts';

let browser: Browser;

before(async () => {
  if (skip) return;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('search on Algolia (mock server)', { skip }, () => {
  let hang: MockAlgolia;
  let fail: MockAlgolia;
  let ok: MockAlgolia;
  let site: Awaited<ReturnType<typeof buildWith>>;
  before(async () => {
    hang = await startMockAlgolia({ behaviour: 'hang' });
    fail = await startMockAlgolia({ behaviour: 'error500' });
    ok = await startMockAlgolia();
    site = await buildWith({
      ALGOLIA_APP_ID: 'TESTAPP',
      ALGOLIA_API_KEY: 'search-key',
      ALGOLIA_INDEX_NAME: 'docs',
      ALGOLIA_INSIGHTS: 'true',
      ALGOLIA_HOSTS: [hang.url, fail.url, ok.url].join(','),
      ALGOLIA_INSIGHTS_HOST: ok.url,
    });
    const records = JSON.parse(await readFile(join(site.dir, 'search/records.json'), 'utf8')) as SearchRecord[];
    // The mock answers with the records the build wrote for upload, with their site-relative urls.
    ok.indexes.set('docs', records.map((r) => ({ ...r, url: r.url.replace('https://questdb.com', site.url) })));
  });
  after(async () => {
    await site?.close();
    for (const m of [hang, fail, ok]) await m?.close();
  });

  test('pages preconnect to the search host and load no local index', async () => {
    const html = await readFile(join(site.dir, 'sql/sample-by/index.html'), 'utf8');
    assert.ok(html.includes(`<link rel="preconnect" href="${hang.url}" crossorigin="anonymous"/>`), 'preconnect');
    assert.ok(!html.includes('headings.json'), 'no local index settings');
  });

  test('queries with DocSearch\'s parameters and retries across a host that hangs and one that fails', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + PAGE);
    await openModal(page);
    await page.locator('.DocSearch-Input').fill('avg');
    await page.locator('.DocSearch-Hits').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.DocSearch-Hit a').first().getAttribute('href'), '/docs/functions/aggregation/#avg', 'same-origin urls become paths');
    const query = ok.requests.find((r) => r.path === '/1/indexes/*/queries');
    assert.ok(query, 'the working host answered');
    assert.ok(hang.requests.some((r) => r.path === '/1/indexes/*/queries'), 'the hanging host was tried');
    assert.ok(fail.requests.some((r) => r.path === '/1/indexes/*/queries'), 'the failing host was tried');
    // Credentials travel as headers or, from browsers, as query parameters.
    const credentials = { ...query.headers, ...query.query };
    assert.equal(credentials['x-algolia-application-id'], 'TESTAPP');
    assert.equal(credentials['x-algolia-api-key'], 'search-key');
    const [request] = (query.body as { requests: Record<string, unknown>[] }).requests;
    assert.equal(request!.indexName, 'docs');
    assert.equal(request!.hitsPerPage, 20);
    assert.equal(request!.clickAnalytics, true);
    assert.equal(request!.highlightPreTag, '<mark>');
    assert.equal(request!.snippetEllipsisText, '…');
    assert.deepEqual(request!.attributesToSnippet, ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10']);
    assert.ok((request!.attributesToRetrieve as string[]).includes('hierarchy.lvl0'));

    // Insights: the viewed hits (debounced, at most 20 ids an event), then the click with its query id and position.
    const viewed = async () => ok.requests.filter((r) => r.path === '/1/events').flatMap((r) => (r.body as { events: { eventType: string; objectIDs: string[]; queryID?: string; positions?: number[] }[] }).events);
    for (let i = 0; i < 50 && !(await viewed()).some((e) => e.eventType === 'view'); i++) await page.waitForTimeout(100);
    const views = (await viewed()).filter((e) => e.eventType === 'view');
    assert.ok(views.length > 0, 'a viewed event');
    assert.ok(views.every((e) => e.objectIDs.length > 0 && e.objectIDs.length <= 20));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/#avg');
    for (let i = 0; i < 50 && !(await viewed()).some((e) => e.eventType === 'click'); i++) await page.waitForTimeout(100);
    const click = (await viewed()).find((e) => e.eventType === 'click');
    assert.ok(click, 'a clicked event');
    assert.equal(click.queryID, 'mockqueryid0000000000000000000001');
    assert.deepEqual(click.positions, [1]);
    await context.close();
  });

  test('Algolia answers with unescaped text; the modal, recent searches and the results page show it as text', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs = noDialogs(page);
    await page.goto(site.url + PAGE);
    await openModal(page);
    await page.locator('.DocSearch-Input').fill('herring');
    const hit = page.locator('.DocSearch-Hit-title', { hasText: 'Herring' }).first();
    await hit.waitFor({ timeout: 20_000 });
    assert.match(await hit.innerText(), /Herring <img src=x onerror=alert\(3\)>/);
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    await hit.click();
    await page.waitForURL('**/concept/escaping/#*');
    await page.goto(site.url + PAGE);
    await openModal(page);
    await page.locator('.DocSearch-Hit', { hasText: 'Herring' }).first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    await page.goto(site.url + '/docs/search/?q=onerror');
    await page.locator('.search-hit').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.search-page__results img').count(), 0);
    assert.match(await page.locator('.search-page__results').innerText(), /<img src=x onerror=alert\(1\)>/);
    await page.waitForTimeout(300);
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  test('every host failing ends in the error view', async () => {
    ok.behaviour = 'error500';
    hang.behaviour = 'error500';
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(site.url + PAGE);
      await openModal(page);
      await page.locator('.DocSearch-Input').fill('avg');
      await page.locator('.DocSearch-ErrorScreen').waitFor({ timeout: 20_000 });
      assert.match(await page.locator('.DocSearch-ErrorScreen').innerText(), /Unable to fetch results[\s\S]*You might want to check your network connection\./);
      await context.close();
    } finally {
      ok.behaviour = 'ok';
      hang.behaviour = 'hang';
    }
  });
});
