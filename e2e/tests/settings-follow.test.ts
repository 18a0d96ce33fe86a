import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages, type TSession } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { saveSettingsByApi, seedMerchant, signInContext } from '../src/merchant.js';
import { useLanguage } from './dashboard-helpers.js';

const m = messages.en;

/**
 * A dashboard tab with no edits of its own shows what was saved elsewhere (another tab, another device) once
 * it is reloaded, whatever it did before: opened only, saved itself, or kept open across the other save.
 */
describe('settings saved elsewhere show in a tab without edits of its own', () => {
  const app = sharedApp();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let session: TSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ session } = await seedMerchant(app, { email: 'follow@store.sa', username: 'follow.demo.store' }));
    ({ context, page, errors } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    await signInContext(context, app, session);
    await useLanguage(page, 'en');
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const title = (p: Page) => p.getByLabel(m['dashboard.display.titleText'], { exact: true });
  const openSettings = async (p: Page) => {
    await p.goto(`${app.url}/dashboard?tab=settings`);
    await title(p).waitFor({ timeout: 20_000 });
  };
  const saveTitleIn = async (p: Page, value: string) => {
    await title(p).fill(value);
    await p.getByRole('button', { name: m['dashboard.settings.save'] }).click();
    await p.getByText(m['dashboard.settings.allSaved']).waitFor();
  };
  const saveTitleElsewhere = (value: string) =>
    saveSettingsByApi(app, session, (s) => ({
      ...s,
      title_settings: { ...s.title_settings, title: value },
    }));

  it('another tab saves; this tab, reloaded, shows it', async () => {
    await openSettings(page);
    const other = await context.newPage();
    await openSettings(other);
    await saveTitleIn(other, 'Saved in the other tab');
    await other.close();
    await page.reload();
    await title(page).waitFor();
    await expect.poll(() => title(page).inputValue(), { timeout: 10_000 }).toBe('Saved in the other tab');
  });

  it('another device saves; this tab, reloaded, shows it', async () => {
    await openSettings(page);
    await saveTitleElsewhere('Saved on another device');
    await page.reload();
    await title(page).waitFor();
    await expect.poll(() => title(page).inputValue(), { timeout: 10_000 }).toBe('Saved on another device');
  });

  it('this tab saved before, then another device saves; reloaded, it shows the newer copy', async () => {
    await openSettings(page);
    await saveTitleIn(page, 'Saved here first');
    await saveTitleElsewhere('Saved on another device later');
    await page.reload();
    await title(page).waitFor();
    await expect
      .poll(() => title(page).inputValue(), { timeout: 10_000 })
      .toBe('Saved on another device later');
    expect(errors).toEqual([]);
  });
});
