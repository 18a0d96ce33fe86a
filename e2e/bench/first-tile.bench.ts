/**
 * `npm run bench:first-tile`: how long a shopper waits for the feed's first picture (issue 34).
 *
 * A store page (fixtures/bench-store.html, its own origin) loads the widget from the built app on loopback,
 * in Chromium with the CPU slowed 4× (DevTools protocol `Emulation.setCPUThrottlingRate`), a phone's width and
 * a fresh browser context each time (nothing cached). Counted from when the loader (/widget.js) has arrived
 * (its resource timing's responseEnd) to the paint of the first tile's picture.
 *
 * That paint is read from Chromium's own trace of the load, as DevTools' Performance panel records it: the
 * `PaintImage` event that draws the first tile's picture (its URL) once the picture has loaded (the
 * request's `ResourceFinish`), up to the end of that frame's rendering (`AnimationFrame::Render`): the moment
 * the Paint Timing specification calls an element's paint time (src/paint-trace.ts). Element Timing would
 * report it from inside the page, but Chromium reports neither it nor Largest Contentful Paint for an element
 * inside a shadow root. Decoding, raster and display come after (8-18 ms in six traced loads, about a frame
 * on a phone); the trace's own cost slows the page a little.
 *
 * Beside it, the in-page stamp earlier versions used as the result: a task queued from the first animation
 * frame that finds the picture loaded runs once that frame is done. Traces showed it 10-75 ms after the paint:
 * that frame's task goes on after its paint (the lazy pictures it found on screen are requested then), and
 * the timer waits behind the picture responses queued meanwhile. The page says it is done with a console
 * message: `page.waitForFunction` would compile Playwright's injected script (hundreds of KB) on the page's
 * slowed main thread in the middle of the load being measured, about 100 ms at 4×.
 *
 * 10 loads (BENCH_LOADS); median and p90 beside the 300 ms goal. Exits non-zero when the median misses it.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp } from '../src/harness.js';
import { seedMerchant } from '../src/merchant.js';
import { PHONE, serveFixtures } from '../src/widget-pages.js';
import { reportRow } from '@app/shared';
import { paintOf, type TraceEvent } from '../src/paint-trace.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const CPU_SLOWDOWN = 4;
const GOAL_MS = 300;
/** What the page logs once the first tile is on screen. */
const FIRST_TILE_SHOWN = 'lamha-bench: first tile shown';
/** A user-timing mark the page sets after the load: its trace event ties the trace's clock to the page's. */
const CLOCK_MARK = 'lamha-bench: clock';
/** What the trace needs: tasks, paints and the pictures they draw (DevTools' own), network, user timing. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * Runs in the store page before its own scripts. From each shadow root the widget attaches, every frame
 * (requestAnimationFrame) looks at the first tile's picture; the first frame that finds it loaded and not at
 * opacity 0 is the one that paints it. A frame's callbacks run before its style, layout and paint, so the
 * stamp is taken by a task queued from the callback, which runs once that frame's task is done; then the
 * page logs `shownMessage`.
 */
function recordFirstTile(shownMessage: string) {
  const w = window as unknown as { __shown?: number; __watch?: (root: ShadowRoot) => void };
  // Assigned, not declared: the benchmark's TypeScript runner would wrap a named function in a helper the
  // page does not have.
  w.__watch = (root) => {
    const img = root.querySelector<HTMLImageElement>('.tile img');
    if (img?.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity !== '0') {
      setTimeout(() => {
        w.__shown = performance.now();
        console.log(shownMessage);
      });
    } else requestAnimationFrame(() => w.__watch!(root));
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    requestAnimationFrame(() => w.__watch!(root));
    return root;
  };
}

/**
 * One traced load: milliseconds from the loader's arrival to the first tile's paint (the result) and to the
 * in-page stamp (shown beside).
 */
