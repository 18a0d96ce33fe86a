import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { messages, translate } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

/**
 * Issue 32 "Done when": a declined payment says what happened and what to do in the merchant's language;
 * the gateway's own text is only a details line for support. The dev checkout stands in for Moyasar's
 * hosted page; its Fail button declines with "Declined on the dev checkout page".
 */
const VIEWS = [
  ['ar', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['en', { viewport: { width: 1280, height: 900 } }],
] as const;

describe('a declined payment', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(VIEWS)(
    'is explained in our words (%s)',
    async (lang, view) => {
      const { page, context, errors } = await newPage(browser, view);
      await useLanguage(page, lang);
      await signInThroughMailbox(page, app, `declined-${lang}@store.sa`);
      await page.getByRole('tab', { name: messages[lang]['dashboard.tab.billing'] }).click();
      const pay = page.getByRole('button', { name: lang === 'ar' ? /^ادفع / : /^Pay .* SAR$/ });
      await pay.click();
      await page.waitForURL('**/dev/checkout/**');
      await page.getByRole('button', { name: 'Fail', exact: true }).click();

      await page.waitForURL(/\/dashboard\?tab=billing&checkout=/);
      await page.getByText(messages[lang]['dashboard.billing.checkout.failed']).waitFor({ timeout: 20_000 });
      await page.getByText(messages[lang]['dashboard.billing.decline.declined']).waitFor();
      const details = translate(lang, 'dashboard.billing.decline.details', {
        message: 'Declined on the dev checkout page',
      });
      expect(await page.getByText(details).count()).toBe(1);
      // The gateway's words appear only in that details line.
      const body = await page.locator('main').innerText();
      expect(body.split('Declined on the dev checkout page').length - 1).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
