import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ZHealth } from '@app/shared';
import { launchBrowser, newPage, startApp, type RunningApp } from '../src/harness.js';

describe('the built app', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
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
