import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

// Store pages with the public widget, as store visitors get it: fixture pages served from their own origin
// (127.0.0.1 on another port) load <app>/widget.js cross-origin with a merchant's widget key, as real stores do.
// Used by tests/widget.test.ts and the screenshots script.

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface FixtureServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves e2e/fixtures/*.html with {{APP_URL}} and {{WIDGET_KEY}} filled in, and {{LANG}} and {{DIR}} from
 * `?lang=` (Arabic, right to left, unless `?lang=en`). `?api=` points the snippet at another origin (a closed
 * port: the API is down); `?nowidget` drops the snippet (the page on its own).
 */
export async function serveFixtures(appUrl: string, widgetKey: string): Promise<FixtureServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixtures');
    const name = path.basename(url.pathname);
    let html: string;
    try {
      html = readFileSync(path.join(fixturesDir, name), 'utf8');
    } catch {
      res.writeHead(404).end();
      return;
    }
    const english = url.searchParams.get('lang') === 'en';
    html = html
      .replaceAll('{{APP_URL}}', url.searchParams.get('api') ?? appUrl)
      .replaceAll('{{WIDGET_KEY}}', widgetKey)
      .replaceAll('{{LANG}}', english ? 'en' : 'ar')
      .replaceAll('{{DIR}}', english ? 'ltr' : 'rtl');
    if (url.searchParams.has('nowidget'))
      html = html.replace(/<script src="[^"]*widget\.js"[^>]*><\/script>/, '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const widget = (page: Page) => page.locator('lamha-feed');
export const viewer = (page: Page) => page.locator('lamha-viewer');

/** Waits until the feed shows: banner, highlights and grid, with the first row's pictures loaded. */
export async function waitForFeed(page: Page): Promise<void> {
  const host = widget(page);
  await host.locator('.banner').waitFor();
  await host.locator('.hl').first().waitFor();
  await host.locator('.grid .tile').first().waitFor();
  await page.waitForFunction(() => {
    const root = document.querySelector('lamha-feed')?.shadowRoot;
    const imgs = [...(root?.querySelectorAll<HTMLImageElement>('.grid img[loading=eager]') ?? [])];
    return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
  });
}

/**
 * Waits until the widget (feed and viewer) shows what it will go on showing: every picture and video in view
 * has loaded and no finite animation (fade-ins, the viewer opening) is still running. Endless ones (a
 * loading spinner) do not count.
 */
export async function waitForSettledWidget(page: Page): Promise<void> {
  // No named functions inside: tsx (the screenshots script) would wrap them in a helper the page lacks.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('lamha-feed, lamha-viewer')].every((host) => {
      const root = host.shadowRoot;
      if (!root) return false;
      const loading = [...root.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img, video')].filter(
        (media) => {
          const r = media.getBoundingClientRect();
          const inView =
            r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
          if (!inView) return false;
          return media instanceof HTMLImageElement
            ? !(media.complete && media.naturalWidth > 0)
            : media.readyState < HTMLMediaElement.HAVE_CURRENT_DATA;
        },
      );
      const moving = root
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      return loading.length === 0 && !moving;
    }),
  );
}

/**
 * Holds back the widget's snapshot (its init request) so the skeleton shows first: `requested` resolves once
 * the widget has asked for it, `release()` lets the answer through. Call before the page is opened.
 */
export async function holdSnapshot(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release: () => void = () => {};
  let markRequested: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route('**/api/widget/init?**', async (route) => {
    markRequested();
    await held;
    await route.continue();
  });
  return { requested, release };
}
