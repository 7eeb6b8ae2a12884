/**
 * Accessibility and valid HTML on representative pages of the real site: the home page,
 * a long reference page, a page with tabs, the results page, the offline page and the 404 page.
 * - axe-core in Chromium (desktop and phone widths, islands awake): no serious or
 *   critical violations;
 * - the Nu HTML checker (vnu-jar, Java): no errors.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = ['', 'reference/function/date-time/', 'ingestion-overview/', 'search/', 'offline/'];
const hasJava = spawnSync('java', ['-version']).status === 0;

let out: string;
before(async () => {
  out = await buildToTemp(ROOT);
});

describe('valid HTML (Nu HTML checker)', { skip: hasJava ? false : 'needs java (apt-get install -y default-jre-headless)' }, () => {
  test('no errors on the home, a long reference page, a page with tabs, the results page, the offline page and 404', () => {
    const files = [...PAGES.map((p) => join(out, p, 'index.html')), join(out, '404.html')];
    const r = spawnSync('java', ['-jar', require('vnu-jar') as string, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    const report = JSON.parse(r.stderr || r.stdout || '{"messages":[]}') as { messages: { type: string; url: string; message: string; lastLine?: number }[] };
    const errors = report.messages.filter((m) => m.type === 'error').map((m) => `${m.url.replace(`file:${out}`, '')}:${m.lastLine ?? '?'}: ${m.message}`);
    assert.deepEqual(errors, []);
  });
});

describe('accessibility (axe-core)', { skip: hasChromium ? false : 'needs /usr/bin/chromium' }, () => {
  let browser: Browser;
  let site: { url: string; close: () => Promise<void> };
  before(async () => {
    site = await serveBuild(out);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const width of [1280, 390]) {
    test(`no serious or critical violations at ${width} px`, async () => {
      const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
      // axe-core goes in as an inline script, which the pages' CSP refuses: the checking tool, not the page, bypasses it.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const problems: string[] = [];
      for (const path of [...PAGES, 'no-such-page/']) {
        const page = await context.newPage();
        await page.goto(`${site.url}/docs/${path}`);
        // Wake the islands that wake on load and idle, then check what a reader gets.
        await page.waitForLoadState('networkidle');
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
        });
        problems.push(...violations.map((v) => `/docs/${path}: ${v}`));
        await page.close();
      }
      await context.close();
      assert.deepEqual(problems, []);
    });
  }
});
