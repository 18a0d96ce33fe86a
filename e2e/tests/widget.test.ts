import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { seedMerchant } from '../src/merchant.js';
import {
  DESKTOP,
  PHONE,
  serveFixtures,
  viewer,
  waitForFeed,
  waitForSettledWidget,
  widget,
  type FixtureServer,
  holdSnapshot,
} from '../src/widget-pages.js';

// The public widget as store visitors get it, on the fixture store pages of src/widget-pages.ts.

const IMAGE_STORY_MS = 7000;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Collects layout shifts (spec: CLS below 0.05), as a page's own RUM would. */
const CLS_OBSERVER = `
  window.__cls = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      window.__shifts.push({ value: e.value, sources: (e.sources || []).map((s) => s.node ? (s.node.id || s.node.nodeName) : '?') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Boxes and computed styles of the store's own elements, to prove the widget's CSS does not touch them. */
async function pageLayout(page: Page, selectors: string[]) {
  return page.evaluate((sels) => {
    const props = [
      'box-sizing',
      'font-size',
      'font-family',
      'color',
      'display',
      'padding',
      'margin',
      'line-height',
      'background-color',
    ];
    return sels.map((sel) => {
      const el = document.querySelector(sel);
      if (!el) return { sel, missing: true };
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return {
        sel,
        box: [r.x, r.y, r.width, r.height].map(Math.round),
        style: props.map((p) => cs.getPropertyValue(p)),
      };
    });
  }, selectors);
}

/** expect.poll with room for a 2 s video and a busy CI machine (vitest's default is 1 s). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** The focused element inside the widget's shadow root (the page only sees the host). */
const focusedInWidget = (page: Page) =>
  page.evaluate(() => {
    const host = document.activeElement;
    if (host?.tagName.toLowerCase() !== 'lamha-feed') return null;
    const el = host.shadowRoot?.activeElement;
    return el ? `${el.tagName.toLowerCase()}.${el.className}` : null;
  });

async function checkPostModal(page: Page, rtl: boolean) {
  const tiles = widget(page).locator('.tile');
  await tiles.first().click();
  const dialog = viewer(page).locator('[role=dialog]');
  await dialog.waitFor();
  await expect(dialog.locator('.lv-ig').getAttribute('target')).resolves.toBe('_blank');
  await expect(dialog.locator('.lv-ig').getAttribute('rel')).resolves.toContain('noopener');
  await expect(viewer(page).locator('.lv-prev').isDisabled()).resolves.toBe(true);
  const firstHref = await dialog.locator('.lv-ig').getAttribute('href');
  // Forward is the arrow pointing the way the page reads.
  await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
  await poll(() => dialog.locator('.lv-ig').getAttribute('href')).not.toBe(firstHref);
  await expect(viewer(page).locator('.lv-prev').isDisabled()).resolves.toBe(false);
  await viewer(page).locator('.lv-prev').click();
  await poll(() => dialog.locator('.lv-ig').getAttribute('href')).toBe(firstHref);
  // Tab cycles inside the dialog: focus never reaches the store page behind it.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.tagName.toLowerCase())).resolves.toBe(
      'lamha-viewer',
    );
  }
  await page.keyboard.press('Escape');
  await poll(() => viewer(page).count()).toBe(0);
  // Focus goes back to the tile that opened the post.
  await expect(focusedInWidget(page)).resolves.toBe('button.tile');
}

/**
 * Opens the last highlight and lets its stories play on the page's fake clock: image stories move on after
 * exactly 7 s of that clock (and not while the clock stands still), video stories at their end; after the
 * last story of the last highlight the viewer closes.
 */
async function checkStoryViewer(page: Page) {
  const circles = widget(page).locator('.hl button');
  await circles.last().click();
  const frame = viewer(page).locator('.lv-frame');
  await frame.waitFor();
  await viewer(page).locator('.lv-bars span').first().waitFor();
  const storyCount = await viewer(page).locator('.lv-bars span').count();
  const highlightIndex = (await circles.count()) - 1;
  // Paused 100 ms ahead of the page's clock; on a busy machine that moment can pass before the call
  // arrives ("Cannot fast-forward to the past"): then read the clock again.
  for (let attempt = 1; ; attempt++) {
    const fakeNow = await page.evaluate(() => Date.now());
    const paused = await page.clock.pauseAt(fakeNow + 100).then(
      () => true,
      (error: unknown) => {
        if (attempt >= 5 || !String(error).includes('to the past')) throw error;
        return false;
      },
    );
    if (paused) break;
  }
  for (let story = 0; story < storyCount; story++) {
    await poll(() => frame.getAttribute('data-position')).toBe(`${highlightIndex}:${story}`);
    const isVideo = (await viewer(page).locator('.lv-stage video').count()) > 0;
    if (isVideo) {
      if (story === storyCount - 1) await poll(() => viewer(page).count()).toBe(0);
      continue;
    }
    // The picture shows and the story's timer runs: it starts with the progress bar, which it draws from
    // then on (the bar of each story is a new element, without a transform until its timer starts).
    await page.waitForFunction(() => {
      const root = document.querySelector('lamha-viewer')?.shadowRoot;
      const img = root?.querySelector<HTMLImageElement>('.lv-stage img');
      const bar = root?.querySelector<HTMLElement>('.lv-bars .lv-cur');
      return !!img && img.complete && img.naturalWidth > 0 && !!bar && bar.style.transform !== '';
    });
    await expect(frame.getAttribute('data-position')).resolves.toBe(`${highlightIndex}:${story}`);
    await page.clock.runFor(IMAGE_STORY_MS - 500);
    await expect(frame.getAttribute('data-position')).resolves.toBe(`${highlightIndex}:${story}`);
    await page.clock.runFor(600);
    if (story === storyCount - 1) await poll(() => viewer(page).count()).toBe(0);
  }
  await poll(() => viewer(page).count()).toBe(0);
  await page.clock.resume();
}

describe('the public widget on store pages', () => {
  const app = sharedApp();
  let browser: Browser;
  let fixtures: FixtureServer;
  let widgetKey: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ widgetKey } = await seedMerchant(app, {
      email: 'widget-e2e@example.com',
      username: 'lamha.widget.e2e',
    }));
    fixtures = await serveFixtures(app.url, widgetKey);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await fixtures?.close();
  });

  async function open(viewport: { width: number; height: number }) {
    const opened = await newPage(browser, { viewport, deviceScaleFactor: 2 });
    contexts.push(opened.context);
    await opened.page.addInitScript(CLS_OBSERVER);
    await opened.page.clock.install();
    return opened;
  }

  const scenarios = [
    {
      name: '(a) Arabic RTL store with hostile global CSS',
      file: 'store-ar-hostile.html',
      lang: 'ar',
      viewport: PHONE,
      placement: 'end of body',
    },
    {
      name: '(b) English LTR store',
      file: 'store-en.html',
      lang: 'en',
      viewport: DESKTOP,
      placement: 'end of body',
    },
    {
      name: '(c) store with a <footer>',
      file: 'store-footer.html',
      lang: 'ar',
      viewport: DESKTOP,
      placement: 'before footer',
    },
  ] as const;

  for (const scenario of scenarios) {
    it(`${scenario.name}: renders, opens posts and stories, does not shift or restyle the page`, async () => {
      const own = ['#top', '#hero', '#products', '#buy', '.product, article', 'h3'];
      // The store page on its own, for comparison.
      const bare = await open(scenario.viewport);
      await bare.page.goto(`${fixtures.url}/${scenario.file}?nowidget`);
      const before = await pageLayout(bare.page, own);
      const footerBefore =
        scenario.placement === 'before footer' ? await pageLayout(bare.page, ['#site-footer']) : [];
      await bare.context.close();

      const { page, errors } = await open(scenario.viewport);
      // Hold the snapshot back a moment so the skeleton shows first, in view: it must reserve the final height.
      const snapshot = await holdSnapshot(page);
      await page.goto(`${fixtures.url}/${scenario.file}`);
      const host = widget(page);
      await host.locator('.sk').waitFor();
      await host.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // The skeleton is in view, and the widget is waiting for the snapshot it will replace the skeleton with.
      await snapshot.requested;
      const skeletonHeight = await host.evaluate((el) => el.getBoundingClientRect().height);
      snapshot.release();
      await waitForFeed(page);
      // The seeded merchant keeps the default layout, which the skeleton reproduces to the pixel.
      expect(
        Math.abs((await host.evaluate((el) => el.getBoundingClientRect().height)) - skeletonHeight),
      ).toBeLessThan(0.5);
      // Interception stays off for the rest: Chromium stalls media range requests while it is on.
      await page.unrouteAll({ behavior: 'wait' });
      // Every picture in view loaded and the fade-ins over: any layout shift the feed causes has happened.
      await waitForSettledWidget(page);

      // Placement.
      const placement = await page.evaluate(() => {
        const el = document.querySelector('lamha-feed')!;
        return {
          parent: el.parentElement?.tagName,
          next: el.nextElementSibling?.id ?? null,
          last: el === document.body.lastElementChild,
        };
      });
      if (scenario.placement === 'before footer')
        expect(placement).toMatchObject({ parent: 'BODY', next: 'site-footer' });
      else expect(placement.parent).toBe('BODY');

      // Language and direction.
      const rootInfo = await host
        .locator('.root')
        .evaluate((el) => ({ dir: el.getAttribute('dir'), lang: el.getAttribute('lang') }));
      expect(rootInfo).toEqual({ dir: scenario.lang === 'ar' ? 'rtl' : 'ltr', lang: scenario.lang });
      await expect(host.locator('.brand').textContent()).resolves.toBe(
        scenario.lang === 'ar' ? 'مدعوم من لمحة' : 'Powered by Lamha',
      );

      // Banner, highlights, grid; the store's hostile CSS cannot reach inside.
      await expect(host.locator('.banner .follow').getAttribute('href')).resolves.toBe(
        'https://www.instagram.com/lamha.widget.e2e/',
      );
      expect(await host.locator('.hl').count()).toBeGreaterThan(0);
      expect(await host.locator('.grid .tile').count()).toBeGreaterThanOrEqual(9);
      const inside = await host.evaluate((el) => {
        const root = el.shadowRoot!;
        const tile = root.querySelector('.tile')!.getBoundingClientRect();
        const more = getComputedStyle(root.querySelector('.more')!);
        const who = getComputedStyle(root.querySelector('.who')!);
        const grid = root.querySelector('.grid')!;
        return {
          square: Math.abs(tile.width - tile.height) < 1,
          gridFits: grid.scrollWidth <= grid.clientWidth + 1,
          morePadding: more.paddingInlineStart,
          moreRadius: more.borderTopLeftRadius,
          boxSizing: getComputedStyle(root.querySelector('.root')!).boxSizing,
          whoFont: who.fontSize,
          hostWidth: el.getBoundingClientRect().width,
          bodyWidth: document.body.getBoundingClientRect().width,
        };
      });
      expect(inside).toMatchObject({
        square: true,
        gridFits: true,
        morePadding: '22px',
        moreRadius: '10px',
        boxSizing: 'border-box',
        whoFont: '14px',
      });
      expect(inside.hostWidth).toBeLessThanOrEqual(inside.bodyWidth);

      // The store's own layout and styles are exactly what they were without the widget.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await pageLayout(page, own)).toEqual(before);
      if (footerBefore.length) {
        const [withWidget] = await pageLayout(page, ['#site-footer']);
        expect(withWidget && 'style' in withWidget ? withWidget.style : null).toEqual(
          footerBefore[0] && 'style' in footerBefore[0] ? footerBefore[0].style : undefined,
        );
      }

      // No layout shift: the skeleton held the place the feed took.
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts);
      expect(cls, JSON.stringify(shifts)).toBeLessThan(0.05);

      await host.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await checkPostModal(page, scenario.lang === 'ar');
      await checkStoryViewer(page);
      expect(errors).toEqual([]);
    });
  }

  it('does nothing twice when the snippet is pasted twice, and uses the data-feed-widget slot', async () => {
    const { page, errors } = await open(DESKTOP);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${fixtures.url}/store-double-snippet.html`);
    await waitForFeed(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('lamha-feed').count()).resolves.toBe(1);
    await expect(page.evaluate(() => document.querySelector('lamha-feed')?.parentElement?.id)).resolves.toBe(
      'feed-slot',
    );
    expect(requests.filter((p) => p === '/api/widget/init')).toHaveLength(1);
    expect(requests.filter((p) => /^\/widget\/core-/.test(p))).toHaveLength(1);
    expect(requests.filter((p) => /^\/widget\/viewer-/.test(p))).toHaveLength(0);
    // The preview's chunk (mount and the texts of the states a store hides) is the dashboard's alone.
    expect(requests.filter((p) => /^\/widget\/preview-/.test(p))).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('mounts, updates and unmounts the dashboard preview from data it is given, without requesting the snapshot', async () => {
    const init = (await (await fetch(`${app.url}/api/widget/init?key=${widgetKey}`)).json()) as {
      data: { config: Record<string, unknown>; content: unknown };
    };
    const { page, errors } = await open(PHONE);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${fixtures.url}/dashboard-preview.html`);
    await page.waitForFunction(
      () => !!(window as unknown as { LamhaWidget?: { load?: unknown } }).LamhaWidget?.load,
    );
    await page.evaluate(
      async ({ data, apiBase }) => {
        type Handle = { update(c: unknown): void; unmount(): void };
        const w = window as unknown as {
          LamhaWidget: {
            load(): Promise<{ preview(): Promise<{ mount(el: Element, c: unknown): Handle }> }>;
          };
          preview?: Handle;
        };
        const { mount } = await (await w.LamhaWidget.load()).preview();
        w.preview = mount(document.getElementById('preview')!, { ...data, apiBase, lang: 'en' });
      },
      { data: init.data, apiBase: app.url },
    );
    const host = page.locator('#preview lamha-feed');
    await host.locator('.grid .tile').first().waitFor();
    await expect(host.locator('.follow').textContent()).resolves.toBe('Follow');
    await page.evaluate(
      ({ data, apiBase }) => {
        const w = window as unknown as { preview: { update(c: unknown): void } };
        const options = data.config.customization_options as { account_info: Record<string, unknown> };
        w.preview.update({
          ...data,
          config: {
            ...data.config,
            customization_options: {
              ...options,
              account_info: { ...options.account_info, follow_button_text: 'Shop our Instagram' },
            },
          },
          apiBase,
        });
      },
      { data: init.data, apiBase: app.url },
    );
    await expect(host.locator('.follow').textContent()).resolves.toBe('Shop our Instagram');
    await page.evaluate(() => (window as unknown as { preview: { unmount(): void } }).preview.unmount());
    expect(requests.filter((p) => /^\/widget\/preview-/.test(p))).toHaveLength(1);
    await expect(page.locator('lamha-feed').count()).resolves.toBe(0);
    expect(requests.filter((p) => p === '/api/widget/init')).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('leaves the store page working and clean when the API is down', async () => {
    const port = await closedPort();
    const { page, errors } = await open(PHONE);
    await page.goto(
      `${fixtures.url}/store-ar-hostile.html?api=${encodeURIComponent(`http://127.0.0.1:${port}`)}`,
    );
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#buy').isVisible()).resolves.toBe(true);
    await page.locator('#buy').click();
    await expect(widget(page).count()).resolves.toBe(0);
    // Only the browser's own note about the unreachable script, nothing thrown by us.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it("fills each tile with its picture's dominant colour while the picture loads, and shows the picture unfaded", async () => {
    const { page } = await open(PHONE);
    // The grid's pictures are held back: what a shopper on a slow connection sees meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/**', async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    await page.goto(`${fixtures.url}/store-en.html`);
    const first = widget(page).locator('.grid .tile img').first();
    await first.waitFor({ state: 'attached' });
    const waiting = await first.evaluate((img: HTMLImageElement) => ({
      complete: img.complete && img.naturalWidth > 0,
      opacity: getComputedStyle(img).opacity,
      inline: img.style.backgroundColor,
      painted: getComputedStyle(img).backgroundColor,
    }));
    expect(waiting.complete).toBe(false);
    // Not hidden: the colour the snapshot gives the picture is what the tile shows.
    expect(waiting.opacity).toBe('1');
    expect(waiting.inline).not.toBe('');
    expect(waiting.painted).toBe(waiting.inline);
    release();
    await poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    expect(await first.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
  });

  it('shows shoppers nothing (no room taken, nothing thrown, one console.info) when only the snapshot request fails', async () => {
    const { page, errors } = await open(DESKTOP);
    const infos: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'info') infos.push(m.text());
    });
    let attempts = 0;
    await page.route('**/api/widget/init?**', (route) => {
      attempts++;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable","message":"down"}}',
      });
    });
    await page.goto(`${fixtures.url}/store-en.html`);
    await page.waitForFunction(() => document.querySelector('lamha-feed') === null);
    expect(attempts).toBe(3);
    expect(infos.filter((t) => t.startsWith('[lamha]'))).toHaveLength(1);
    expect(errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
  });
});
