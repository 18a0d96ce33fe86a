import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { signInLink } from '../src/mailbox.js';
import { useLanguage } from './dashboard-helpers.js';

/** Every step's picture, for people to look at (issue 18: "screenshots of every step looked at"). */
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join(tmpdir(), 'lamha-screenshots');

const words = {
  ar: {
    getStarted: 'ابدأ الآن',
    openMenu: 'فتح القائمة',
    email: 'البريد الإلكتروني',
    send: 'إرسال رابط الدخول',
    storeName: 'اسم المتجر',
    storeUrl: 'عنوان المتجر',
    save: 'حفظ',
    username: 'أو اسم مستخدم على إنستغرام',
    useUsername: 'استخدم هذا الحساب',
    openEmbed: 'افتح دليل التثبيت',
    notSeen: 'لم يُرصد بعد',
    checkAgain: 'تحقّق مرة أخرى',
    installedOn: 'مثبّت على',
    finish: 'إنهاء',
    finished: 'تم! الودجت جاهز.',
    welcome: 'مرحبًا، متجر العود',
  },
  en: {
    getStarted: 'Get Started',
    openMenu: 'Open menu',
    email: 'Email address',
    send: 'Send Magic Link',
    storeName: 'Store name',
    storeUrl: 'Store address',
    save: 'Save',
    username: 'Or an Instagram username',
    useUsername: 'Use this account',
    openEmbed: 'Open the installation guide',
    notSeen: 'Not seen yet',
    checkAgain: 'Check again',
    installedOn: 'Installed on',
    finish: 'Finish',
    finished: 'All set! Your widget is ready.',
    welcome: 'Hello, Oud House',
  },
} as const;

const runs = [
  { lang: 'ar', width: 390, height: 844, storeName: 'متجر العود' },
  { lang: 'en', width: 1280, height: 900, storeName: 'Oud House' },
] as const;

describe.each(runs)('a new merchant, $lang at $width px', ({ lang, width, height, storeName }) => {
  const app = sharedApp();
  const w = words[lang];
  const email = `first-run-${lang}@store.sa`;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let step = 0;
  const shot = async (name: string, target: Page = page) => {
    step += 1;
    mkdirSync(SHOTS, { recursive: true });
    await target.screenshot({
      path: path.join(SHOTS, `journey-${lang}-${width}-${String(step).padStart(2, '0')}-${name}.png`),
    });
  };
  const flow = () => page.getByTestId('onboarding');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser, { viewport: { width, height } }));
    await useLanguage(page, lang);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from the landing page through sign-up to the first-run steps', async () => {
    await page.goto(`${app.url}/`);
    await shot('landing');
    if (width < 1024) await page.getByRole('button', { name: w.openMenu }).click();
    await page.getByRole('link', { name: w.getStarted }).filter({ visible: true }).first().click();
    await page.waitForURL('**/login');
    await shot('login');
    const since = new Date();
    await page.getByLabel(w.email).fill(email);
    await page.getByRole('button', { name: w.send }).click();
    await page.waitForURL('**/auth/check-email');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain(email);
    await shot('check-email');
    await page.goto(await signInLink(app, email, since));
    await page.waitForURL('**/dashboard**', { timeout: 20_000 });
    await flow().waitFor();
    await shot('onboarding-store');
  });

  it('names the store, connects Instagram by username and sees the feed ready with the real preview', async () => {
    await flow().getByLabel(w.storeName).fill(storeName);
    await flow().getByLabel(w.storeUrl).fill('oudhouse.example');
    await flow().getByRole('button', { name: w.save, exact: true }).click();
    await page.getByText(w.welcome).waitFor();
    await flow().getByLabel(w.username).waitFor();
    await shot('onboarding-connect');
    await flow().getByLabel(w.username).fill(`oud.first.${lang}`);
    await flow().getByRole('button', { name: w.useUsername }).click();
    await flow().getByTestId('onboarding-connected').waitFor({ timeout: 30_000 });
    await flow().getByTestId('onboarding-next').click();
    // The first refresh copies every picture; the step looks again until the feed is there.
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="onboarding-preview"] lamha-feed')
          ?.shadowRoot?.querySelector('.grid .tile'),
      undefined,
      { timeout: 150_000 },
    );
    await shot('onboarding-ready');
    await flow().getByTestId('onboarding-next').click();
    await shot('onboarding-style');
    await flow().getByTestId('onboarding-next').click();
    await flow().getByText(w.notSeen).waitFor();
    await shot('onboarding-install');
  }, 240_000);

  it('shows the widget on a store page, and the embed tab then reports the installation', async () => {
    await flow().getByRole('button', { name: w.openEmbed }).click();
    await page.waitForURL('**/dashboard#embed');
    const demo = await page.getByTestId('demo-store-link').getAttribute('href');
    expect(demo).toMatch(/^\/demo\/store\?key=/);
    // Nothing wider than the screen (the code block scrolls inside itself).
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth > window.innerWidth
        ? [...document.querySelectorAll('main *')]
            .filter((el) => !el.closest('pre') && el.getBoundingClientRect().width > window.innerWidth)
            .slice(-3)
            .map((el) => `${el.tagName}.${String(el.className)}`.slice(0, 160))
        : [],
    );
    expect(wide).toEqual([]);
    await shot('embed-tab');
    await page.screenshot({
      path: path.join(SHOTS, `journey-${lang}-${width}-embed-tab-full.png`),
      fullPage: true,
    });

    const store = await page.context().newPage();
    await store.setViewportSize({ width, height });
    await store.goto(`${app.url}${demo}`);
    await store.waitForFunction(
      () => document.querySelector('lamha-feed')?.shadowRoot?.querySelector('.grid .tile'),
      undefined,
      {
        timeout: 30_000,
      },
    );
    await store.locator('lamha-feed').scrollIntoViewIfNeeded();
    await shot('store-page', store);
    await store.close();

    // The note is written after the answer; the embed tab's "Check again" until it shows, each time
    // reading the status once the check's answer has arrived.
    const status = page.getByTestId('install-status').last();
    await expect
      .poll(
        async () => {
          await Promise.all([
            page.waitForResponse((res) => new URL(res.url()).pathname === '/api/merchant/installation'),
            page.getByRole('button', { name: w.checkAgain }).last().click(),
          ]);
          await page.getByRole('button', { name: w.checkAgain }).last().waitFor();
          return status.textContent();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toContain(w.installedOn);
    expect(await status.textContent()).toMatch(/https?:\/\//);
    // The first-run step shows the same answer.
    expect(await page.getByTestId('install-status').first().textContent()).toContain(w.installedOn);
    await status.scrollIntoViewIfNeeded();
    await shot('installation-reported');

    await flow().getByRole('button', { name: w.finish }).click();
    await flow().waitFor({ state: 'detached' });
    // Saved on the server: the steps never show again, here or on another device.
    await page.getByText(w.finished).first().waitFor();
    await page.reload();
    await page.getByText(w.welcome).waitFor();
    await expect(page.getByTestId('onboarding').count()).resolves.toBe(0);
    await shot('dashboard-after');
    expect(errors).toEqual([]);
  });
});
