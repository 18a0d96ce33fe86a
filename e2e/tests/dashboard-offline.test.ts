import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage, type AppUnderTest } from '../src/harness.js';
import { connectUsername, signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

const ZInitTitle = z.object({
  data: z.object({
    config: z.object({
      customization_options: z.object({ title_settings: z.object({ title: z.string() }) }),
    }),
  }),
});

/** The title stores get right now (the public widget answer, past every cache). */
async function serverTitle(app: AppUnderTest, widgetKey: string): Promise<string> {
  const res = await fetch(
    `${app.url}/api/widget/init?key=${encodeURIComponent(widgetKey)}&_cb=${Date.now()}`,
  );
  return ZInitTitle.parse(await res.json()).data.config.customization_options.title_settings.title;
}

async function widgetKeyOf(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Embed Code' }).click();
  const snippet = (await page.getByTestId('embed-snippet').textContent()) ?? '';
  const key = /data-merchant-id="([^"]+)"/.exec(snippet)?.[1];
  if (!key) throw new Error(`no key in ${snippet}`);
  return key;
}

describe('dashboard offline, across tabs, and as an installable app', () => {
  const app = sharedApp();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let widgetKey: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    await useLanguage(page, 'en');
    await signInThroughMailbox(page, app, 'offline@store.sa');
    await connectUsername(page, 'offline.demo.store');
    widgetKey = await widgetKeyOf(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('is installable: a parsed manifest in each language, and a service worker that controls the page', async () => {
    const ZManifest = z.object({
      name: z.string(),
      short_name: z.string(),
      start_url: z.string(),
      display: z.literal('standalone'),
      lang: z.string(),
      icons: z.array(
        z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() }),
      ),
    });
    const manifestHref = () => page.getAttribute('link[rel="manifest"]', 'href');
    const readManifest = async (href: string) =>
      ZManifest.parse(await (await fetch(`${app.url}${href}`)).json());

    // English interface → the English manifest.
    expect(await manifestHref()).toBe('/manifest-en.webmanifest');
    expect(await readManifest('/manifest-en.webmanifest')).toMatchObject({
      lang: 'en',
      short_name: 'Lamha',
      start_url: '/dashboard',
    });

    // Arabic interface → the Arabic manifest, with icons that load.
    await page.getByRole('button', { name: 'Switch language to العربية' }).first().click();
    await expect.poll(manifestHref).toBe('/manifest.webmanifest');
    const arabic = await readManifest('/manifest.webmanifest');
    expect(arabic).toMatchObject({ lang: 'ar', short_name: 'لمحة' });
    for (const size of ['192x192', '512x512']) {
      const icon = arabic.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeTruthy();
      expect((await fetch(`${app.url}${icon!.src}`)).headers.get('content-type')).toBe('image/png');
    }
    expect(arabic.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    await page.getByRole('button', { name: 'تغيير اللغة إلى English' }).first().click();
    await expect.poll(manifestHref).toBe('/manifest-en.webmanifest');

    // The service worker is registered, and controls the page after a reload.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(worker).toEqual({ scope: `${app.url}/`, controlled: true });
  });

  it('opens offline with this device’s copy, queues an edit, and syncs it when back online', async () => {
    await page.goto(`${app.url}/dashboard#settings`);
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);

    await context.setOffline(true);
    await page.reload();
    await page
      .getByText('You are offline. Showing the copy saved on this device', { exact: false })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'My Account' }).click();
    await page.getByRole('link', { name: 'Open @offline.demo.store on Instagram' }).waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();

    const title = page.getByLabel('Title', { exact: true });
    await title.fill('Written while offline');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByText('Saved on this device. Your changes will be sent when you are back online.')
      .first()
      .waitFor();
    await page.getByText('Waiting to sync').first().waitFor();
    expect(await serverTitle(app, widgetKey)).not.toBe('Written while offline');

    await context.setOffline(false);
    await page.getByText(messages.en['dashboard.settings.saved']).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => serverTitle(app, widgetKey), { timeout: 10_000 }).toBe('Written while offline');
    await page.getByText('All changes saved').waitFor();
  });

  it('turns two tabs editing the same settings into a visible choice, not a lost edit', async () => {
    const tabA = page;
    const { page: tabB } = { page: await context.newPage() };
    await tabA.goto(`${app.url}/dashboard?tab=settings`);
    await tabB.goto(`${app.url}/dashboard?tab=settings`);
    const titleA = tabA.getByLabel('Title', { exact: true });
    const titleB = tabB.getByLabel('Title', { exact: true });
    await titleA.waitFor();
    await titleB.waitFor();

    await titleA.fill('Title from tab A');
    await titleB.fill('Title from tab B');
    await tabA.getByRole('button', { name: 'Save Changes' }).click();
    await tabA.getByText(messages.en['dashboard.settings.saved']).first().waitFor();

    await tabB.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = tabB.getByRole('dialog', { name: 'These settings were changed elsewhere' });
    await dialog.waitFor();
    await dialog.getByText('Title from tab B').waitFor();
    await dialog.getByText('Title from tab A').waitFor();
    // Nothing was overwritten while the merchant decides.
    expect(await serverTitle(app, widgetKey)).toBe('Title from tab A');

    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await tabB.getByText(messages.en['dashboard.settings.saved']).first().waitFor();
    await expect.poll(() => serverTitle(app, widgetKey)).toBe('Title from tab B');
    // Tab A had no further edits: it follows the newer copy.
    await expect.poll(() => titleA.inputValue(), { timeout: 10_000 }).toBe('Title from tab B');
    await tabB.close();
  });
});
