import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { waitForFeed } from '../src/widget-pages.js';
import { launchBrowser, newPage } from '../src/harness.js';
import {
  connectUsername,
  serveStorePage,
  signInThroughMailbox,
  useLanguage,
  widgetLook,
} from './dashboard-helpers.js';

const PREVIEW = '[data-testid="live-preview"]';

describe('merchant dashboard journey', () => {
  const app = sharedApp();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const workDir = mkdtempSync(path.join(tmpdir(), 'lamha-dashboard-'));

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page, errors } = await newPage(browser, {
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    }));
    await useLanguage(page, 'en');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('signs in through the dev mailbox and connects a demo account whose content becomes ready', async () => {
    await signInThroughMailbox(page, app, 'journey@store.sa');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('No Instagram account is connected yet', { exact: false }).waitFor();
    await connectUsername(page, 'oud.house.demo');
    expect(
      await page.getByRole('link', { name: 'Open @oud.house.demo on Instagram' }).getAttribute('href'),
    ).toBe('https://instagram.com/oud.house.demo');
  });

  it('shows colour, title and posts-per-row changes in the live preview before saving, then on the store', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard#settings');
    await page.waitForFunction(
      // The content, not the loading placeholders (.sk), which also draw a .grid.
      (sel) => {
        const root = document.querySelector(`${sel} lamha-feed`)?.shadowRoot;
        return root?.querySelector('.grid') && !root.querySelector('.sk');
      },
      PREVIEW,
      {
        timeout: 20_000,
      },
    );
    const before = await widgetLook(page, PREVIEW);
    expect(before?.primary).toBe('#000000');
    expect(before?.columns).not.toBe('2');

    await page.getByLabel('Title', { exact: true }).fill('New arrivals from our Instagram');
    // The preview follows the dashboard's language (English here): the English pages' title.
    await page.getByLabel('Title on English pages', { exact: true }).fill('New arrivals from our Instagram');
    const hex = page.getByLabel('Primary colour (hex)');
    await hex.fill('#b4235a');
    await hex.press('Enter');
    await page.getByRole('spinbutton', { name: 'Posts per row' }).fill('2');

    // The preview follows the unsaved draft.
    await expect
      .poll(() => widgetLook(page, PREVIEW))
      .toEqual({ title: 'New arrivals from our Instagram', primary: '#b4235a', columns: '2' });
    await page.getByText('Unsaved changes').first().waitFor();

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(messages.en['dashboard.settings.saved']).first().waitFor();
    await page.getByText('All changes saved').waitFor();

    // The embed snippet, pasted into a store page on another origin, shows the saved settings.
    await page.getByRole('tab', { name: 'Embed Code' }).click();
    const snippet = (await page.getByTestId('embed-snippet').textContent()) ?? '';
    expect(snippet).toMatch(
      new RegExp(
        `^<script\n  src="${app.url}/widget.js"\n  data-merchant-id="[^"]+"\n  async defer></script>$`,
      ),
    );
    const store = await serveStorePage(snippet);
    try {
      const shop = await context.newPage();
      await shop.goto(store.url);
      await waitForFeed(shop);
      expect(await widgetLook(shop, 'body')).toEqual({
        title: 'New arrivals from our Instagram',
        primary: '#b4235a',
        columns: '2',
      });
      await shop.close();
    } finally {
      await store.close();
    }
  });

  it('exports settings and imports them back; a broken file changes nothing', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const title = page.getByLabel('Title', { exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('widget-settings.json');
    const exportedPath = path.join(workDir, 'widget-settings.json');
    await download.saveAs(exportedPath);
    const exported = JSON.parse(await readFile(exportedPath, 'utf8')) as {
      title_settings: { title: string };
      primary_color: string;
    };
    expect(exported.title_settings.title).toBe('New arrivals from our Instagram');
    expect(exported.primary_color).toBe('#b4235a');
    await page.getByText('Settings exported successfully!').first().waitFor();

    // A broken file: the message, and nothing changes.
    const brokenPath = path.join(workDir, 'broken.json');
    await writeFile(brokenPath, '{"widget_enabled": tru');
    await page.getByTestId('settings-import').setInputFiles(brokenPath);
    await page.getByText(messages.en['dashboard.transfer.notSettings']).first().waitFor();
    expect(await title.inputValue()).toBe('New arrivals from our Instagram');
    await page.getByText('All changes saved').waitFor();

    // Change and save something else, then import the exported file: it applies only on Save.
    await title.fill('Temporary title');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('All changes saved').waitFor();
    await page.getByTestId('settings-import').setInputFiles(exportedPath);
    await page.getByText('Settings imported successfully! Click Save to apply changes.').first().waitFor();
    expect(await title.inputValue()).toBe('New arrivals from our Instagram');
    await page.getByText('Unsaved changes').first().waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('All changes saved').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).inputValue())
      .toBe('New arrivals from our Instagram');
    expect(errors).toEqual([]);
  });
});