async function firstTileMs(
  browser: Browser,
  page: Page,
  url: string,
): Promise<{ paint: number; stamp: number }> {
  const shown = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no first tile within 30 s')), 30_000);
    page.on('console', (message) => {
      if (message.text() !== FIRST_TILE_SHOWN) return;
      clearTimeout(timer);
      resolve();
    });
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let trace: Buffer | undefined;
  try {
    await page.goto(url);
    await shown;
    const seen = await page.evaluate((clockMark) => {
      const loader = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === '/widget.js') as
        PerformanceResourceTiming | undefined;
      const img = document.querySelector('lamha-feed')?.shadowRoot?.querySelector('.tile img');
      if (!loader || !(img instanceof HTMLImageElement))
        throw new Error('no /widget.js timing or first tile');
      const stamp = (window as unknown as { __shown: number }).__shown;
      return {
        loaderEnd: loader.responseEnd,
        stamp,
        src: img.currentSrc,
        clock: performance.mark(clockMark).startTime,
      };
    }, CLOCK_MARK);
    trace = await browser.stopTracing();
    const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const clock = events.find((e) => e.name === CLOCK_MARK && e.cat.includes('user_timing'));
    const painted = paintOf(events, seen.src);
    if (!clock || painted === undefined)
      throw new Error(`the trace has no ${clock ? 'paint of the first tile' : 'clock mark'}`);
    // Trace microseconds to the page's milliseconds: the mark is at `seen.clock` on the page's clock.
    const paint = (painted - clock.ts) / 1000 + seen.clock;
    return { paint: paint - seen.loaderEnd, stamp: seen.stamp - seen.loaderEnd };
  } finally {
    if (!trace) await browser.stopTracing().catch(() => undefined);
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const app = await startApp({ LOG_LEVEL: 'warn' });
const browser = await launchBrowser();
try {
  const { widgetKey } = await seedMerchant(app, { email: 'bench-first-tile@shop.sa' });
  const fixtures = await serveFixtures(app.url, widgetKey);
  try {
    const url = `${fixtures.url}/bench-store.html`;
    const paints: number[] = [];
    const stamps: number[] = [];
    // One load first, not counted: the app's in-memory answers and the media are warm, as for a store's
    // second visitor; each counted load still starts from an empty browser cache.
    for (let load = -1; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
      try {
        const page = await context.newPage();
        await page.addInitScript(recordFirstTile, FIRST_TILE_SHOWN);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const { paint, stamp } = await firstTileMs(browser, page, url);
        if (load >= 0) {
          paints.push(paint);
          stamps.push(stamp);
        }
      } finally {
        await context.close();
      }
    }
    const sorted = [...paints].sort((a, b) => a - b);
    const middle = quantile(sorted, 0.5);
    const p90 = quantile(sorted, 0.9);
    console.log(
      `\nFirst tile painted after the loader starts (${LOADS} loads, ${CPU_SLOWDOWN}× CPU slowdown, phone, loopback, empty cache)\n`,
    );
    console.log(`  paint (ms)           ${paints.map((t) => t.toFixed(0).padStart(4)).join(' ')}`);
    console.log(`  in-page stamp (ms)   ${stamps.map((t) => t.toFixed(0).padStart(4)).join(' ')}`);
    console.log(
      `  median ${middle.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms (goal: median ≤ ${GOAL_MS} ms); in-page stamp: median ${median(stamps).toFixed(0)} ms\n`,
    );
    reportRow({
      measure: `first tile painted after the loader starts (4× CPU, ${LOADS} loads)`,
      result: `median ${middle.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms (in-page stamp ${median(stamps).toFixed(0)})`,
      goal: `median ≤ ${GOAL_MS} ms`,
      baseline: '',
      met: middle <= GOAL_MS,
    });
    if (middle > GOAL_MS) {
      console.error(`FAILED: median ${middle.toFixed(0)} ms is over ${GOAL_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await fixtures.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
