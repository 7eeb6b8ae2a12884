/**
 * A site whose sidebar is too large to carry in every page: each page holds an outline
 * that works without JavaScript, and the sidebar island swaps in the whole list.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { buildToTemp, hasChromium, launchBrowser, serveBuild } from '../helpers/browser.ts';
import { OUTLINE_FROM_LINKS } from '../../src/pipeline/render/sidebar-html.ts';

const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const GROUPS = 11;
const PER_GROUP = Math.ceil(OUTLINE_FROM_LINKS / GROUPS) + 1;
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let root: string;
let out: string;

before(async () => {
  if (skip) return;
  root = await mkdtemp(join(tmpdir(), 'qdb-outline-'));
  await cp(join(REPO, 'content/data'), join(root, 'content/data'), { recursive: true });
  await mkdir(join(root, 'content/docs'), { recursive: true });
  await writeFile(join(root, 'content/docs/introduction.md'), '---\ntitle: Home\ndescription: Home.\nslug: /\n---\n\nHello.\n');
  const sidebar: unknown[] = ['introduction'];
  for (let g = 0; g < GROUPS; g++) {
    await mkdir(join(root, `content/docs/g${g}`), { recursive: true });
    const ids: string[] = [];
    for (let i = 0; i < PER_GROUP; i++) {
      await writeFile(join(root, `content/docs/g${g}/p${i}.md`), `---\ntitle: Page ${g}-${i}\ndescription: A page.\n---\n\nText of page ${g}-${i}.\n`);
      ids.push(`g${g}/p${i}`);
    }
    sidebar.push({ type: 'category', label: `Group ${g}`, items: ids });
  }
  await writeFile(join(root, 'content/sidebars.ts'), `export default ${JSON.stringify({ docs: sidebar })};\n`);
  out = await buildToTemp(root);
  site = await serveBuild(out);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a very large sidebar', { skip }, () => {
  test('each page carries an outline only; the whole list is one shared file', async () => {
    const html = await readFile(join(out, 'g3/p5/index.html'), 'utf8');
    assert.ok(html.includes('>Page 3-0<'), 'its own group is whole');
    assert.ok(!html.includes('>Page 4-0<'), 'other groups are not in the page');
    assert.match(html, /Pages in Group 4/);
    const full = (JSON.parse(await readFile(join(out, 'sidebar.json'), 'utf8')) as { html: string }).html;
    assert.ok(full.includes('>Page 4-0<') && full.includes(`>Page ${GROUPS - 1}-${PER_GROUP - 1}<`));
  });

  test('without JavaScript, a closed group opens on one link that leads into it', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + '/docs/g3/p5/');
    const group = page.locator('details[data-cat="5"]');
    await group.locator('summary').click();
    await group.getByRole('link', { name: 'Pages in Group 4' }).click();
    await page.waitForURL(site.url + '/docs/g4/p0/');
    assert.equal(await page.locator('.sidebar [aria-current="page"]').innerText(), 'Page 4-0');
    await context.close();
  });

  test('with JavaScript, the island swaps in every entry, the page still marked and its group open', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/docs/g3/p5/');
    await page.locator('nav.sidebar[data-full-sidebar-ready]').waitFor({ state: 'attached', timeout: 10_000 });
    assert.equal(await page.locator('.sidebar a.sidebar__link').count(), 1 + GROUPS * PER_GROUP);
    assert.equal(await page.locator('.sidebar [aria-current="page"]').innerText(), 'Page 3-5');
    assert.equal(await page.locator('details[data-cat="4"]').getAttribute('open'), '');
    await page.locator('details[data-cat="5"] summary').click();
    await page.getByRole('link', { name: 'Page 4-7', exact: true }).click();
    await page.waitForURL(site.url + '/docs/g4/p7/');
    await context.close();
  });
});
