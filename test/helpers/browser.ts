/** Playwright on Debian's Chromium, and a local server for a built site, for the browser tests and the bench. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { buildAll } from '../../src/pipeline/build.ts';
import { join } from 'node:path';
import { defaultCacheControl, readInside, serveStatic, siteHeadersOf } from '../../src/pipeline/serve/static-handler.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** The flags this machine needs (no network, no sandbox as root); Lighthouse's launcher uses them too. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const launch = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/**
 * Launches headless Chromium with the flags this machine needs. The browser a test file shares
 * is started again when it has died: one CI run lost Chromium in the middle of a file, and
 * every later test of the file then failed with "browser has been closed". The test that was
 * running when it died still fails; the next ones get a new browser (and a note on stderr).
 */
export async function launchBrowser(): Promise<Browser> {
  let current = await launch();
  const live = async () => {
    if (!current.isConnected()) {
      console.error('# Chromium had exited; a new one was started for the next test.');
      current = await launch();
    }
    return current;
  };
  return new Proxy({} as Browser, {
    get(_target, prop) {
      if (prop === 'newContext' || prop === 'newPage') return async (...args: unknown[]) => ((await live())[prop] as (...a: unknown[]) => unknown)(...args);
      const value = (current as unknown as Record<PropertyKey, unknown>)[prop];
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/**
 * Reloads `page` until its service worker controls it. One reload after activation normally
 * does it, but once in a CI run the reloaded page came up uncontrolled and stayed so (the
 * worker had just activated); reloading again, within the time limit, settles that race
 * without hiding a worker that never takes control.
 */
export async function reloadUntilControlled(page: Page, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    await page.reload();
    const left = end - Date.now();
    if (left <= 0) throw new Error(`the service worker did not control the page within ${timeoutMs} ms`);
    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: Math.min(10_000, left) })
      .then(() => true, () => false);
    if (controlled) return;
  }
}

/** Serves a build folder at http://127.0.0.1:<port>/docs/ like the preview server. */
export async function serveBuild(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const headers = await siteHeadersOf(dir);
  const server: Server = createServer((req, res) => void serveStatic(req, res, (rel) => readInside(dir, rel), defaultCacheControl, headers));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Builds a site (a fixture or the real one) into a fresh temporary folder and returns it. */
export async function buildToTemp(root: string): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'qdb-site-'));
  await buildAll({ root, outDir: out });
  return out;
}
