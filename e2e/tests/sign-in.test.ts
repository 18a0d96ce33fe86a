import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { waitForMail } from '../src/mailbox.js';

describe('sign-in in the browser', () => {
  const app = sharedApp();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows Arabic right-to-left by default and English left-to-right after the switch', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${app.url}/login`);
    await page.waitForSelector('input[type=email]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await page
      .getByRole('button', { name: /English/i })
      .first()
      .click();
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    // The choice is remembered across a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('requests a link, opens it from the dev mailbox and lands on the dashboard', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${app.url}/login`);
    await page.fill('input[type=email]', 'sign-in@store.sa');
    await page.click('button[type=submit]');
    await page.waitForURL('**/auth/check-email');
    await waitForMail(app, 'sign-in@store.sa', { what: 'sign-in e-mail' });

    await page.goto(`${app.url}/dev/mailbox`);
    const link = page.locator('#messages li', { hasText: 'sign-in@store.sa' }).locator('a.link').first();
    await link.click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    // Signed in: reloading keeps the session (refresh cookie), and the sign-in page sends us back.
    await page.reload();
    await page.waitForURL('**/dashboard');
    await page.goto(`${app.url}/login`);
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a bad link back to the sign-in page with the error shown', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${app.url}/auth/callback?code=not-a-real-code`);
    await page.waitForURL(/\/login\?error=code_exchange_error/);
    await expect(page.getByRole('alert').first().textContent()).resolves.toMatch(/\S/);
    await context.close();
  });

  it('keeps signed-out visitors out of the dashboard', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL('**/login');
    await context.close();
  });
});
