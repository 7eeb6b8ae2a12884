/** The browser tests' shared Chromium is started again when it has died (test/helpers/browser.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasChromium, launchBrowser } from '../helpers/browser.ts';

test('a browser that died is replaced before the next page opens', { skip: !hasChromium && 'needs /usr/bin/chromium' }, async () => {
  const browser = await launchBrowser();
  try {
    const first = await browser.newPage();
    await first.setContent('<p>one</p>');
    const disconnected = new Promise((resolve) => browser.on('disconnected', resolve));
    // The browser goes away under the test (closed here; a crash leaves it in the same state).
    await first.context().browser()!.close();
    await disconnected;
    assert.equal(browser.isConnected(), false);
    const page = await browser.newPage();
    await page.setContent('<p>two</p>');
    assert.equal(await page.textContent('p'), 'two');
    assert.equal(browser.isConnected(), true);
  } finally {
    await browser.close();
  }
});
