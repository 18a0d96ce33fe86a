import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { wrongForms } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';

/**
 * Issue 32 "Done when": the built pages' text, as a visitor reads it in Arabic at 390 px and English at
 * 1280 px, has no "coming soon" (قريبًا), no welcome back, and no counted noun in the wrong plural form.
 */
const PAGES = [
  '/',
  '/about',
  '/support',
  '/faq',
  '/terms',
  '/salla',
  '/install/salla',
  '/install/zid',
  '/login',
];
const VIEWS = [
  ['ar', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['en', { viewport: { width: 1280, height: 800 } }],
] as const;

describe('text scan of the built pages', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(VIEWS)(
    'finds no wrong wording on the public pages (%s)',
    async (lang, view) => {
      const { page, context } = await newPage(browser, view);
      await page.addInitScript((value) => window.localStorage.setItem('lamha.language', value), lang);
      const found: string[] = [];
      for (const path of PAGES) {
        await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor();
        expect(await page.locator('html').getAttribute('lang'), path).toBe(lang);
        // Visible text, plus what is only announced or shown on hover (labels, titles, the document title).
        const text = await page.evaluate(() =>
          [
            document.title,
            document.body.innerText,
            ...[...document.querySelectorAll('[aria-label],[title],[alt]')].map((element) =>
              ['aria-label', 'title', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' '),
            ),
          ].join('\n'),
        );
        found.push(
          ...text
            .split('\n')
            .flatMap((line) =>
              wrongForms(line).map((form) => `${path}: ${form}: ${line.trim().slice(0, 120)}`),
            ),
        );
      }
      expect(found).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
