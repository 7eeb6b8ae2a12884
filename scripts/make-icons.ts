#!/usr/bin/env tsx
// Renders the app icons and the default social image from public/favicon.svg with
// Debian's Chromium. Run after changing the logo; commit the PNGs.
// Usage: npx tsx scripts/make-icons.ts
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';

const svg = await readFile('public/favicon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const shot = async (html: string, width: number, height: number, path: string) => {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#21222c">${html}</body></html>`);
  await page.screenshot({ path, omitBackground: false });
  console.log(`wrote ${path}`);
};
const icon = (size: number, pad: number) => `<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:#21222c"><div style="width:${size - 2 * pad}px;height:${size - 2 * pad}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></div>`;
await shot(icon(192, 0), 192, 192, 'public/icons/icon-192.png');
await shot(icon(512, 0), 512, 512, 'public/icons/icon-512.png');
await shot(icon(512, 96), 512, 512, 'public/icons/icon-maskable-512.png');
await shot(
  `<div style="width:1200px;height:630px;display:flex;align-items:center;gap:48px;padding:0 96px;box-sizing:border-box;background:linear-gradient(135deg,#21222c,#262833);font-family:system-ui,sans-serif;color:#fff"><div style="width:180px;height:180px;flex:none">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div><div><div style="font-size:88px;font-weight:700">QuestDB</div><div style="font-size:44px;color:#e289a4">Documentation</div></div></div>`,
  1200, 630, 'public/images/og-default.png',
);
await browser.close();
