import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEFAULT_WIDGET_SETTINGS,
  translate,
  type TMessageKey,
  type TSession,
  type TWidgetSettings,
} from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { saveSettingsByApi, seedMerchant } from '../src/merchant.js';
import { useLanguage } from './dashboard-helpers.js';
import {
  DESKTOP,
  PHONE,
  serveFixtures,
  waitForSettledWidget,
  widget,
  type FixtureServer,
  holdSnapshot,
} from '../src/widget-pages.js';

// Issue 20's layouts (grid, carousel, masonry) on a store page whose CSS is hostile to widgets and whose
// footer starts below the fold: no layout shift (CLS < 0.05) while the widget loads in view, the carousel by
// keyboard and under reduced motion. Each case loads the store twice: a first view (no hint: the skeleton
// is the default grid) held with the widget's top at the top of the screen, then the next view (the skeleton
// takes the layout the first one saw) held with the widget's bottom and the footer in view, where any
// difference between the skeleton's height and the feed's moves the footer.
//
// A first view cannot know the merchant's layout before the init answer, which brings the posts too: a
// carousel (one row) then replaces a taller grid skeleton, and the footer, when it is in view under the
// widget, moves up once. That one move is measured and reported; everything else (the widget itself, the page
// above it) must stay still, and from the next view on the whole page must.

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

/** The carousel's autoplay step (widget/src/layouts/carousel.tsx AUTOPLAY_MS). */
const AUTOPLAY_MS = 4000;

/** expect.poll with room for a busy CI machine (vitest's default is 1 s). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** Which carousel post has the keyboard focus (-1: none), and how far the row is scrolled. */
const carouselState = (page: Page) =>
  widget(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const track = root.querySelector<HTMLElement>('.track')!;
    const tiles = [...track.querySelectorAll('.tile')];
    const focused = tiles.findIndex((t) => t === root.activeElement);
    const box = track.getBoundingClientRect();
    const r = focused >= 0 ? tiles[focused]!.getBoundingClientRect() : undefined;
    return {
      focused,
      count: tiles.length,
      // Scroll positions run negative in a right-to-left row.
      scrolled: Math.abs(track.scrollLeft),
      atEnd: Math.abs(track.scrollLeft) + track.clientWidth >= track.scrollWidth - 2,
      focusedInView: !!r && r.left >= box.left - 1 && r.right <= box.right + 1,
    };
  });

/** The carousel row's scroll position once it has stopped moving (the same for 10 frames in a row). */
const restingScroll = (page: Page) =>
  widget(page).evaluate(
    (host) =>
      new Promise<number>((resolve) => {
        const track = host.shadowRoot!.querySelector('.track')!;
        let last = NaN;
        let same = 0;
        const check = () => {
          const x = Math.abs(track.scrollLeft);
          same = x === last ? same + 1 : 0;
          last = x;
          if (same >= 10) resolve(x);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );

/**
 * What a feed shows, read from inside its shadow root (the first one under `scope`): enough to tell two
 * renderings of the same settings and posts apart from any other.
 */
const feedLook = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const root = document.querySelector(`${selector} lamha-feed`)?.shadowRoot;
    if (!root || root.querySelector('.sk')) return null;
    const layout = root.querySelector('.car') ? 'carousel' : root.querySelector('.mas') ? 'masonry' : 'grid';
    return {
      layout,
      dir: root.querySelector('.root')?.getAttribute('dir'),
      title: root.querySelector('.title')?.textContent,
      tiles: root.querySelectorAll('.car .tile, .mas .tile, .grid .tile').length,
      captions: [...root.querySelectorAll('.cap')].map((c) => c.textContent),
      highlights: root.querySelector('.hls')?.className,
      highlightCount: root.querySelectorAll('.hl').length,
      loadMore: !!root.querySelector('.more'),
    };
  }, scope);

const PREVIEW = '[data-testid="live-preview"]';

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

const cls = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: Shift[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });

