/** Playwright on Debian's Chromium, and a local server for a built site, for the browser tests and the bench. */
import { chromium, type Browser } from 'playwright-core';
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

/** Launches headless Chromium with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
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
