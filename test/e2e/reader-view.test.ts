/**
 * What a reader sees on the real site, in Chromium at 1280×900 and 390×844: the route
 * progress bar reads against whatever lies behind it, the mobile header and its menu, the
 * announcement link, sticky boxes at the end of a long page, wide tables and syntax
 * diagrams, admonition and highlight colours, the ⌘ K hint and the results page snippets.
 * Colours are measured as computed in the page (WCAG 2.x contrast ratios).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';
import { siteConfig } from '../../src/shared/site-config.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEEP = '/docs/reference/sql/alter-table-change-column-type/';
const LONG = '/docs/reference/function/date-time/';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
let browser: Browser;
let site: { url: string; close: () => Promise<void> };

before(async () => {
  if (skip) return;
  site = await serveBuild(await buildToTemp(ROOT));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path: string, width = 1280, height = 900, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto(site.url + path);
  return page;
}

/** In-page helpers: an opaque colour's contrast with another, and the colour painted behind a point
 * (run with page.evaluate: the pages' CSP blocks injected script tags; a string, so the test
 * runner's transform adds no helper names to it). */
const COLOUR_HELPERS = `(() => {
window.__rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
window.__lum = (c) => { const [r, g, b] = window.__rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
window.__contrast = (a, b) => { const [x, y] = [window.__lum(a), window.__lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
window.__behind = (x, y, skip) => {
  for (const start of document.elementsFromPoint(x, y)) {
    if (skip && (start === skip || skip.contains(start))) continue;
    for (let e = start; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      const a = window.__rgb(c)[3];
      if (a === undefined || a === 1) return c;
    }
  }
  return getComputedStyle(document.body).backgroundColor;
};
})()`;

async function contrastOf(page: Page, colourOf: string, backgroundOf: string, property = 'color'): Promise<number> {
  await page.evaluate(COLOUR_HELPERS);
  return page.evaluate(
    ([fg, bg, prop]) => {
      const w = window as unknown as { __contrast(a: string, b: string): number };
      const f = getComputedStyle(document.querySelector(fg!)!).getPropertyValue(prop!);
      const b = getComputedStyle(document.querySelector(bg!)!).backgroundColor;
      return w.__contrast(f, b);
    },
    [colourOf, backgroundOf, property],
  );
}

describe('route progress bar (behaviour 3)', { skip }, () => {
  for (const scrolled of [false, true]) {
    test(`reads at least 3:1 against everything behind and below it, ${scrolled ? 'scrolled down' : 'at the top of the page'}`, async () => {
      const page = await open(LONG);
      await page.locator('.layout[data-navigation-ready]').waitFor({ timeout: 20_000 });
      if (scrolled) await page.evaluate(() => window.scrollTo(0, 1500));
      const link = page.locator('.layout__sidebar a[href^="/docs/"]:not([aria-current])').first();
      const target = await link.getAttribute('href');
      await page.context().route(`${site.url}${target}`, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.fallback();
      });
      const seen: number[][] = [];
      await page.exposeBinding('reportBar', (_source, ratios: number[]) => void seen.push(ratios));
      await page.evaluate(COLOUR_HELPERS);
      await page.evaluate(() => {
        const w = window as unknown as { __contrast(a: string, b: string): number; __behind(x: number, y: number, skip?: Element): string; reportBar(r: number[]): void };
        new MutationObserver((_, observer) => {
          const bar = document.querySelector('.route-progress');
          if (!bar) return;
          observer.disconnect();
          const r = bar.getBoundingClientRect();
          const colour = getComputedStyle(bar).backgroundColor;
          const ratios: number[] = [];
          for (const x of [5, innerWidth / 2, innerWidth - 5]) {
            for (const y of [r.top + r.height / 2, r.bottom + 1]) if (y >= 0 && y < innerHeight) ratios.push(w.__contrast(colour, w.__behind(x, y, bar)));
          }
          w.reportBar(ratios);
        }).observe(document.body, { childList: true, subtree: true });
      });
      await link.evaluate((a) => (a as HTMLAnchorElement).click());
      await page.waitForURL(`**${target}`, { timeout: 20_000 });
      assert.equal(seen.length, 1, 'the bar showed while the next page loaded');
      assert.ok(seen[0]!.length > 0);
      for (const ratio of seen[0]!) assert.ok(ratio >= 3, `bar against its background: ${ratio.toFixed(2)}:1 (${seen[0]!.map((n) => n.toFixed(2)).join(', ')})`);
      await page.context().close();
    });
  }
});