/** The part of the layout shift score from shifts that moved the store's footer and nothing else. */
const footerOnly = (shifts: Shift[]) =>
  shifts
    .filter(
      (s) => s.sources.length > 0 && s.sources.every((source) => source.startsWith('footer#site-footer')),
    )
    .reduce((sum, s) => sum + s.value, 0);

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

  /** Saves settings made from the defaults by `change`, as the dashboard's Save does. */
  const saveSettings = (change: (s: TWidgetSettings) => TWidgetSettings) =>
    saveSettingsByApi(app, session, () => change(structuredClone(DEFAULT_WIDGET_SETTINGS)));

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
    const snapshot = await holdSnapshot(page);
    await page.goto(`${fixtures.url}/store-layouts.html?lang=${lang}`);
    const host = widget(page);
    // The footer starts below the fold: the widget's own arrival moves nothing in view.
    const fold = await page.evaluate(() => ({
      footer: document.getElementById('site-footer')!.getBoundingClientRect().top,
      height: innerHeight,
    }));
    expect(fold.footer).toBeGreaterThan(fold.height);
    await host.locator('.sk').waitFor();
    // Instant: the store's CSS asks for smooth scrolling, which would still be moving when the feed arrives.
    if (at === 'top') await host.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    else
      await host.evaluate((el) =>
        window.scrollBy({ top: el.getBoundingClientRect().bottom - innerHeight * 0.75, behavior: 'instant' }),
      );
    await snapshot.requested;
    snapshot.release();
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
    { lang: 'en', viewport: PHONE },
    { lang: 'ar', viewport: DESKTOP },
  ] as const;

  for (const { layout, captions } of cases) {
    describe(`${layout}${captions ? ' with captions' : ''}`, () => {
      beforeAll(async () => {
        await saveSettings((s) => ({
          ...s,
          // The carousel moves on its own too (autoplay is the merchant's choice, off by default).
          feed: {
            ...s.feed,
            layout,
            posts_limit: layout === 'carousel' ? 8 : 9,
            autoplay: layout === 'carousel',
          },
          show_captions: captions,
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
          // A page may first show the copy it kept from its last view, then the fresh one: wait for the latter.
          if (captions) {
            const count = await tiles.count();
            await poll(() => host.locator('.cap').count()).toBe(count);
          }
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
          // The footer's one move on a carousel's first view (see the top of this file); nothing else moves.
          const below = layout === 'carousel' ? footerOnly(first.shifts) : 0;
          measured.push(
            `${layout}${captions ? '+captions' : ''} ${viewport.width} ${lang}: first view ${first.cls.toFixed(4)}${below ? ` (footer alone ${below.toFixed(4)})` : ''}, next view ${next.cls.toFixed(4)}`,
          );
          expect(first.cls - below, JSON.stringify(first.shifts, null, 1)).toBeLessThan(0.05);
          expect(next.cls, JSON.stringify(next.shifts, null, 1)).toBeLessThan(0.05);
          expect(errors).toEqual([]);
        });
      }

      if (layout !== 'carousel') return;

      for (const { lang, viewport, motion } of [
        { lang: 'ar', viewport: PHONE, motion: 'no-preference' },
        { lang: 'en', viewport: DESKTOP, motion: 'reduce' },
      ] as const) {
        it(`moves between posts by keyboard (${lang}), ${motion === 'reduce' ? 'with reduced motion: no smooth scrolling, no autoplay' : 'and plays on its own'}`, async () => {
          const { page, errors } = await openContext(viewport, motion);
          await page.clock.install();
          await visit(page, layout, lang, 'top');
          const host = widget(page);
          await host.evaluate((el) => el.scrollIntoView({ block: 'start' }));
          const motionStyle = await host.evaluate((el) => {
            const root = el.shadowRoot!;
            return {
              scroll: getComputedStyle(root.querySelector('.track')!).scrollBehavior,
              fade: getComputedStyle(root.querySelector('.car .tile')!).animationName,
              play: getComputedStyle(root.querySelector('.play')!).display,
            };
          });
          await page.clock.runFor(2 * AUTOPLAY_MS + 100);
          if (motion === 'reduce') {
            expect(motionStyle).toEqual({ scroll: 'auto', fade: 'none', play: 'none' });
            // Two frames after the autoplay's time came twice: the row has not moved.
            await page.evaluate(
              () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
            );
            expect((await carouselState(page)).scrolled).toBe(0);
          } else {
            expect(motionStyle).toEqual({ scroll: 'smooth', fade: 'fade', play: 'flex' });
            await poll(async () => (await carouselState(page)).scrolled).toBeGreaterThan(0);
          }

          // Arrow keys follow the reading direction: in Arabic the left arrow is the next post.
          const [forward, back] = lang === 'ar' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
          await host.locator('.car .tile').first().focus();
          const { count } = await carouselState(page);
          expect(count).toBe(8);
          await page.keyboard.press(forward);
          await poll(async () => (await carouselState(page)).focused).toBe(1);
          await page.keyboard.press(back);
          await poll(async () => (await carouselState(page)).focused).toBe(0);
          await page.keyboard.press(back);
          await expect(carouselState(page)).resolves.toMatchObject({ focused: 0 });
          await page.keyboard.press('End');
          await poll(() => carouselState(page)).toMatchObject({
            focused: count - 1,
            atEnd: true,
            focusedInView: true,
          });
          await page.keyboard.press('Home');
          await poll(() => carouselState(page)).toMatchObject({
            focused: 0,
            scrolled: 0,
            focusedInView: true,
          });
          // Tab pressed quickly, each press landing while the last scroll still moves: the row still ends
          // with the focused post in view (the browser alone can leave it snapped a post short).
          for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
          await poll(() => carouselState(page)).toMatchObject({ focused: 3, focusedInView: true });
          await page.keyboard.press('Home');
          await poll(() => carouselState(page)).toMatchObject({ focused: 0, scrolled: 0 });
          // Tab goes through every post in order, each scrolled into view.
          for (let i = 1; i < count; i++) {
            await page.keyboard.press('Tab');
            await poll(() => carouselState(page)).toMatchObject({ focused: i, focusedInView: true });
          }
          // A key stops the autoplay for good: the row stays where the shopper left it.
          const scrolled = await restingScroll(page);
          await page.clock.runFor(2 * AUTOPLAY_MS + 100);
          await page.evaluate(
            () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
          );
          expect((await carouselState(page)).scrolled).toBe(scrolled);
          expect(errors).toEqual([]);
        });
      }
    });
  }

  it('shows what the merchant picks in the dashboard in the preview at once, and on the store after Save (English, then Arabic)', async () => {
    const { context, page, errors } = await newPage(browser, { viewport: DESKTOP });
    contexts.push(context);
    // Signed in with the session seeding made (its refresh token in the cookie the sign-in link would set):
    // a second sign-in e-mail to the same address within a minute is refused, by design.
    const { hostname } = new URL(app.url);
    await context.addCookies([
      { name: 'lamha_refresh', value: session.refresh_token!, domain: hostname, path: '/api/auth' },
      { name: 'lamha_signed_in', value: '1', domain: hostname, path: '/' },
    ]);
    for (const lang of ['en', 'ar'] as const) {
      const tr = (key: TMessageKey) => translate(lang, key);
      // Back to the defaults (a grid, no captions), saved: the page reads them afresh.
      await saveSettings((s) => s);
      await useLanguage(page, lang);
      // A fresh load (the app reads the language as it starts), not a move within the page.
      if (page.url().startsWith(`${app.url}/dashboard`)) await page.reload();
      else await page.goto(`${app.url}/dashboard#settings`);
      await page.getByRole('tab', { name: tr('dashboard.tab.settings') }).click();
      await poll(() => feedLook(page, PREVIEW)).toMatchObject({ layout: 'grid', captions: [] });

      // A choice is a pictured card around a visually hidden radio: the merchant clicks the card.
      const choose = async (key: TMessageKey) => {
        const radio = page.getByRole('radio', { name: tr(key) });
        await page.locator('label', { has: radio }).click();
        await expect(radio.isChecked()).resolves.toBe(true);
      };
      await choose('dashboard.display.layout.carousel');
      await page.getByRole('spinbutton', { name: tr('dashboard.display.posts_limit') }).fill('6');
      await page.getByRole('checkbox', { name: tr('dashboard.display.show_captions') }).check();
      await choose('dashboard.display.highlights.square');
      // The preview follows the unsaved draft.
      await poll(() => feedLook(page, PREVIEW)).toMatchObject({
        layout: 'carousel',
        dir: lang === 'ar' ? 'rtl' : 'ltr',
        tiles: 6,
        highlights: 'hls sq',
      });
      const preview = (await feedLook(page, PREVIEW))!;
      expect(preview.captions).toHaveLength(6);
      expect(preview.captions.some((c) => !!c?.trim())).toBe(true);

      await page.getByRole('button', { name: tr('dashboard.settings.save') }).click();
      await page.getByText(tr('dashboard.settings.allSaved')).waitFor();

      // The store page (its own origin, the snippet in the dashboard's language) shows the same.
      const shop = await context.newPage();
      await shop.goto(`${fixtures.url}/store-layouts.html?lang=${lang}`);
      await widget(shop).locator('.car .tile').first().waitFor();
      expect(await feedLook(shop, 'body')).toEqual(preview);
      await shop.close();
    }
    expect(errors).toEqual([]);
  });
});
