import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_WORDS, countText, messages, USER_WORDS, ZCheckoutCreated } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage, type AppUnderTest } from '../src/harness.js';
import { waitForMail } from '../src/mailbox.js';
import { seedMerchant } from '../src/merchant.js';
import { ADMIN_EMAIL } from '../src/platforms.js';

// The admin area is Arabic by default (product §2); the test reads its words from the same catalogue.
const ar = messages.ar;

/** Long addresses and names, as real stores have: what a phone layout must wrap or truncate. */
const LONG_MERCHANTS = [1, 2, 3, 4].map((i) => ({
  email: `orders.and.customer.care.team${i}@oud-and-perfume-house-riyadh.com.sa`,
  username: `oud.perfume.house.riyadh.${i}`,
}));

/** A merchant who paid (or was declined) through the dev checkout: a row in the admin's payments. */
async function buyBasic(app: AppUnderTest, accessToken: string, outcome: 'paid' | 'failed') {
  const created = await fetch(`${app.url}/api/billing/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tier: 'basic', period: 'monthly' }),
  });
  if (!created.ok) throw new Error(`checkout failed: ${created.status} ${await created.text()}`);
  const { checkout_id } = ZCheckoutCreated.parse(await created.json());
  const paid = await fetch(`${app.url}/api/dev/checkout/${checkout_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  if (!paid.ok) throw new Error(`dev checkout failed: ${paid.status} ${await paid.text()}`);
}

/** Signs in through the browser: the magic-link form, then the link from the dev mailbox. */
async function signInInBrowser(page: Page, app: AppUnderTest, email: string) {
  const since = new Date();
  await page.goto(`${app.url}/login`);
  await page.fill('input[type=email]', email);
  await page.click('button[type=submit]');
  await page.waitForURL('**/auth/check-email');
  await waitForMail(app, email, { since, what: 'sign-in e-mail' });
  await page.goto(`${app.url}/dev/mailbox`);
  await page.locator('#messages li', { hasText: email }).locator('a.link').first().click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

describe('admin area in the browser', () => {
  const app = sharedApp();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await Promise.all([
      seedMerchant(app, { email: 'admin-seeded@store.sa', username: 'lamha.demo.store' }),
      seedMerchant(app, { email: 'cafe@store.sa', username: 'coffee.house' }),
      // Rows enough for the phone check below: long addresses, paid and declined payments.
      ...LONG_MERCHANTS.map(async ({ email, username }, i) => {
        const { session } = await seedMerchant(app, { email, username });
        await buyBasic(app, session.access_token, i % 2 === 0 ? 'paid' : 'failed');
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets an admin see the cache stats and the users, search, and refresh one account and all', async () => {
    const { page, context, errors } = await newPage(browser);
    await signInInBrowser(page, app, ADMIN_EMAIL);

    await page.goto(`${app.url}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: ar['admin.dashboardTitle'], exact: true }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const values = page.locator('section[aria-labelledby="cache-overview"]').getByTestId('stats-value');
    await expect.poll(() => values.count()).toBe(3);
    await page.getByRole('heading', { name: ar['admin.billing.revenueTitle'] }).waitFor();
    const shown = await values.allTextContents();
    expect(shown.every((v) => v.trim() !== '' && v !== ar['admin.statsNotAvailable'])).toBe(true);
    expect(shown[1]).toMatch(/^\d{1,3}\.\d{2}%$/);
    // The admin area has the language switch (issue 18 item 15).
    expect(await page.getByRole('button', { name: /English/ }).count()).toBeGreaterThan(0);

    await page
      .getByRole('navigation', { name: ar['admin.navLabel'] })
      .getByRole('link', { name: ar['admin.usersTitle'] })
      .click();
    await page.waitForURL('**/admin/users');
    const demoRow = page.locator('tr', { hasText: '@lamha.demo.store' });
    const cafeRow = page.locator('tr', { hasText: '@coffee.house' });
    await demoRow.waitFor();
    await cafeRow.waitFor();
    // Every connected account of the run's shared app is listed (other files' merchants too), and counted.
    const accounts = await page.locator('tr[data-user-id]').count();
    expect(accounts).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('users-count').textContent()).toBe(
      countText(accounts, 'ar', USER_WORDS, false),
    );
    // The demo source's accounts were refreshed: a stored picture, served from our own origin.
    const picture = demoRow.getByRole('img').first();
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`^${app.url}/media/`));
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    const search = page.getByRole('searchbox', { name: ar['admin.searchLabel'] });
    await search.fill('COFFEE');
    await expect.poll(() => demoRow.count()).toBe(0);
    expect(await cafeRow.count()).toBe(1);
    await search.fill('no-such-subject');
    await page.getByText(ar['admin.noSearchResults']).waitFor();
    await search.fill('');
    await demoRow.waitFor();

    await demoRow.getByRole('button', { name: ar['admin.rowRefresh'] }).click();
    await demoRow.getByRole('button', { name: ar['admin.rowSuccess'] }).waitFor();
    // The toast appears at the top left, with a close button.
    const toaster = page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="left"]');
    await toaster.getByText(ar['admin.refreshStarted']).waitFor();
    expect(await toaster.getByRole('button', { name: ar['admin.closeToast'] }).count()).toBeGreaterThan(0);

    // The bulk refresh queues every listed account whose plan is running: accounts whose plan ran out
    // (other files' merchants in this shared app) are parked until a payment, so the toast says the
    // server's count, which is at least the two seeded here and never more than the list.
    const bulk = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/content-refresh') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: ar['admin.refreshAll'] }).click();
    const { queued } = (await (await bulk).json()) as { queued: number };
    expect(queued).toBeGreaterThanOrEqual(2);
    expect(queued).toBeLessThanOrEqual(accounts);
    await page.getByRole('button', { name: ar['admin.refreshedAll'] }).waitFor();
    await toaster
      .getByText(
        ar['admin.refreshAllQueued'].replace('{accounts}', countText(queued, 'ar', ACCOUNT_WORDS, false)),
      )
      .waitFor();
    // A bulk refresh clears the rows' states.
    await demoRow.getByRole('button', { name: ar['admin.rowRefresh'] }).waitFor();

    // On a phone the page fits its width, with every account, payment and webhook of the shared app
    // listed: what is wider (a table, a command) scrolls inside its own box, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await demoRow.waitFor();
    await page.getByRole('heading', { name: ar['admin.billing.paymentsTitle'] }).waitFor();
    await page.getByRole('heading', { name: ar['admin.moyasar.title'] }).waitFor();
    await page.waitForLoadState('networkidle');
    // Rows enough to matter even when this file runs alone: the long addresses seeded above.
    for (const { email } of LONG_MERCHANTS) await page.getByText(email).first().waitFor();
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const sticking = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 || el.getBoundingClientRect().left < -1)
        .filter((el) => !el.parentElement?.closest('.overflow-x-auto'))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
      return { scrollWidth: document.documentElement.scrollWidth, width, sticking: sticking.slice(0, 5) };
    });
    expect(overflow).toEqual({ scrollWidth: overflow.width, width: 390, sticking: [] });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a signed-in merchant who opens /admin/dashboard to their dashboard', async () => {
    const { page, context } = await newPage(browser);
    await signInInBrowser(page, app, 'visitor@store.sa');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${app.url}/admin/dashboard`);
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await page.waitForURL('**/dashboard');
    expect(visited.at(-1)).toBe('/dashboard');
    expect(await page.getByRole('heading', { name: ar['admin.dashboardTitle'] }).count()).toBe(0);

    // The server refuses the admin API to this merchant too.
    const status = await page.evaluate(async () => (await fetch('/api/admin/users')).status);
    expect(status).toBe(401);
    await context.close();
  });
});
