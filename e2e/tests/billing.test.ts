import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import decodeQR from 'qr/decode.js';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

/** The TLV fields (tag → text) of a ZATCA phase-1 QR payload. */
function tlv(base64: string): Map<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields = new Map<number, string>();
  for (let i = 0; i < bytes.length; i += 2 + (bytes[i + 1] ?? 0)) {
    fields.set(bytes[i] ?? 0, bytes.subarray(i + 2, i + 2 + (bytes[i + 1] ?? 0)).toString('utf8'));
  }
  return fields;
}

describe('buying a plan (dev checkout, no keys; saved cards with MOYASAR_TOKENIZATION=true)', () => {
  const app = sharedApp();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page, errors } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    await useLanguage(page, 'en');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('trial merchant → Pro annual → dev checkout → "Payment received" → invoice page with the QR', async () => {
    await signInThroughMailbox(page, app, 'buyer@store.sa');
    await page.getByRole('tab', { name: 'Plan and billing' }).click();
    await page.getByText(/Free trial with Pro features until/).waitFor();
    await page.getByRole('radio', { name: /Professional/ }).check({ force: true });
    await page.getByRole('radio', { name: /Annual/ }).check({ force: true });
    // Bought during the trial: the paid period starts when the trial ends (no trial day lost).
    await page.getByText(/Starts when your free trial ends/).waitFor();
    await page.getByRole('button', { name: 'Pay 1,200.00 SAR' }).click();

    // Moyasar's hosted page stands in as the dev checkout on this machine.
    await page.waitForURL('**/dev/checkout/**');
    expect(await page.locator('#amount').textContent()).toBe('1200.00 SAR');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/dashboard\?tab=billing&checkout=/);
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    await page
      .getByText(/Professional, Annual, is paid and starts on/i)
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'View invoice' }).click();

    await page.waitForURL('**/dashboard/invoices/**');
    const qr = page.getByRole('img', { name: /ZATCA QR code of invoice/ });
    await qr.waitFor();
    expect(await page.getByTestId('invoice-total').textContent()).toBe('1200.00 SAR');
    expect(await page.getByTestId('invoice-vat').textContent()).toBe('156.52 SAR');

    // The QR on the page, read back from its pixels, carries the invoice's TLV payload.
    const pixels = await qr.evaluate(async (svg) => {
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 400;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 400, 400);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(image, 0, 0, 400, 400);
      return Array.from(ctx.getImageData(0, 0, 400, 400).data);
    });
    const payload = decodeQR({ width: 400, height: 400, data: Uint8Array.from(pixels) });
    const rendered = await qr.getAttribute('data-qr');
    expect(payload).toBe(rendered);
    // Invoices are not public: without the merchant's token the API refuses.
    const invoiceId = page.url().split('/').at(-1) ?? '';
    expect((await fetch(`${app.url}/api/billing/invoices/${invoiceId}`)).status).toBe(401);
    const fields = tlv(payload);
    expect(fields.get(1)).toBe('Lamha (development seller)');
    expect(fields.get(2)).toBe('399999999900003');
    expect(fields.get(3)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(fields.get(4)).toBe('1200.00');
    expect(fields.get(5)).toBe('156.52');
    expect(errors).toEqual([]);
  });

  it('buys Pro with "Renew automatically", sees the card, turns renewal off; a refund on Moyasar\'s side ends the plan and lists a credit note', async () => {
    // A browser context of its own: another merchant.
    const own = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { page, errors } = own;
    await useLanguage(page, 'en');
    await signInThroughMailbox(page, app, 'renews@store.sa');
    await page.getByRole('tab', { name: 'Plan and billing' }).click();
    await page.getByText(/Free trial with Pro features until/).waitFor();
    await page.getByText(/No card is saved/).waitFor();
    // Company details for invoices: a VAT number typed in Arabic-Indic digits is read and kept in Latin.
    await page.getByLabel('VAT registration number').fill('31012239350000');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await page.getByText('Enter the 15-digit VAT registration number: it starts and ends with 3.').waitFor();
    await page.getByLabel('Company name').fill('Renews Trading Co.');
    await page.getByLabel('VAT registration number').fill('٣١٠١٢٢٣٩٣٥٠٠٠٠٣');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await page.getByText(/Company details saved/).waitFor();
    expect(await page.getByLabel('VAT registration number').inputValue()).toBe('310122393500003');
    await page.getByRole('radio', { name: /Professional/ }).check({ force: true });
    await page.getByRole('radio', { name: 'Monthly' }).check({ force: true });
    await page.getByRole('checkbox', { name: /Renew automatically/ }).check();
    await page.getByRole('button', { name: 'Pay 119.00 SAR' }).click();

    // The dev checkout stands in for Moyasar's page: its "save card" box is ticked as the merchant asked.
    await page.waitForURL('**/dev/checkout/**');
    const checkoutId = page.url().split('/').at(-1) ?? '';
    expect(await page.locator('#save-card').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/dashboard\?tab=billing&checkout=/);
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    const card = page.getByTestId('saved-card');
    await card.waitFor();
    expect(await card.textContent()).toBe('Saved card: mada ending in 1111');
    const renewal = page.getByRole('switch', { name: 'Renew automatically with this card' });
    expect(await renewal.isChecked()).toBe(true);
    await renewal.click();
    await page.getByText(/Renewal is off/).waitFor();
    expect(await renewal.isChecked()).toBe(false);
    // Paid during the trial: Pro is scheduled from the trial's end.
    const scheduled = page.getByText(/Professional, monthly, is paid and starts on/i);
    await scheduled.waitFor();

    // A refund made in Moyasar's dashboard (the dev provider sends its webhook): the plan ends, and the
    // invoices list shows the credit note.
    const refunded = await fetch(`${app.url}/api/dev/checkout/${checkoutId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refunded.status).toBe(200);
    // What the billing tab is told after the refund, as the API answers it.
    const subscriptionAfter = page.waitForResponse(
      (r) => r.url().endsWith('/api/billing/subscription') && r.status() === 200,
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Plan and billing' }).click();
    await page.getByTestId('document-credit_note').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('document-credit_note').textContent()).toContain('Credit note');
    // The refund ended the plan it paid for: nothing is scheduled or running any more, only the trial.
    expect(await scheduled.count()).toBe(0);
    await page.getByText(/Free trial with Pro features until/).waitFor();
    const sub = (await (await subscriptionAfter).json()) as { tier: unknown; scheduled: unknown };
    expect(sub).toMatchObject({ tier: null, scheduled: null, status: 'trial' });
    // Documents give their time in Saudi time, and the credit note keeps the buyer's VAT number.
    expect(await page.getByTestId('document-issued').first().textContent()).toContain('(Saudi time)');
    await page.getByRole('link', { name: 'View' }).first().click();
    await page.getByTestId('invoice-issued').waitFor();
    expect(await page.getByTestId('invoice-issued').textContent()).toContain('Saudi time');
    expect(await page.getByTestId('invoice-buyer-vat').textContent()).toBe('310122393500003');
    expect(errors).toEqual([]);
    await own.context.close();
  });
});
