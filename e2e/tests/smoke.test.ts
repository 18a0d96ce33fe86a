import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ZHealth } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';

describe('the built app', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers /healthz on the embedded default', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(ZHealth.parse(await res.json())).toMatchObject({ status: 'ok', db: 'pglite', cache: 'memory' });
  });

  it('loads the home page in Chromium without errors', async () => {
    const { page, errors, context } = await newPage(browser);
    const response = await page.goto(app.url, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
