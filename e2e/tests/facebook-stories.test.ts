import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ZStoriesList } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { merchantGet } from '../src/merchant.js';
import { FACEBOOK_STORIES } from '../src/platforms.js';
import { pageSession, signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

/**
 * Issue 29 end to end: "Connect with Facebook" on the Highlights tab, through the real HTTP path (our
 * server → a stand-in for Facebook Login and graph.facebook.com answering as Meta documents it), reads the
 * linked Instagram account's stories (`/{ig-user-id}/stories`) into the archive. The tab says, in English
 * and Arabic, why stories need this connection.
 */
describe('Facebook connect reading stories into the archive', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('explains why, connects with Facebook, and archives the linked account’s stories', async () => {
    const { page, errors } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await useLanguage(page, 'en');
    await signInThroughMailbox(page, app, 'facebook-stories-e2e@store.sa');

    await page.goto(`${app.url}/dashboard#highlights`);
    const why = page.getByTestId('facebook-why');
    await why.waitFor();
    expect(await why.textContent()).toContain('only through a Facebook connection');

    // The login dialog (the stand-in consents at once) sends the browser back to the Highlights tab.
    await page.getByTestId('facebook-connect').click();
    await page.waitForURL('**/dashboard**#highlights');
    const connectedAs = page.getByTestId('facebook-connected-as');
    await connectedAs.waitFor();
    expect(await connectedAs.textContent()).toContain(`@${FACEBOOK_STORIES.username}`);
    await page.getByText('Facebook connected.').first().waitFor();
    // The outcome is taken out of the address: a reload does not repeat it.
    expect(page.url()).not.toContain('facebook=');

    // The connect wakes the cron tick, which reads the account's stories and archives them: asked of the
    // API until they are there, then seen on the tab.
    const session = await pageSession(page, app);
    await expect
      .poll(
        async () =>
          ZStoriesList.parse(await merchantGet(app, session, '/api/merchant/stories')).stories.length,
        { timeout: 40_000, interval: 500 },
      )
      .toBe(FACEBOOK_STORIES.stories);
    await page.reload();
    await page.getByRole('heading', { name: 'Story archive' }).waitFor();
    const archived = page.getByTestId('story-archive').locator('li');
    await expect.poll(() => archived.count()).toBe(FACEBOOK_STORIES.stories);
    expect(await archived.count()).toBe(FACEBOOK_STORIES.stories);

    // The same explanation in Arabic, right to left.
    await useLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('facebook-connected-as').waitFor();
    expect(await page.getByTestId('facebook-why').textContent()).toContain('عبر ربط فيسبوك');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(errors).toEqual([]);
  });
});
