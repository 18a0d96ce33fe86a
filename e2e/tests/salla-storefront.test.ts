import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { waitForMail } from '../src/mailbox.js';
import { installSallaByWebhook, seedMerchant } from '../src/merchant.js';
import { SALLA_STOREFRONT } from '../src/platforms.js';

// The fake Salla behind the run's app (src/platforms.ts) knows this store and its owner.
const STORE_ID = SALLA_STOREFRONT.storeId;

/** A page shaped like a Salla storefront: `window.salla` with onReady and config.get, and the App Snippet. */
function storefront(appUrl: string) {
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>متجر سلة</title><link rel="icon" href="data:,"></head>
<body><header>متجر نورة</header><main style="min-height:300px">منتجات</main><footer>© متجر نورة</footer>
<script>
  // As Twilight does it (@salla.sa/twilight 2.14.570, dist/esm/index.js and types/index.d.ts): onReady
  // returns a promise of readiness and runs a callback given after status turned 'ready' at once.
  var ready;
  window.salla = {
    status: 'loading',
    _ready: new Promise(function (resolve) { ready = resolve; }),
    onReady: function (cb) { return this._ready.then(cb); },
    config: { get: function (key, fallback) { return key === 'store.id' ? ${STORE_ID} : fallback; } }
  };
  // Salla's storefront becomes ready a moment after the page's scripts run (or, on a busy machine, before
  // the snippet has arrived: it must show the widget either way).
  setTimeout(function () { window.salla.status = 'ready'; ready(); }, 150);
</script>
<script src="${appUrl}/integrations/salla/snippet.js"></script>
</body></html>`;
}

describe('a Salla store with the app installed', () => {
  const app = sharedApp();
  let browser: Browser;
  let store: http.Server;
  let storeUrl: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    store = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(storefront(app.url));
    });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
    storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => store?.close(r));
  });

  it('installs by webhook, and the storefront snippet shows the widget with no code from the merchant', async () => {
    const delivered = await installSallaByWebhook(app, {
      id: STORE_ID,
      accessToken: SALLA_STOREFRONT.accessToken,
      scope: 'offline_access',
    });
    expect(delivered).toBe(202);
    // The merchant opens the dashboard from the welcome e-mail and names their Instagram account.
    await waitForMail(app, SALLA_STOREFRONT.email, { what: 'welcome e-mail' });
    await seedMerchant(app, { email: SALLA_STOREFRONT.email, username: 'noura.store' });

    const { page, context, errors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(storeUrl);
    const feed = page.locator('lamha-feed');
    await feed.locator('.grid .tile').first().waitFor({ timeout: 20_000 });
    await feed.locator('.banner').waitFor();
    // Placed before the store's footer, as for pasted snippets.
    await expect(
      page.evaluate(
        () =>
          document.querySelector('lamha-feed')?.closest('body') !== null &&
          document
            .querySelector('footer')
            ?.previousElementSibling?.contains(document.querySelector('lamha-feed')),
      ),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
