import { describe, expect, it } from 'vitest';
import type { TWidgetEvent } from '@app/shared';
import { storageBackends } from '../testing/backends.js';
import { BROWSER, useInsightsWorld } from '../testing/insights-world.js';
import { signInForTest } from '../testing/sign-in.js';
import { createServices, type Services } from '../services.js';
import { startHttpServer } from '../server.js';
import { isKnownBot } from './widget-events.handler.js';
import { DAILY_ALLOWANCE } from './event-rules.js';

const DAY = 86_400_000;

describe('known bots', () => {
  it('tells crawlers, previews, headless browsers and HTTP libraries from store visitors', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.31.0',
      '',
      undefined,
    ]) {
      expect(isKnownBot(ua), String(ua)).toBe(true);
    }
    for (const ua of [
      BROWSER,
      'Mozilla/5.0 (Linux; Android 9; CUBOT P30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ]) {
      expect(isKnownBot(ua), ua).toBe(false);
    }
  });
});

// Refusals, limits and what a beacon costs are in insights.beacons.test.ts.
describe.each(storageBackends)('widget events and insights on $name', (backend) => {
  const world = useInsightsWorld(backend);
  const { clock, beacon, send, insights } = world;

  it('shows nothing yet: every day of the period at zero', async () => {
    const empty = await insights(7);
    expect(empty.days).toBe(7);
    expect(empty.to).toBe('2026-03-10');
    expect(empty.from).toBe('2026-03-04');
    expect(empty.daily.map((d) => d.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(empty.totals).toEqual({
      impressions: 0,
      post_opens: 0,
      story_opens: 0,
      product_clicks: 0,
      follow_clicks: 0,
      add_to_carts: 0,
    });
    expect(empty.top_posts).toEqual([]);
    expect(empty.top_products).toEqual([]);
  });

  it('accepts a text/plain beacon with 202 and open CORS, and counts it into the day', async () => {
    const res = await send([
      { type: 'impression' },
      { type: 'post_open', post_id: world.posts[0]! },
      { type: 'product_click', product_id: 'prod-abaya', post_id: world.posts[0]! },
      { type: 'add_to_cart', product_id: 'prod-abaya', post_id: world.posts[0]! },
      { type: 'story_open', highlight_id: world.highlights[0]! },
      { type: 'follow_click' },
    ]);
    expect(res.status).toBe(202);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('');
    await send([{ type: 'impression' }, { type: 'post_open', post_id: world.posts[1]! }], '198.51.100.2');
    await send([{ type: 'post_open', post_id: world.posts[0]! }], '198.51.100.3');

    const seen = await insights(7);
    expect(seen.totals).toEqual({
      impressions: 2,
      post_opens: 3,
      story_opens: 1,
      product_clicks: 1,
      follow_clicks: 1,
      add_to_carts: 1,
    });
    expect(seen.daily.at(-1)).toEqual({ date: '2026-03-10', ...seen.totals });
    expect(seen.daily.slice(0, -1).every((d) => d.impressions === 0)).toBe(true);
    expect(seen.top_posts.map((p) => [p.post_id, p.opens, p.product_clicks, p.add_to_carts])).toEqual([
      [world.posts[0], 2, 1, 1],
      [world.posts[1], 1, 0, 0],
    ]);
    expect(seen.top_posts[0]!.image?.renditions.length).toBeGreaterThan(0);
    expect(seen.top_posts[0]!.permalink).toMatch(/^https:\/\/www\.instagram\.com\//);
    // The abaya is on both opened posts: 1 click in 3 views.
    expect(seen.top_products).toEqual([
      {
        product_id: 'prod-abaya',
        name_ar: 'عباية سوداء',
        name_en: 'Black abaya',
        image: expect.objectContaining({ kind: 'image' }) as unknown,
        clicks: 1,
        add_to_carts: 1,
        views: 3,
        click_through_rate: 33.3,
      },
    ]);
  });

  it('counts one impression per beacon and drops posts and products the widget does not show', async () => {
    const before = (await insights(7)).totals;
    const res = await send(
      [
        { type: 'impression' },
        { type: 'impression' },
        { type: 'post_open', post_id: 'not-a-post-of-this-widget' },
        { type: 'product_click', product_id: 'prod-elsewhere' },
        { type: 'add_to_cart', product_id: 'prod-elsewhere' },
      ],
      '198.51.100.4',
    );
    expect(res.status).toBe(202);
    const after = (await insights(7)).totals;
    expect(after).toEqual({ ...before, impressions: before.impressions + 1 });
  });

  it('answers known bots like anyone else but counts nothing from them', async () => {
    const before = (await insights(7)).totals;
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'HeadlessChrome/131.0 Mozilla/5.0', '']) {
      const res = await beacon(
        { key: world.key, events: [{ type: 'impression' }, { type: 'follow_click' }] },
        { ua },
      );
      expect(res.status).toBe(202);
    }
    expect((await insights(7)).totals).toEqual(before);
  });

  it('counts one impression, a few opens per post and one follow per beacon, only of what the widget shows', async () => {
    clock.advance(60_000);
    const before = (await insights(7)).totals;
    const res = await send(
      [
        { type: 'impression' },
        ...Array.from({ length: 8 }, () => ({ type: 'post_open' as const, post_id: world.posts[3]! })),
        ...Array.from({ length: 5 }, () => ({ type: 'follow_click' as const })),
        ...Array.from({ length: 6 }, () => ({ type: 'product_click' as const, product_id: 'prod-scarf' })),
        ...Array.from({ length: 5 }, () => ({ type: 'add_to_cart' as const, product_id: 'prod-scarf' })),
        { type: 'story_open', highlight_id: world.highlights[0]! },
        { type: 'story_open', highlight_id: 'not-a-highlight-of-this-widget' },
      ],
      '198.51.100.90',
    );
    expect(res.status).toBe(202);
    const after = (await insights(7)).totals;
    expect(after.impressions - before.impressions).toBe(1);
    expect(after.post_opens - before.post_opens).toBe(3);
    expect(after.follow_clicks - before.follow_clicks).toBe(1);
    expect(after.product_clicks - before.product_clicks).toBe(3);
    expect(after.add_to_carts - before.add_to_carts).toBe(3);
    expect(after.story_opens - before.story_opens).toBe(1);
  });

  it('checks events against the current snapshot: no follow button, no highlights, a switched-off widget', async () => {
    const withSettings = async (
      change: (options: Record<string, unknown>, config: Record<string, unknown>) => void,
    ) => {
      const body = structuredClone(world.snapshot);
      change(body.data.config.customization_options as Record<string, unknown>, body.data.config);
      const version = (await world.repos.snapshots.currentVersion(world.merchant.userId)) + 1;
      await world.repos.snapshots.save({
        merchantId: world.merchant.userId,
        publicWidgetKey: world.key,
        body: JSON.stringify(body),
        etag: `"v${version}"`,
        version,
        builtAt: clock.now(),
      });
      // A process that reads the widget afresh.
      return createServices(world.runtime);
    };
    const beaconOf = (events: TWidgetEvent[]) => ({ key: world.key, events });
    const all: TWidgetEvent[] = [
      { type: 'impression' },
      { type: 'follow_click' },
      { type: 'story_open' },
      { type: 'post_open', post_id: world.posts[0]! },
    ];
    const noFollow = await withSettings((o) => {
      o.account_info = { ...(o.account_info as object), show_follow_button: false };
      o.highlights = { ...(o.highlights as object), enabled: false };
    });
    const counted = async (other: Services, address: string) => {
      const r = await other.insights.accept(beaconOf(all), address);
      return r.ok ? r.value.counted : -1;
    };
    // The impression and the post open: no follow button, no highlights shown.
    expect(await counted(noFollow, '10.20.0.1')).toBe(2);
    const noFeed = await withSettings((o) => {
      o.feed = { ...(o.feed as object), enabled: false };
    });
    expect(await counted(noFeed, '10.20.0.2')).toBe(3);
    const off = await withSettings((_o, config) => {
      config.widget_enabled = false;
    });
    expect(await counted(off, '10.20.0.3')).toBe(0);
    const back = await withSettings(() => undefined);
    expect(await counted(back, '10.20.0.4')).toBe(4);
    await Promise.all([noFollow, noFeed, off, back].map((o) => o.eventCounter.flush()));
  });

  it('adds up counts flushed by several API processes at once', async () => {
    const before = (await insights(7)).totals.impressions;
    const others = [
      createServices(world.runtime),
      createServices(world.runtime),
      createServices(world.runtime),
    ];
    for (const [i, other] of others.entries()) {
      for (let n = 0; n < 20; n++) {
        const r = await other.insights.accept(
          { key: world.key, events: [{ type: 'impression' }] },
          `10.1.${i}.${n}`,
        );
        expect(r.ok).toBe(true);
      }
    }
    await Promise.all(others.map((o) => o.eventCounter.flush()));
    expect((await insights(7)).totals.impressions).toBe(before + 60);
  });

  it('compares with the period before, and keeps the days apart', async () => {
    const week = await insights(7);
    clock.advance(7 * DAY);
    world.merchant = await signInForTest(world.runtime, world.server.url, 'insights@shop.sa');
    const next = await insights(7);
    expect(next.to).toBe('2026-03-17');
    expect(next.totals.impressions).toBe(0);
    expect(next.previous_totals).toEqual(week.totals);
    expect(next.top_posts).toEqual([]);
    const month = await insights(30);
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toEqual(week.totals);
    expect(month.top_posts[0]!.post_id).toBe(world.posts[0]);
  });

  it("keeps each day's counters within a multiple of its impressions", async () => {
    // A new day (the test before moved to it) with nothing counted yet.
    const today = async () => (await insights(7)).daily.at(-1)!;
    expect((await today()).impressions).toBe(0);
    // A hand-made stream of follow clicks with no page views: the day's allowance, then nothing.
    for (let i = 0; i < 40; i++) await send([{ type: 'follow_click' }], `10.30.0.${i}`);
    expect((await today()).follow_clicks).toBe(DAILY_ALLOWANCE);
    // Each page view makes room for one more (follow clicks may be one per impression).
    clock.advance(60_000);
    for (let i = 0; i < 5; i++)
      await send([{ type: 'impression' }, { type: 'follow_click' }], `10.31.0.${i}`);
    const counts = await today();
    expect(counts.impressions).toBe(5);
    expect(counts.follow_clicks).toBe(DAILY_ALLOWANCE + 5);
    // Opens may be up to ten per impression.
    clock.advance(60_000);
    for (let i = 0; i < 40; i++) {
      await send(
        [0, 1, 2].map((n) => ({ type: 'post_open' as const, post_id: world.posts[n]! })),
        `10.32.0.${i}`,
      );
    }
    expect((await today()).post_opens).toBe(10 * 5 + DAILY_ALLOWANCE);
  });

  it('counts the last seconds when the server stops', async () => {
    const other = createServices(world.runtime);
    const second = await startHttpServer(world.runtime, { port: 0, host: '127.0.0.1', services: other });
    const res = await fetch(`${second.url}/api/widget/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
      body: JSON.stringify({ key: world.key, events: [{ type: 'story_open' }] }),
    });
    expect(res.status).toBe(202);
    expect(other.eventCounter.pendingCount).toBeGreaterThan(0);
    await second.close();
    expect(other.eventCounter.pendingCount).toBe(0);
    expect((await insights(7)).totals.story_opens).toBe(1);
  });

  it('asks for a sign-in and one of the three periods', async () => {
    expect((await fetch(`${world.server.url}/api/merchant/insights`)).status).toBe(401);
    const bad = await world.merchant.call('GET', '/api/merchant/insights?days=5');
    expect(bad.status).toBe(400);
    expect((await world.merchant.call('GET', '/api/merchant/insights')).status).toBe(200);
  });

  it('removes counters older than the retention period', async () => {
    clock.advance(400 * DAY);
    world.merchant = await signInForTest(world.runtime, world.server.url, 'insights@shop.sa');
    expect((await insights(7)).totals.impressions).toBe(0);
    expect(await world.services.insights.applyRetention()).toBeGreaterThan(0);
    expect(await world.services.insights.applyRetention()).toBe(0);
  });
});
