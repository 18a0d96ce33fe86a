/**
 * `npm run bench:first-tile`: how long a shopper waits for the feed's first picture (issue 34).
 *
 * A store page (fixtures/bench-store.html, its own origin) loads the widget from the built app on loopback,
 * in Chromium with the CPU slowed 4× (DevTools protocol `Emulation.setCPUThrottlingRate`), a phone's width and
 * a fresh browser context each time (nothing cached). The page records, from inside the widget's shadow root,
 * when the first frame that finds the first tile's picture loaded and not transparent has been painted
 * (recordFirstTile), counted from when the loader (/widget.js) has arrived (its resource timing's
 * responseEnd). Element Timing and Largest Contentful Paint would time the paint itself, but Chromium reports
 * neither for an element inside a shadow root.
 *
 * The page tells the benchmark it is done with a console message: waiting with `page.waitForFunction` would
 * have Playwright compile its injected script (hundreds of KB) on the page's slowed main thread in the middle
 * of the load being measured, about 100 ms at 4×.
 *
 * 10 loads (BENCH_LOADS); median and p90 beside the 300 ms goal. Exits non-zero when the median misses it.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, startApp } from '../src/harness.js';
import { seedMerchant } from '../src/merchant.js';
import { PHONE, serveFixtures } from '../src/widget-pages.js';
import { reportRow } from '@app/shared';

const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const CPU_SLOWDOWN = 4;
const GOAL_MS = 300;
/** What the page logs once the first tile is on screen. */
const FIRST_TILE_SHOWN = 'lamha-bench: first tile shown';

/**
 * Runs in the store page before its own scripts. From each shadow root the widget attaches, every frame
 * (requestAnimationFrame) looks at the first tile's picture; the first frame that finds it loaded and not at
 * opacity 0 is the one that paints it. A frame's callbacks run before its style, layout and paint (70 ms and
 * more at 4× in traces of this page), so the stamp is taken by a task queued from the callback, which runs
 * once that frame's rendering is done. The frame after the picture's load event is stamped too: Chromium
 * dispatches that event late on a busy page (100-200 ms after the picture could be painted in traces), so it
 * is shown beside, not taken as the result. `shownMessage` is logged once both are in.
 */
function recordFirstTile(shownMessage: string) {
  const w = window as unknown as {
    __shown?: number;
    __loaded?: number;
    __watch?: (root: ShadowRoot) => void;
    __done?: () => void;
  };
  w.__done = () => {
    if (w.__shown && w.__loaded) console.log(shownMessage);
  };
  // Assigned, not declared: the benchmark's TypeScript runner would wrap a named function in a helper the
  // page does not have.
  w.__watch = (root) => {
    const img = root.querySelector<HTMLImageElement>('.tile img');
    if (img?.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity !== '0') {
      setTimeout(() => {
        w.__shown = performance.now();
        w.__done!();
      });
    } else requestAnimationFrame(() => w.__watch!(root));
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    requestAnimationFrame(() => w.__watch!(root));
    root.addEventListener(
      'load',
      (event) => {
        const target = event.target as Element | null;
        if (w.__loaded === undefined && target?.matches?.('.tile img')) {
          w.__loaded = 0;
          requestAnimationFrame(() => {
            w.__loaded = performance.now();
            w.__done!();
          });
        }
      },
      true,
    );
    return root;
  };
}

/** Milliseconds from the loader's arrival to the frame that paints the first tile, and to its load's frame. */
async function firstTileMs(page: Page, url: string): Promise<{ shown: number; loaded: number }> {
  const shown = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no first tile within 30 s')), 30_000);
    page.on('console', (message) => {
      if (message.text() !== FIRST_TILE_SHOWN) return;
      clearTimeout(timer);
      resolve();
    });
  });
  await page.goto(url);
  await shown;
  return page.evaluate(() => {
    const loader = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === '/widget.js') as
      PerformanceResourceTiming | undefined;
    if (!loader) throw new Error('no resource timing for /widget.js');
    const w = window as unknown as { __shown: number; __loaded: number };
    return { shown: w.__shown - loader.responseEnd, loaded: w.__loaded - loader.responseEnd };
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

const app = await startApp({ LOG_LEVEL: 'warn' });
const browser = await launchBrowser();
try {
  const { widgetKey } = await seedMerchant(app, { email: 'bench-first-tile@shop.sa' });
  const fixtures = await serveFixtures(app.url, widgetKey);
  try {
    const url = `${fixtures.url}/bench-store.html`;
    const times: number[] = [];
    const loadFrames: number[] = [];
    // One load first, not counted: the app's in-memory answers and the media are warm, as for a store's
    // second visitor; each counted load still starts from an empty browser cache.
    for (let load = -1; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
      try {
        const page = await context.newPage();
        await page.addInitScript(recordFirstTile, FIRST_TILE_SHOWN);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const { shown, loaded } = await firstTileMs(page, url);
        if (load >= 0) {
          times.push(shown);
          loadFrames.push(loaded);
        }
      } finally {
        await context.close();
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    const p90 = quantile(sorted, 0.9);
    const afterLoad = quantile(
      [...loadFrames].sort((a, b) => a - b),
      0.5,
    );
    console.log(
      `\nFirst tile on screen after the loader starts (${LOADS} loads, ${CPU_SLOWDOWN}× CPU slowdown, phone, loopback, empty cache)\n`,
    );
    console.log(`  loads (ms)  ${times.map((t) => t.toFixed(0)).join(' ')}`);
    console.log(
      `  median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms (goal: median ≤ ${GOAL_MS} ms); the frame after the picture's load event: median ${afterLoad.toFixed(0)} ms\n`,
    );
    reportRow({
      measure: `first tile on screen after the loader starts (4× CPU, ${LOADS} loads)`,
      result: `median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms (load event ${afterLoad.toFixed(0)})`,
      goal: `median ≤ ${GOAL_MS} ms`,
      baseline: '',
      met: median <= GOAL_MS,
    });
    if (median > GOAL_MS) {
      console.error(`FAILED: median ${median.toFixed(0)} ms is over ${GOAL_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await fixtures.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
