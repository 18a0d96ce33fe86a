import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { ZInsights } from '@app/shared';
import { merchantGet, seedMerchant, signInContext, widgetInitText } from '../src/merchant.js';
import { useLanguage } from './dashboard-helpers.js';

/**
 * Issue 17 end to end: a merchant links a manual product to a post in the Posts tab → the store page's
 * post viewer shows the product card → a shopper follows "Shop now" to the product page with Lamha's utm
 * parameters → the merchant's Insights count the click.
 */

/** A desktop Chrome's User-Agent: the insights drop headless browsers as bots, and this is a shopper. */
const SHOPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
describe('products linked to posts, in the browser', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // A first refresh encodes every picture: on a busy machine connecting alone can take a minute or two.
  it(
    'links a manual product to a post; the store viewer shows its card, Shop now opens it, Insights count it',
    { timeout: 300_000 },
    async () => {
      const email = 'shoppable-e2e@store.sa';
      // A merchant with a connected demo account, signed in (the session as the e-mailed link leaves it).
      const { session, widgetKey } = await seedMerchant(app, { email, username: 'shoppable_e2e_shop' });
      const { page, context } = await newPage(browser, {
        viewport: { width: 1280, height: 900 },
        userAgent: SHOPPER_UA,
      });
      await signInContext(context, app, session);
      // The product page lives on the merchant's own store: answered here, never fetched from the internet.
      await context.route('https://shop.example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Linen shirt</title>' }),
      );
      await useLanguage(page, 'en');
      await page.goto(`${app.url}/dashboard#posts`);
      const firstPost = page.getByTestId('posts-grid').locator('li[data-post-id]').first();
      await firstPost.waitFor();
      const postId = await firstPost.getAttribute('data-post-id');
      expect(postId).toBeTruthy();
      await firstPost.getByRole('button', { name: 'Link products' }).click();

      const picker = page.getByTestId('product-picker');
      await picker.getByRole('button', { name: 'New product' }).click();
      const form = page.getByTestId('manual-product');
      await form.getByLabel('Name in English').fill('Linen shirt');
      await form.getByLabel('Name in Arabic').fill('قميص كتان');
      await form.getByLabel('Product page (https link)').fill('https://shop.example.com/linen-shirt');
      await form.getByLabel('Price (SAR)').fill('149');
      await form.getByLabel('Sale price (SAR, optional)').fill('119');
      await form.getByRole('button', { name: 'Add product' }).click();
      await form.waitFor({ state: 'detached' });
      await picker.getByRole('button', { name: 'Remove: Linen shirt' }).waitFor();
      await picker.getByRole('button', { name: 'Save' }).click();
      await picker.waitFor({ state: 'detached' });
      await firstPost.getByText('Linen shirt').waitFor();

      // The store page: the post's tile carries the bag mark, its viewer the product card.
      // The widget's answer may be cached for a short while after the change: the page is opened once the
      // public answer has the product.
      await expect
        .poll(() => widgetInitText(app, widgetKey), { timeout: 60_000, interval: 500 })
        .toContain('Linen shirt');
      const store = await context.newPage();
      await store.goto(`${app.url}/demo/store?key=${widgetKey}&lang=en`);
      const bagged = store.locator('lamha-feed .tile:has(.bag)');
      await bagged.first().waitFor();
      expect(await bagged.count()).toBe(1);
      await bagged.click();
      const card = store.locator('lamha-viewer .lv-products li');
      await card.waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.locator('b').textContent()).toBe('Linen shirt');
      expect(await card.locator('.lv-price').textContent()).toBe('119 SAR Was 149 SAR');
      const shop = card.getByRole('link', { name: /^Shop now\s*:\s*Linen shirt$/ });
      const href = new URL((await shop.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe('https://shop.example.com/linen-shirt');
      expect(Object.fromEntries(href.searchParams)).toEqual({
        utm_source: 'lamha',
        utm_medium: 'instagram',
        utm_content: postId,
      });

      const [productPage] = await Promise.all([context.waitForEvent('page'), shop.click()]);
      await productPage.waitForLoadState();
      const opened = new URL(productPage.url());
      expect(opened.pathname).toBe('/linen-shirt');
      expect(opened.searchParams.get('utm_content')).toBe(postId);

      // The widget's beacon leaves when the store page is hidden (or 10 s after the first event); the
      // merchant's Insights then count the impression, the post opened and the product clicked.
      await store.close({ runBeforeUnload: true });
      const total = (metric: string) => page.getByTestId(`insights-total-${metric}`).locator('span').nth(1);
      // The events may leave in two beacons (the 10 s timer, then the page's close) handled in either order:
      // wait until the API counts all three, then read what the dashboard shows.
      await expect
        .poll(
          async () => {
            const { totals } = ZInsights.parse(
              await merchantGet(app, session, '/api/merchant/insights?days=7'),
            );
            return [totals.impressions, totals.post_opens, totals.product_clicks];
          },
          { timeout: 30_000, interval: 250 },
        )
        .toEqual([1, 1, 1]);
      await page.goto(`${app.url}/dashboard#insights`);
      await page.getByRole('tabpanel').getByRole('heading', { name: 'Insights' }).waitFor();
      await page.getByText(/Loading insights/).waitFor({ state: 'detached' });
      await page.getByTestId('insights-total-product_clicks').waitFor();
      expect(await total('product_clicks').textContent()).toBe('1');
      expect(await total('post_opens').textContent()).toBe('1');
      expect(await total('impressions').textContent()).toBe('1');
      const top = page.getByTestId('insights-top-products').getByRole('listitem');
      expect(await top.count()).toBe(1);
      expect(await top.first().textContent()).toContain('Linen shirt');
      expect(await top.first().textContent()).toContain('1 click');
      await context.close();
    },
  );
});
