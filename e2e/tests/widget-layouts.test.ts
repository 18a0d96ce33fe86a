import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEFAULT_WIDGET_SETTINGS,
  ZMerchant,
  ZSettingsSaved,
  type TSession,
  type TWidgetSettings,
} from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { seedMerchant } from '../src/merchant.js';
import {
  DESKTOP,
  PHONE,
  serveFixtures,
  waitForSettledWidget,
  widget,
  type FixtureServer,
} from '../src/widget-pages.js';

// Issue 20's layouts (grid, carousel, masonry) on a store page whose CSS is hostile to widgets and whose
// footer starts below the fold: no layout shift (CLS < 0.05) while the widget loads in view, the carousel by
// keyboard and under reduced motion. Each case loads the store twice: a first view (no hint: the skeleton
// is the default grid) held with the widget's top at the top of the screen, then the next view (the skeleton
// takes the layout the first one saw) held with the widget's bottom and the footer in view, where any
// difference between the skeleton's height and the feed's moves the footer.

type Layout = TWidgetSettings['feed']['layout'];
type Lang = 'ar' | 'en';

/** Where each layout's tiles are. */
const TILES: Record<Layout, string> = { grid: '.grid .tile', carousel: '.car .tile', masonry: '.mas .tile' };

/**
 * Layout shifts not caused by the shopper's input (what CLS counts), each with what moved, from the page's
 * first paint (buffered), as a store's own RUM would see them.
 */
