import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ZInsights } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { fixturesOf, loadFixtures, shapeMismatches } from '../../api/src/testing/contracts/shape.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { waitForMail } from '../src/mailbox.js';
import { installSallaByWebhook, merchantGet, seedMerchant, widgetInitText } from '../src/merchant.js';
import { SALLA_CART } from '../src/platforms.js';

/**
 * Issue 35 end to end: a Salla store page running Salla's real storefront SDK (Twilight, from the npm
 * package) with the app's snippet; the shopper opens a post and puts its product in the store's cart.
 * Salla's storefront API is answered by a stand-in on 127.0.0.1 shaped as the SDK reads it (see
 * STAND_IN below); nothing leaves this machine.
 */

/** Twilight's browser bundle, as a theme loads it. */
const TWILIGHT = readFileSync(
  createRequire(import.meta.url).resolve('@salla.sa/twilight/dist/@salla.sa/twilight.min.js'),
);
/** The desktop Chrome User-Agent of a shopper: the insights leave headless browsers out. */
const SHOPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CART_ID = 91_555_001;
/** Where the test leaves its pictures of the viewer with the button, for people to look at. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/lamha-screenshots';

/**
 * What the stand-in answers, in the shapes the SDK reads (its `types/api/cart/response.d.ts`:
 * `{status, success, data: {cart: {id, count, total, …}}}`; failures Salla's error envelope
 * `{status, success: false, error: {message, fields?}}` as its Merchant API documents it, with 422 as
 * the status the SDK does not retry): `GET /cart/latest` (the SDK's first call, for the cart id), then
 * `POST /api/cart/{cart}/item/{product}/add` with `{id, quantity}` (its `addItem`).
 */
const cartSummary = (count: number) => ({
  id: CART_ID,
  user_id: 0,
  store_id: SALLA_CART.storeId,
  sub_total: count * 199,
  discount: 0,
  total: count * 199,
  count,
  items: [],
});
/** The add-item bodies as the SDK's own types define them (api/src/testing/contracts/salla-storefront). */
const SAMPLES = loadFixtures('salla-storefront');
type Sample = { data: { cart: object } & Record<string, unknown> };
const added = (product: number, count: number) => {
  const sample = structuredClone(SAMPLES['cart-add-item.twilight-types'] as Sample);
  return { ...sample, data: { ...sample.data, product_id: product, cart: cartSummary(count) } };
};

