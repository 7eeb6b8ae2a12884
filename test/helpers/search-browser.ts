/** What the search browser tests share: the search fixture built with an environment, and the modal's steps. */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { FIXTURES } from './fixture.ts';
import { buildToTemp, hasChromium, serveBuild } from './browser.ts';

export const skip = hasChromium ? false : 'needs /usr/bin/chromium (apt-get install -y chromium)';
/** A page of the search fixture with the search button. */
export const PAGE = '/docs/sql/sample-by/';

/** Builds the search fixture with these environment variables set, and serves it. */
export async function buildWith(env: Record<string, string>): Promise<{ url: string; dir: string; close: () => Promise<void> }> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const dir = await buildToTemp(join(FIXTURES, 'search'));
    const served = await serveBuild(dir);
    return { ...served, dir };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Opens the modal with Ctrl+K once the button is ready. */
export async function openModal(page: Page): Promise<void> {
  await page.locator('.search-button[data-ready]').waitFor({ timeout: 10_000 });
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').waitFor({ timeout: 10_000 });
}

/** Types a query into the open modal and waits for its answer. */
export async function search(page: Page, query: string): Promise<void> {
  await page.locator('.DocSearch-Input').fill(query);
  await page.locator('.DocSearch-Hits, .DocSearch-NoResults, .DocSearch-ErrorScreen').first().waitFor({ timeout: 10_000 });
}

/** Fails the test if any script dialog opens (the XSS probe would call alert). */
export function noDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}
