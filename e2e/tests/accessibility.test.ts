import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TSession } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { saveSettingsByApi, seedMerchant, signInContext } from '../src/merchant.js';
import { A11Y_ADMIN_EMAIL } from '../src/platforms.js';
import { serveFixtures, waitForFeed, type FixtureServer } from '../src/widget-pages.js';
import { signInThroughMailbox } from './dashboard-helpers.js';
import { seriousViolations } from '../src/axe.js';

/**
 * axe (issue 18 "Done when"): no serious or critical violation on each dashboard tab, the admin pages and a
 * store page with the widget in brand colours (the landing page is checked in marketing-pages.test.ts).
 * Arabic at 390 px and English at 1280 px; screenshots go to E2E_SCREENSHOT_DIR for people to look at.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/lamha-a11y';
const TABS = ['account', 'settings', 'highlights', 'posts', 'insights', 'embed', 'billing'] as const;

describe('accessibility (axe) of the signed-in pages and the widget', () => {
  const app = sharedApp();
  let browser: Browser;
  let fixtures: FixtureServer;
  let session: TSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    const seeded = await seedMerchant(app, { email: 'a11y-merchant@store.sa', username: 'a11y.brand.store' });
    session = seeded.session;
    // Brand colours: white text on the brand pink (the pair issue 18 measured at 2.3–2.5:1 for the soft texts).
    await saveSettingsByApi(app, session, (saved) => ({
      ...saved,
      primary_color: '#ffffff',
      secondary_color: '#be185d',
    }));
    fixtures = await serveFixtures(app.url, seeded.widgetKey);
  }, 180_000);
  afterAll(async () => {
    await fixtures?.close();
    await browser?.close();
  });

  /**
   * One browser sign-in per person (a second magic link within a minute is refused), then each language and
   * width in turn: Arabic at 390 px, English at 1280 px.
   */
  async function eachLanguage(
    page: Page,
    visit: (lang: 'ar' | 'en') => Promise<string[]>,
  ): Promise<string[]> {
    const problems: string[] = [];
    for (const [lang, width, height] of [
      ['ar', 390, 844],
      ['en', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate((value) => window.localStorage.setItem('lamha.language', value), lang);
      problems.push(...(await visit(lang)).map((v) => `${lang}: ${v}`));
    }
    return problems;
  }

  it('every dashboard tab', async () => {
    // Signed in with the seeding's session (the browser sign-in itself is sign-in.test.ts's).
    const { page, context } = await newPage(browser, { bypassCSP: true });
    await signInContext(context, app, session);
    await page.goto(`${app.url}/dashboard`);
    const problems = await eachLanguage(page, async (lang) => {
      const found: string[] = [];
      for (const tab of TABS) {
        await page.goto(`${app.url}/dashboard?tab=${tab}`);
        await page.locator(`#tab-${tab}[aria-selected="true"]`).waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}/dashboard-${tab}-${lang}.png`, fullPage: true });
        found.push(...(await seriousViolations(page)).map((v) => `${tab}: ${v}`));
      }
      return found;
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('the admin pages', async () => {
    const { page, context } = await newPage(browser, { bypassCSP: true });
    await signInThroughMailbox(page, app, A11Y_ADMIN_EMAIL);
    const problems = await eachLanguage(page, async (lang) => {
      const found: string[] = [];
      for (const section of ['dashboard', 'users', 'settings']) {
        await page.goto(`${app.url}/admin/${section}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}/admin-${section}-${lang}.png`, fullPage: true });
        found.push(...(await seriousViolations(page)).map((v) => `${section}: ${v}`));
      }
      return found;
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it.each([
    ['ar', PHONE],
    ['en', DESKTOP],
  ] as const)(
    'a store page with the widget in brand colours (%s)',
    async (lang, device) => {
      const { page, context } = await newPage(browser, { ...device, bypassCSP: true });
      await page.goto(`${fixtures.url}/${lang === 'ar' ? 'store-footer.html' : 'store-en.html'}`);
      await waitForFeed(page);
      const mute = await page.evaluate(() =>
        getComputedStyle(document.querySelector('lamha-feed')!).getPropertyValue('--lw-mute').trim(),
      );
      expect(mute).toMatch(/^#[0-9a-f]{6}$/);
      await page.screenshot({ path: `${SHOTS}/store-brand-${lang}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