function storefront(appUrl: string, origin: string, lang: 'ar' | 'en') {
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<title>متجر</title><link rel="icon" href="data:,"></head>
<body><header>متجر ريم <span id="badge">0</span></header><main style="min-height:300px">منتجات</main><footer>©</footer>
<script src="/twilight.min.js"></script>
<script>
  salla.init({ store: { id: ${SALLA_CART.storeId}, url: '${origin}/', api: '${origin}/api/' },
    user: { type: 'guest', language_code: '${lang}' } });
  salla.cart.event.onUpdated(function (cart) { document.getElementById('badge').textContent = cart.count; });
</script>
<script src="${appUrl}/integrations/salla/snippet.js"></script>
</body></html>`;
}

describe('add to cart from the widget on a Salla store with the real storefront SDK', () => {
  const app = sharedApp();
  let browser: Browser;
  let store: http.Server;
  let storeUrl: string;
  const cartCalls: { path: string; body: unknown }[] = [];
  let count = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    store = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (path === '/twilight.min.js') {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          return res.end(TWILIGHT);
        }
        // The store's translations file (the SDK asks; none here).
        if (path.startsWith('/languages/')) {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          return res.end('');
        }
        if (req.method === 'GET' && path === '/cart/latest')
          return json(200, { status: 200, success: true, data: { cart: cartSummary(count) } });
        const add = /^\/api\/cart\/(\d+)\/item\/(\d+)\/add$/.exec(path);
        if (req.method === 'POST' && add) {
          cartCalls.push({ path, body: JSON.parse(raw || '{}') as unknown });
          if (add[2] === SALLA_CART.soldOutId) return json(422, SAMPLES['cart-add-item-error.out-of-stock']);
          count += 1;
          const answer = added(Number(add[2]), count);
          // The stand-in keeps to the sample: no key the SDK's types do not name.
          expect(shapeMismatches(answer, fixturesOf(SAMPLES, 'cart-add-item'))).toEqual([]);
          return json(200, answer);
        }
        if (path === '/' || path === '/en') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(
            storefront(
              app.url,
              `http://127.0.0.1:${(store.address() as AddressInfo).port}`,
              path === '/en' ? 'en' : 'ar',
            ),
          );
        }
        json(404, { status: 404, success: false, error: { message: 'not found' } });
      });
    });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
    storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => store?.close(r));
  });

  it(
    'adds a product through salla.cart.addItem, sold out for another, only a link with options, counts it',
    { timeout: 300_000 },
    async () => {
      const delivered = await installSallaByWebhook(app, {
        id: SALLA_CART.storeId,
        accessToken: SALLA_CART.accessToken,
        scope: 'products.read offline_access',
      });
      expect(delivered).toBe(202);
      await waitForMail(app, SALLA_CART.email, { what: 'welcome e-mail' });
      const { session, widgetKey } = await seedMerchant(app, {
        email: SALLA_CART.email,
        username: 'reem.cart',
      });
      const auth = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
      const posts = (await merchantGet(app, session, '/api/merchant/posts')) as { id: string }[];
      const postId = posts[0]!.id;
      const linked = await fetch(`${app.url}/api/merchant/posts/${postId}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({
          product_ids: [
            `salla:${SALLA_CART.productId}`,
            `salla:${SALLA_CART.soldOutId}`,
            `salla:${SALLA_CART.optionsId}`,
          ],
        }),
      });
      expect(linked.status).toBe(200);
      await expect
        .poll(() => widgetInitText(app, widgetKey), { timeout: 60_000, interval: 500 })
        .toContain(`"product_id":"${SALLA_CART.optionsId}","needs_options":true`);

      const { page, context, errors } = await newPage(browser, {
        viewport: { width: 390, height: 844 },
        userAgent: SHOPPER_UA,
      });
      // Only this machine: Salla's CDN (translations, analytics) is not reached.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      await page.goto(storeUrl);
      const tile = page.locator('lamha-feed .tile:has(.bag)');
      await tile.first().waitFor({ timeout: 30_000 });
      await tile.first().click();
      const cards = page.locator('lamha-viewer .lv-products li');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(3);
      // The dress has a required option (Salla's options[].required): no Add to cart, only its page.
      expect(await cards.nth(2).locator('button').count()).toBe(0);
      const dress = cards.nth(2).getByRole('link', { name: /فستان سهرة/ });
      expect(await dress.getAttribute('href')).toMatch(
        new RegExp(`^https://reem\\.salla\\.sa/p/${SALLA_CART.optionsId}\\?utm_source=lamha`),
      );

      // Reachable by keyboard and named for screen readers: a button "Add to cart: <product>".
      const add = cards.nth(0).getByRole('button', { name: /^أضف إلى السلة\s*:\s*عباية كتان$/ });
      await add.focus();
      await page.keyboard.press('Enter');
      // Its name changes with its state: followed by class from here on.
      await expect
        .poll(() => cards.nth(0).locator('button.lv-cart').textContent())
        .toContain('أُضيف إلى السلة');
      await expect.poll(() => cards.nth(0).getByRole('status').textContent()).toBe('أُضيف إلى السلة');
      expect(cartCalls[0]).toEqual({
        path: `/api/cart/${CART_ID}/item/${SALLA_CART.productId}/add`,
        body: { id: Number(SALLA_CART.productId), quantity: 1 },
      });
      // What the SDK sent is the request its types define.
      expect(shapeMismatches(cartCalls[0]!.body, fixturesOf(SAMPLES, 'cart-add-item-request'))).toEqual([]);
      // The store's own cart badge, updated by the SDK's cart event.
      await expect.poll(() => page.locator('#badge').textContent()).toBe('1');
      await page.screenshot({ path: `${SHOTS}/cart-ar-390.png` });

      // The second product sold out since the last refresh: the store refuses it and the card says so.
      await cards
        .nth(1)
        .getByRole('button', { name: /^أضف إلى السلة\s*:\s*شال حرير$/ })
        .click();
      await expect.poll(() => cards.nth(1).getByRole('status').textContent()).toBe('نفدت الكمية: لم يُضف');
      expect(cartCalls.map((c) => c.path)).toEqual([
        `/api/cart/${CART_ID}/item/${SALLA_CART.productId}/add`,
        `/api/cart/${CART_ID}/item/${SALLA_CART.soldOutId}/add`,
      ]);
      // What the SDK logs itself (its CDN, refused here; its event emitter's listener warning) is not ours.
      expect(
        errors.filter((e) => !/Failed to load resource|ERR_FAILED|EventEmitter memory leak/.test(e)),
      ).toEqual([]);

      // The English store page at desktop width, for the eyes.
      const en = await context.newPage();
      await en.setViewportSize({ width: 1366, height: 900 });
      await en.goto(`${storeUrl}en`);
      await en.locator('lamha-feed .tile:has(.bag)').first().click();
      await en.locator('lamha-viewer .lv-products li').first().waitFor();
      await en.screenshot({ path: `${SHOTS}/cart-en-1366.png` });
      await en.close();

      // The beacon leaves when the page is hidden: the merchant's Insights count the add-to-cart.
      await page.close({ runBeforeUnload: true });
      await expect
        .poll(
          async () => {
            const seen = ZInsights.parse(await merchantGet(app, session, '/api/merchant/insights?days=7'));
            return [seen.totals.add_to_carts, seen.top_posts.find((p) => p.post_id === postId)?.add_to_carts];
          },
          { timeout: 30_000, interval: 500 },
        )
        .toEqual([1, 1]);
      await context.close();
    },
  );
});