describe('mobile header and menu (behaviour 7)', { skip }, () => {
  test('the brand name shows at 390 and 320 px and nothing overflows', async () => {
    for (const width of [390, 320]) {
      const page = await open(DEEP, width, 844);
      const name = page.locator('.site-header__inner > .brand .brand__name');
      assert.ok(await name.isVisible(), `${width}px: brand name visible`);
      assert.ok((await name.boundingBox())!.width > 40, `${width}px: brand name has its width`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${width}px: no horizontal overflow`);
      await page.context().close();
    }
  });

  test('the menu holds the release label and Roadmap; only "Docs menu" opens the docs tree', async () => {
    const page = await open(DEEP, 390, 844);
    await page.locator('.mobile-menu[data-island-ready]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('.mobile-menu__open').click();
    const panel = page.locator('.mobile-menu__panel');
    const release = panel.locator(`a[href^="${siteConfig.releasesUrl}"]`);
    assert.ok(await release.isVisible(), 'release label in the menu');
    assert.match(await release.innerText(), /\d+\.\d+\.\d+/);
    const roadmap = panel.locator(`a[href="${siteConfig.roadmapUrl}"]`);
    assert.ok(await roadmap.isVisible(), 'Roadmap in the menu');
    assert.equal(await roadmap.getAttribute('target'), '_blank');
    assert.equal(await panel.locator('nav.sidebar').count(), 0, 'the site menu does not open the docs tree');
    await page.keyboard.press('Escape');
    await page.locator('.docs-nav-toggle__label').click();
    assert.ok(await page.locator('.layout__sidebar nav.sidebar').isVisible(), '"Docs menu" opens the docs tree');
    await page.context().close();
  });

  test('the breadcrumb stays on one line (no chevron starting a second line)', async () => {
    for (const width of [390, 320]) {
      const page = await open(DEEP, width, 844);
      const tops = await page.locator('.breadcrumbs li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
      assert.ok(tops.length >= 3, 'a deep trail');
      assert.equal(new Set(tops).size, 1, `${width}px: one line (${tops.join(', ')})`);
      await page.context().close();
    }
  });
});

describe('what a reader sees', { skip }, () => {
  test('the announcement links to the release notes, on a docs page and on the 404 page', async () => {
    for (const path of ['/docs/', '/docs/no-such-page/']) {
      const page = await open(path);
      const link = page.locator('.announcement a', { hasText: 'release notes' });
      assert.ok(await link.isVisible(), `${path}: link shown`);
      assert.match((await link.getAttribute('href'))!, /^https:\/\/github\.com\/questdb\/questdb\/releases\/tag\/\d/);
      assert.ok((await contrastOf(page, '.announcement a', '.announcement')) >= 4.5);
      await page.context().close();
    }
  });

  test('at the end of a long page the sidebar and the TOC stay below the header, the current entry in view', async () => {
    const page = await open(LONG);
    await page.locator('.layout[data-navigation-ready]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Let the scroll handlers run (they work in animation frames).
    await page.waitForTimeout(600);
    const r = await page.evaluate(() => ({
      header: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      sidebar: document.querySelector('.layout__sidebar')!.getBoundingClientRect().toJSON() as DOMRect,
      toc: document.querySelector('nav.toc')!.getBoundingClientRect().toJSON() as DOMRect,
      footer: document.querySelector('.site-footer')!.getBoundingClientRect().top,
      active: document.querySelector('nav.toc a[aria-current]')!.getBoundingClientRect().toJSON() as DOMRect,
    }));
    assert.ok(r.sidebar.top >= r.header - 1, `sidebar top ${r.sidebar.top} below the header ${r.header}`);
    assert.ok(r.sidebar.bottom <= r.footer + 1, 'sidebar ends above the footer');
    assert.ok(r.toc.top >= r.header, `toc top ${r.toc.top} below the header ${r.header}`);
    assert.ok(r.active.top >= r.toc.top - 1 && r.active.bottom <= r.toc.bottom + 1, `the current entry shows in the toc (${r.active.top}–${r.active.bottom} in ${r.toc.top}–${r.toc.bottom})`);
    assert.ok(r.active.top >= r.header && r.active.bottom <= 900, 'and on screen');
    await page.context().close();
  });

  test('a table wider than the column shows scroll cues; one that fits shows none', async () => {
    const page = await open('/docs/');
    const cues = await page.locator('.markdown .table-scroll').evaluateAll((boxes) =>
      boxes.map((b) => ({ wide: b.scrollWidth > b.clientWidth, image: getComputedStyle(b).backgroundImage, attachment: getComputedStyle(b).backgroundAttachment })),
    );
    const wide = cues.filter((c) => c.wide);
    assert.ok(wide.length > 0, 'the home page has a wide table (OHLC)');
    for (const c of cues) {
      assert.match(c.image, /radial-gradient.*radial-gradient/, 'edge shadows');
      assert.match(c.attachment, /^local, local, scroll, scroll/, 'covers that scroll with the content hide the shadows at the ends');
    }
    await page.context().close();
  });

  test('syntax diagrams keep their natural size and scroll, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await open('/docs/reference/sql/sample-by/', width, 900);
      const sizes = await page.locator('svg.railroad-diagram').evaluateAll((svgs) => svgs.map((s) => ({ shown: s.getBoundingClientRect().width, natural: Number(s.getAttribute('width')), box: s.closest('.railroad')! })).map(({ shown, natural, box }) => ({ shown, natural, scrolls: box.scrollWidth > box.clientWidth })));
      assert.ok(sizes.length > 0);
      for (const s of sizes) assert.ok(s.shown >= s.natural - 0.5, `${width}px: diagram shown at ${s.shown} of ${s.natural} px`);
      assert.ok(sizes.some((s) => s.scrolls), `${width}px: the widest diagram scrolls in its box`);
      await page.context().close();
    }
  });

  test('note and info admonitions have distinct colours, each at least 4.5:1 on the admonition', async () => {
    const page = await open('/docs/');
    await page.evaluate(() => {
      for (const kind of ['note', 'info']) document.querySelector('.markdown')!.insertAdjacentHTML('beforeend', `<div class="admonition admonition--${kind}" id="t-${kind}"><p class="admonition__title">${kind}</p></div>`);
    });
    const colour = (id: string) => page.locator(`#${id}`).evaluate((e) => getComputedStyle(e).borderLeftColor);
    assert.notEqual(await colour('t-note'), await colour('t-info'));
    for (const kind of ['note', 'info']) assert.ok((await contrastOf(page, `#t-${kind} .admonition__title`, `#t-${kind}`)) >= 4.5, kind);
    await page.context().close();
  });

  test('highlighted words in the search modal are at least 4.5:1 on their hit', async () => {
    const page = await open('/docs/');
    await page.locator('.search-button[data-island-ready]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('.search-button').click();
    await page.locator('.DocSearch-Input').fill('sample by');
    const mark = page.locator('.DocSearch-Hit:not([aria-selected="true"]) mark').first();
    await mark.waitFor({ timeout: 30_000 });
    await mark.evaluate((m) => m.setAttribute('id', 't-mark'));
    await mark.evaluate((m) => m.closest('a')!.setAttribute('id', 't-hit'));
    const ratio = await contrastOf(page, '#t-mark', '#t-hit');
    assert.ok(ratio >= 4.5, `highlight ${ratio.toFixed(2)}:1`);
    await page.context().close();
  });

  test('the shortcut hint reads ⌘ K on Apple platforms and Ctrl K elsewhere', async () => {
    for (const [ua, hint] of [[MAC, '⌘ K'], [undefined, 'Ctrl K']] as const) {
      const page = await open('/docs/', 1280, 900, ua);
      assert.equal((await page.locator('.search-button__keys').innerText()).trim(), hint);
      await page.context().close();
    }
  });

  test('the results page shows what matched under a heading hit, highlighted, as text', async () => {
    const page = await open('/docs/search/?q=sample%20by');
    await page.locator('.search-hit').first().waitFor({ timeout: 60_000 });
    const first = page.locator('.search-hit').first();
    const snippet = first.locator('.search-hit__snippet');
    assert.ok(await snippet.isVisible(), 'the first hit (a heading) has a snippet');
    assert.ok((await snippet.locator('mark').count()) > 0, 'with the matched words marked');
    const tags = await page.locator('.search-hit__snippet *').evaluateAll((els) => [...new Set(els.map((e) => e.tagName))]);
    assert.deepEqual(tags, ['MARK'], 'no markup but the highlight');
    await page.context().close();
  });
});
