import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ZContentHealth, ZStoriesList } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { merchantGet, widgetInitText } from '../src/merchant.js';
import { pageSession, signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

/**
 * Issue 15 end to end: Connect with Instagram through the dev consent page → stories arrive in the
 * archive → a highlight made of two of them → the store page shows it in the story viewer; then the
 * "Instagram" side revokes the token: the dashboard asks for a reconnect while the store keeps showing the
 * last good content.
 */
describe('stories archived into highlights, in the browser', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('connects, archives stories, makes a highlight the store shows, and asks to reconnect after a revoke', async () => {
    // A demo account of this test's own: revoking it touches no other test.
    const username = 'stories_e2e_shop';
    const email = 'stories-e2e@store.sa';
    const { page, context, errors } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await useLanguage(page, 'en');
    await signInThroughMailbox(page, app, email);
    // The page's session, to ask the API whether the background work has happened (refresh, story archive,
    // revoke noticed) instead of reloading the page on a timer.
    const session = await pageSession(page, app);
    const get = (path: string) => merchantGet(app, session, path);

    await page.getByTestId('instagram-connect').click();
    await page.waitForURL('**/dev/instagram/authorize**');
    await page.getByLabel('username').fill(username);
    await page.getByRole('button', { name: 'Use this account' }).click();
    await page.waitForURL('**/dashboard**');
    await page.getByTestId('instagram-connected-as').waitFor();
    // The first refresh (posts) finishes before anything else here: a revoke while it runs would race it.
    await expect
      .poll(
        async () =>
          ((await get('/api/merchant/content-status')) as { widget_content_ready: boolean })
            .widget_content_ready,
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe(true);
    await page.reload();
    await page.getByText('Content ready').first().waitFor();

    // The connect wakes the cron tick, which reads the account's stories and archives them.
    await page.goto(`${app.url}/dashboard#highlights`);
    await expect
      .poll(async () => ZStoriesList.parse(await get('/api/merchant/stories')).stories.length, {
        timeout: 30_000,
        interval: 250,
      })
      .toBeGreaterThanOrEqual(2);
    await page.reload();
    await page.getByRole('heading', { name: 'Story archive' }).waitFor();
    const archived = page.getByTestId('story-archive').locator('li');
    await archived.nth(1).waitFor();

    await page.getByRole('button', { name: 'New highlight' }).click();
    const editor = page.getByTestId('highlight-editor');
    await editor.getByLabel('Name').fill('Offers');
    await editor.getByTestId('pick-story').nth(0).click();
    await editor.getByTestId('pick-story').nth(1).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('highlight-row').filter({ hasText: 'Offers' }).getByText('2 stories').waitFor();

    await page.goto(`${app.url}/dashboard#embed`);
    const snippet = await page.getByTestId('embed-snippet').textContent();
    const key = /data-merchant-id="([^"]+)"/.exec(snippet ?? '')?.[1];
    expect(key).toBeTruthy();

    // The store page: the strip has the highlight, and its viewer plays its two stories.
    // The widget's answer may be cached for a while after the highlight was made: the page is opened once
    // the public answer has it.
    await expect
      .poll(() => widgetInitText(app, key!), { timeout: 80_000, interval: 500 })
      .toContain('"Offers"');
    const store = await context.newPage();
    await store.goto(`${app.url}/demo/store?key=${key}&lang=en`);
    const offers = store.locator('.hl', { hasText: 'Offers' }).locator('button');
    await offers.click();
    await store.locator('.lv-stories .lv-bars').waitFor();
    expect(await store.locator('.lv-stories .lv-bars i').count()).toBe(2);
    await store.locator('.lv-stories img, .lv-stories video').first().waitFor();

    // Instagram refuses the token from now on: the next refresh marks the connection, the banner says so.
    const revoked = await fetch(`${app.url}/api/dev/instagram/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username }),
    });
    expect(revoked.status).toBe(200);
    await page.goto(`${app.url}/dashboard#account`);
    await page.getByRole('button', { name: 'Refresh Content' }).click();
    await expect
      .poll(async () => ZContentHealth.parse(await get('/api/merchant/content-health')).state, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('needs_reconnect');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const banner = page.getByTestId('health-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Instagram no longer accepts your connection');
    await banner.getByRole('button', { name: 'Reconnect' }).waitFor();

    // Meanwhile the store keeps showing the last good content: its posts and the highlight's stories.
    await store.reload();
    await store.locator('.grid .tile').first().waitFor();
    await store.locator('.hl', { hasText: 'Offers' }).locator('button').click();
    await store.locator('.lv-stories .lv-bars').waitFor();
    expect(await store.locator('.lv-stories .lv-bars i').count()).toBe(2);
    await store.locator('.lv-stories img, .lv-stories video').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
