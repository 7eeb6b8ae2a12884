/**
 * The page budgets of `npm run bench` (issue 3), on a typical docs page of the real site
 * served compressed like production:
 * - gzip bytes of JavaScript and CSS the page loads before any interaction (islands that
 *   wake on load, idle or when visible included): at most 25 KB of JS and 20 KB of CSS;
 * - layout shift while islands wake (CLS): 0;
 * - Lighthouse 13 (mobile preset, Debian's chromium): 100 for performance, accessibility,
 *   best practices and SEO.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, serveBuild } from '../../test/helpers/browser.ts';
import { median } from './stats.ts';

export const BUDGET = { jsKb: 25, cssKb: 20, cls: 0, lighthouse: 100 };

/** JS and CSS gzip bytes loaded with no interaction, and the layout shift, in Chromium. */
async function loadWeights(dir: string, base: string, path: string): Promise<{ js: number; css: number; cls: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000); // idle islands
    const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    let js = 0;
    let css = 0;
    for (const url of urls) {
      const rel = new URL(url).pathname.replace(/^\/docs\//, '');
      if (!rel.endsWith('.js') && !rel.endsWith('.css')) continue;
      const bytes = gzipSync(await readFile(join(dir, rel)), { level: 9 }).length;
      if (rel.endsWith('.js')) js += bytes;
      else css += bytes;
    }
    return { js, css, cls };
  } finally {
    await browser.close();
  }
}

async function lighthouse(url: string): Promise<Record<string, number> | string> {
  try {
    const { default: run } = await import('lighthouse');
    const { launch } = await import('chrome-launcher');
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    try {
      const result = await run(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const categories = result?.lhr.categories ?? {};
      return Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
    } finally {
      await chrome.kill();
    }
  } catch (e) {
    return `skipped (${(e as Error).message.split('\n')[0]})`;
  }
}

export async function benchBudgets(dir: string, runs: number): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log('\nbudgets: skipped (no /usr/bin/chromium)');
    return;
  }
  const site = await serveBuild(dir);
  const base = site.url;
  try {
    // Typical pages: a concept page, a reference page with tabs and code, a guide.
    const pages = ['/docs/concept/partitions/', '/docs/reference/sql/sample-by/', '/docs/ingestion-overview/'];
    console.log(`\nbudgets (mobile viewport, before any interaction; budget: JS ≤ ${BUDGET.jsKb} KB, CSS ≤ ${BUDGET.cssKb} KB gzip, CLS ${BUDGET.cls}, Lighthouse ${BUDGET.lighthouse})`);
    for (const path of pages) {
      const w = await loadWeights(dir, base, path);
      const ok = w.js <= BUDGET.jsKb * 1024 && w.css <= BUDGET.cssKb * 1024 && w.cls <= 0.001;
      console.log(`  ${path}: JS ${(w.js / 1024).toFixed(1)} KB, CSS ${(w.css / 1024).toFixed(1)} KB, CLS ${w.cls.toFixed(3)} ${ok ? '(within budget)' : '(OVER BUDGET)'}`);
    }
    for (const path of pages.slice(0, 2)) {
      const scores: Record<string, number[]> = {};
      let skipped = '';
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(base + path);
        if (typeof r === 'string') {
          skipped = r;
          break;
        }
        for (const [k, v] of Object.entries(r)) (scores[k] ??= []).push(v);
      }
      if (skipped) console.log(`  Lighthouse ${path}: ${skipped}`);
      else {
        console.log(`  Lighthouse (mobile) ${path}: ${Object.entries(scores).map(([k, v]) => `${k} ${median(v)} (runs: ${v.join(', ')})`).join('; ')}`);
      }
    }
  } finally {
    await site.close();
  }
}
