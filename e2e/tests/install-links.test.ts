import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { messages, translate, type TSession } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage, startApp, type RunningApp } from '../src/harness.js';
import { seedMerchant } from '../src/merchant.js';
import { useLanguage } from './dashboard-helpers.js';
import { seriousViolations } from '../src/axe.js';

/**
 * Issue 32: "Install on Salla" / "Install on Zid" never answer JSON. Without our listing they lead to a page
 * in the product's look on adding the widget by hand; with SALLA_APP_URL / ZID_APP_URL they lead to that
 * listing. Arabic at 390 px, English at 1280 px; axe finds nothing serious on the hand-install page.
 */
const VIEWS = [
  ['ar', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['en', { viewport: { width: 1280, height: 900 } }],
] as const;
/** Our listings as the server is told them; the browser never reaches them (answered by the test). */
const SALLA_LISTING = 'https://apps.salla.sa/en/app/lamha-e2e';
const ZID_LISTING = 'https://apps.zid.sa/application/lamha-e2e';

const manualTitle = (lang: 'ar' | 'en', platform: 'salla' | 'zid') =>
  translate(lang, 'salla.manual.title', { platform: messages[lang][`landing.platform.${platform}`] });

describe('install buttons', () => {
  const shared = sharedApp();
  let browser: Browser;
  // Listings configured, the Zid app (OAuth) not: what a service that lists itself but has no Zid keys has.
  let listed: RunningApp;
  /** A merchant per language: a refresh cookie serves one browser (it rotates when used). */
  const sessions = new Map<string, TSession>();

  beforeAll(async () => {
    browser = await launchBrowser();
    listed = await startApp(
      { DEMO_MEDIA_MAX_WIDTH: '320', SALLA_APP_URL: SALLA_LISTING, ZID_APP_URL: ZID_LISTING },
      { startTimeoutMs: 120_000 },
    );
    for (const [lang] of VIEWS) {
      const { session } = await seedMerchant(listed, {
        email: `install-links-${lang}@store.sa`,
        username: `install.links.${lang}`,
      });
      sessions.set(lang, session);
    }
  }, 240_000);
  afterAll(async () => {
    await listed?.stop();
    await browser?.close();
  });

  it.each(VIEWS)(
    'without our listing: "Install on Salla" and the Zid install lead to the hand-install page, not JSON (%s)',
    async (lang, view) => {
      const { page, context, errors } = await newPage(browser, { ...view, bypassCSP: true });
      await useLanguage(page, lang);
      await page.goto(`${shared.url}/salla`);
      const install = page.getByRole('link', { name: messages[lang]['salla.install'] }).first();
      await install.waitFor();
      expect(await install.getAttribute('href')).toBe('/install/salla');
      await install.click();
      await page.getByRole('heading', { level: 1, name: manualTitle(lang, 'salla') }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The Zid app's install address on a service without the Zid app: the same page for Zid.
      const answer = await page.goto(`${listed.url}/api/integrations/zid/install`);
      expect(new URL(page.url()).pathname).toBe('/install/zid');
      expect(answer?.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByRole('heading', { level: 1, name: manualTitle(lang, 'zid') }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/"error"|"status"|zid_not_configured/);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );

  it.each(VIEWS)(
    'with SALLA_APP_URL and ZID_APP_URL: the buttons open our listings (%s)',
    async (lang, view) => {
      const { page, context, errors } = await newPage(browser, view);
      await context.route(/^https:\/\/apps\.(salla|zid)\.sa\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Lamha listing</title>' }),
      );
      await useLanguage(page, lang);
      await page.goto(`${listed.url}/salla`);
      const install = page.getByRole('link', { name: messages[lang]['salla.install'] }).first();
      await install.waitFor();
      expect(await install.getAttribute('href')).toBe(SALLA_LISTING);
      const [listing] = await Promise.all([context.waitForEvent('page'), install.click()]);
      await listing.waitForLoadState();
      expect(listing.url()).toBe(SALLA_LISTING);
      await listing.close();

      // The dashboard's installation guide, Zid's tab: our listing instead of the code.
      const { hostname } = new URL(listed.url);
      await context.addCookies([
        {
          name: 'lamha_refresh',
          value: sessions.get(lang)?.refresh_token ?? '',
          domain: hostname,
          path: '/api/auth',
          httpOnly: true,
        },
        { name: 'lamha_signed_in', value: '1', domain: hostname, path: '/' },
      ]);
      await page.goto(`${listed.url}/dashboard?tab=embed`);
      await page.locator('#tab-embed[aria-selected="true"]').waitFor({ timeout: 20_000 });
      await page
        .getByRole('tab', { name: messages[lang]['dashboard.install.platform.zid'], exact: true })
        .click();
      const zid = page.getByRole('link', { name: messages[lang]['dashboard.install.zidLink'] });
      await zid.waitFor();
      expect(await zid.getAttribute('href')).toBe(ZID_LISTING);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