const CLS_OBSERVER = `
  window.__cls = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      const r = (x) => [x.x, x.y, x.width, x.height].map(Math.round).join(',');
      window.__shifts.push({
        value: +e.value.toFixed(4),
        at: Math.round(e.startTime),
        sources: (e.sources || []).map((s) => {
          const n = s.node;
          const name = !n ? '?' : n.nodeType === 1 ? n.nodeName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().replace(/\\s+/g, '.') : '') : n.nodeName;
          return name + ' ' + r(s.previousRect) + ' -> ' + r(s.currentRect);
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

const cls = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: unknown[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });

describe('feed layouts on a hostile store page', () => {
  const app = sharedApp();
  let browser: Browser;
  let fixtures: FixtureServer;
  let session: TSession;
  const contexts: BrowserContext[] = [];
  /** CLS per case, printed at the end for the record. */
  const measured: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    let widgetKey: string;
    ({ session, widgetKey } = await seedMerchant(app, {
      email: 'layouts-e2e@example.com',
      username: 'lamha.layouts.e2e',
    }));
    fixtures = await serveFixtures(app.url, widgetKey);
  });

  afterAll(async () => {
    if (measured.length) console.info(`CLS per case:\n${measured.join('\n')}`);
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await fixtures?.close();
  });

  /** Saves the merchant's settings through the API, as the dashboard's Save does. */
  async function saveSettings(change: (s: TWidgetSettings) => TWidgetSettings): Promise<void> {
    const auth = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
    const merchant = ZMerchant.parse(
      await (await fetch(`${app.url}/api/merchant`, { headers: auth })).json(),
    );
    const saved = await fetch(`${app.url}/api/merchant/settings`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        version: merchant.settings_version,
        settings: change(structuredClone(DEFAULT_WIDGET_SETTINGS)),
      }),
    });
    if (!saved.ok) throw new Error(`saving settings failed: ${saved.status} ${await saved.text()}`);
    ZSettingsSaved.parse(await saved.json());
  }

  async function openContext(
    viewport: { width: number; height: number },
    reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
  ) {
    const opened = await newPage(browser, {
      viewport,
      deviceScaleFactor: viewport.width < 600 ? 2 : 1,
      reducedMotion,
    });
    contexts.push(opened.context);
    await opened.page.addInitScript(CLS_OBSERVER);
    return opened;
  }

  /**
   * Opens the fixture store with the skeleton held in view until the snapshot arrives, lets the feed load
   * there, then scrolls on to the footer; resolves with every picture in view loaded. `at`: where the
   * skeleton is held, its top at the top of the screen, or its bottom at three quarters of the screen height
   * (the footer just under it in view: any change of the widget's height moves it).
   */
  async function visit(page: Page, layout: Layout, lang: Lang, at: 'top' | 'bottom') {
    let release: () => void = () => {};
    let requested: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const snapshotRequested = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/api/widget/init?**', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.goto(`${fixtures.url}/store-layouts.html?lang=${lang}`);
    const host = widget(page);
    // The footer starts below the fold: the widget's own arrival moves nothing in view.
    const fold = await page.evaluate(() => ({
      footer: document.getElementById('site-footer')!.getBoundingClientRect().top,
      height: innerHeight,
    }));
    expect(fold.footer).toBeGreaterThan(fold.height);
    await host.locator('.sk').waitFor();
    if (at === 'top') await host.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    else
      await host.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - innerHeight * 0.75));
    await snapshotRequested;
    release();
    await host.locator(TILES[layout]).first().waitFor();
    // Interception off for the rest: Chromium stalls media range requests while it is on.
    await page.unrouteAll({ behavior: 'wait' });
    await waitForSettledWidget(page);
    // On down to the footer, past the rest of the posts (lazy pictures load as they come into view).
    await page.evaluate(() => document.getElementById('site-footer')!.scrollIntoView({ block: 'end' }));
    await waitForSettledWidget(page);
  }

  const cases: { layout: Layout; captions: boolean }[] = [
    { layout: 'grid', captions: true },
    { layout: 'carousel', captions: true },
    { layout: 'masonry', captions: false },
  ];
  const views = [
    { lang: 'ar', viewport: PHONE },
    { lang: 'en', viewport: DESKTOP },
  ] as const;

  for (const { layout, captions } of cases) {
    describe(`${layout}${captions ? ' with captions' : ''}`, () => {
      beforeAll(async () => {
        await saveSettings((s) => ({
          ...s,
          feed: { ...s.feed, layout, postsLimit: layout === 'carousel' ? 8 : 9 },
          showCaptions: captions,
        }));
      });

      for (const { lang, viewport } of views) {
        it(`loads in view without shifting the page at ${viewport.width} px, ${lang}`, async () => {
          const { page, errors } = await openContext(viewport);
          await visit(page, layout, lang, 'top');
          const host = widget(page);
          await expect(
            host.locator('.root').evaluate((el) => [el.getAttribute('dir'), el.getAttribute('lang')]),
          ).resolves.toEqual([lang === 'ar' ? 'rtl' : 'ltr', lang]);
          const tiles = host.locator(TILES[layout]);
          expect(await tiles.count()).toBeGreaterThanOrEqual(8);
          if (captions) expect(await host.locator('.cap').count()).toBe(await tiles.count());
          // Nothing of the hostile page's CSS gets in: tiles fill their column, inside the widget.
          const fit = await host.evaluate((el, sel) => {
            const root = el.shadowRoot!;
            const host = el.getBoundingClientRect();
            const tile = root.querySelector(sel)!.getBoundingClientRect();
            const cap = root.querySelector('.cap');
            return {
              inside: tile.left >= host.left - 0.5 && tile.right <= host.right + 0.5,
              capWidth: cap ? Math.abs(cap.getBoundingClientRect().width - tile.width) < 1 : true,
              boxSizing: getComputedStyle(root.querySelector(sel)!).boxSizing,
            };
          }, TILES[layout]);
          expect(fit).toEqual({ inside: true, capWidth: true, boxSizing: 'border-box' });
          const first = await cls(page);
          // The next page view: the skeleton takes the layout of the snapshot this one saw.
          await visit(page, layout, lang, 'bottom');
          const next = await cls(page);
          measured.push(
            `${layout}${captions ? '+captions' : ''} ${viewport.width} ${lang}: first view ${first.cls.toFixed(4)}, next view ${next.cls.toFixed(4)}`,
          );
          expect(first.cls, JSON.stringify(first.shifts, null, 1)).toBeLessThan(0.05);
          expect(next.cls, JSON.stringify(next.shifts, null, 1)).toBeLessThan(0.05);
          expect(errors).toEqual([]);
        });
      }
    });
  }
});
