import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError, ZInsights, ZWidgetInit, type TInsights, type TWidgetEvent } from '@app/shared';
import { storageBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { testRepositories } from '../testing/repositories.js';
import { signInForTest } from '../testing/sign-in.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { ManualClock } from '../lib/clock.js';
import { isKnownBot } from './widget-events.handler.js';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
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

describe.each(storageBackends)('widget events and insights on $name', (backend) => {
  let runtime: Runtime;
  let clock: ManualClock;
  let services: Services;
  let repos: Repositories;
  let server: RunningServer;
  let key: string;
  let posts: string[];
  let merchant: Awaited<ReturnType<typeof signInForTest>>;

  /** A beacon as sendBeacon sends a string: text/plain, from a browser, from `address` (TRUST_PROXY=1). */
  const beacon = (body: unknown, options: { ua?: string; address?: string; raw?: string } = {}) =>
    fetch(`${server.url}/api/widget/events`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': options.ua ?? BROWSER,
        'x-forwarded-for': options.address ?? '203.0.113.7',
      },
      body: options.raw ?? JSON.stringify(body),
    });
  const send = (events: TWidgetEvent[], address?: string) =>
    beacon({ key, events }, address ? { address } : {});
  const insights = async (days = 7): Promise<TInsights> => {
    const res = await merchant.call('GET', `/api/merchant/insights?days=${days}`);
    expect(res.status).toBe(200);
    return ZInsights.parse(await res.json());
  };

  beforeAll(async () => {
    // Noon in Riyadh: the Saudi day is the UTC day here.
    clock = new ManualClock(new Date('2026-03-10T09:00:00Z'));
    runtime = await createTestRuntime({
      database: await backend.database.open(),
      cache: await backend.cache.open(),
      clock,
      env: { TRUST_PROXY: '1' },
    });
    services = createServices(runtime, {
      random: () => 0.5,
      eventLimits: { perAddressPerMinute: 30, perKeyPerMinute: 60 },
    });
    repos = testRepositories(runtime);
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    merchant = await signInForTest(runtime, server.url, 'insights@shop.sa');
    const connected = await services.instagramAccount.connect(merchant.userId, 'insights.shop');
    if (!connected.ok) throw connected.error;
    key = connected.value.account.publicWidgetKey;
    await services.refresh.refreshDueAccounts();
    // Products on the first two posts, as the widget snapshot carries them.
    const row = await repos.snapshots.findByMerchant(merchant.userId);
    const init = ZWidgetInit.parse(JSON.parse(row!.body));
    const feed = init.data.content.feed;
    posts = feed.map((p) => p.id);
    const image = feed[0]!.media.image;
    const body = JSON.parse(row!.body) as { data: { content: { feed: Record<string, unknown>[] } } };
    body.data.content.feed[0]!.products = [
      { id: 'prod-abaya', name_ar: 'عباية سوداء', name_en: 'Black abaya', image },
      { id: 'prod-scarf', name_ar: 'وشاح', name_en: 'Scarf', image: null },
    ];
    body.data.content.feed[1]!.products = [
      { id: 'prod-abaya', name_ar: 'عباية سوداء', name_en: 'Black abaya', image },
    ];
    await repos.snapshots.save({
      merchantId: merchant.userId,
      publicWidgetKey: key,
      body: JSON.stringify(body),
      etag: '"with-products"',
      version: row!.version + 1,
      builtAt: clock.now(),
    });
  });
  afterAll(async () => {
    await server?.close();
    await runtime?.close();
  });

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
    });
    expect(empty.top_posts).toEqual([]);
    expect(empty.top_products).toEqual([]);
  });

  it('accepts a text/plain beacon with 202 and open CORS, and counts it into the day', async () => {
    const res = await send([
      { type: 'impression' },
      { type: 'post_open', post_id: posts[0]! },
      { type: 'product_click', product_id: 'prod-abaya', post_id: posts[0]! },
      { type: 'story_open', highlight_id: 'abc' },
      { type: 'follow_click' },
    ]);
    expect(res.status).toBe(202);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('');
    await send([{ type: 'impression' }, { type: 'post_open', post_id: posts[1]! }], '198.51.100.2');
    await send([{ type: 'post_open', post_id: posts[0]! }], '198.51.100.3');

    const seen = await insights(7);
    expect(seen.totals).toEqual({
      impressions: 2,
      post_opens: 3,
      story_opens: 1,
      product_clicks: 1,
      follow_clicks: 1,
    });
    expect(seen.daily.at(-1)).toEqual({ date: '2026-03-10', ...seen.totals });
    expect(seen.daily.slice(0, -1).every((d) => d.impressions === 0)).toBe(true);
    expect(seen.top_posts.map((p) => [p.post_id, p.opens, p.product_clicks])).toEqual([
      [posts[0], 2, 1],
      [posts[1], 1, 0],
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
      const res = await beacon({ key, events: [{ type: 'impression' }, { type: 'follow_click' }] }, { ua });
      expect(res.status).toBe(202);
    }
    expect((await insights(7)).totals).toEqual(before);
  });

  it('refuses malformed beacons with the shared error codes', async () => {
    const codeOf = async (res: Response) => ZApiError.parse(await res.json()).error.code;
    const notJson = await beacon(undefined, { raw: '{"key":' });
    expect(notJson.status).toBe(400);
    expect(await codeOf(notJson)).toBe('invalid_json');
    const badType = await beacon({ key, events: [{ type: 'purchase' }] });
    expect(badType.status).toBe(400);
    expect(await codeOf(badType)).toBe('invalid_input');
    const noProduct = await beacon({ key, events: [{ type: 'product_click' }] });
    expect(await codeOf(noProduct)).toBe('invalid_input');
    const extraField = await beacon({ key, events: [{ type: 'impression', visitor: 'x' }] });
    expect(await codeOf(extraField)).toBe('invalid_input');
    const tooMany = await beacon({
      key,
      events: Array.from({ length: 51 }, () => ({ type: 'follow_click' })),
    });
    expect(await codeOf(tooMany)).toBe('invalid_input');
    const huge = await beacon(undefined, { raw: JSON.stringify({ key, pad: 'x'.repeat(9_000) }) });
    expect(huge.status).toBe(413);
    expect(await codeOf(huge)).toBe('payload_too_large');
    const unknownKey = await beacon({ key: 'no-such-widget', events: [{ type: 'impression' }] });
    expect(unknownKey.status).toBe(404);
    expect(await codeOf(unknownKey)).toBe('widget_not_found');
    const get = await fetch(`${server.url}/api/widget/events`);
    expect(get.status).toBe(405);
    const preflight = await fetch(`${server.url}/api/widget/events`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
  });

  it('limits beacons per address and per widget key each minute, with Retry-After', async () => {
    clock.advance(60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send([{ type: 'follow_click' }], '192.0.2.50')).status);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    const limited = await send([{ type: 'follow_click' }], '192.0.2.50');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ZApiError.parse(await limited.json()).error.code).toBe('events_limited');
    // Another address still gets through, until the key's own limit (60 a minute) is used up.
    const others: number[] = [];
    for (let i = 0; i < 30; i++)
      others.push((await send([{ type: 'follow_click' }], `192.0.2.${i + 100}`)).status);
    expect(others.filter((s) => s === 202)).toHaveLength(28);
    expect(others.slice(28)).toEqual([429, 429]);
    // Only accepted beacons counted.
    const counted = (await insights(7)).totals.follow_clicks;
    clock.advance(60_000);
    expect((await send([{ type: 'follow_click' }], '192.0.2.50')).status).toBe(202);
    expect((await insights(7)).totals.follow_clicks).toBe(counted + 1);
  });

  it('adds up counts flushed by several API processes at once', async () => {
    const before = (await insights(7)).totals.impressions;
    const others = [createServices(runtime), createServices(runtime), createServices(runtime)];
    for (const [i, other] of others.entries()) {
      for (let n = 0; n < 20; n++) {
        const r = await other.insights.accept({ key, events: [{ type: 'impression' }] }, `10.1.${i}.${n}`);
        expect(r.ok).toBe(true);
      }
    }
    await Promise.all(others.map((o) => o.eventCounter.flush()));
    expect((await insights(7)).totals.impressions).toBe(before + 60);
  });

  it('compares with the period before, and keeps the days apart', async () => {
    const week = await insights(7);
    clock.advance(7 * DAY);
    merchant = await signInForTest(runtime, server.url, 'insights@shop.sa');
    const next = await insights(7);
    expect(next.to).toBe('2026-03-17');
    expect(next.totals.impressions).toBe(0);
    expect(next.previous_totals).toEqual(week.totals);
    expect(next.top_posts).toEqual([]);
    const month = await insights(30);
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toEqual(week.totals);
    expect(month.top_posts[0]!.post_id).toBe(posts[0]);
  });

  it('counts the last seconds when the server stops', async () => {
    const other = createServices(runtime);
    const second = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services: other });
    const res = await fetch(`${second.url}/api/widget/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
      body: JSON.stringify({ key, events: [{ type: 'story_open' }] }),
    });
    expect(res.status).toBe(202);
    expect(other.eventCounter.pendingCount).toBeGreaterThan(0);
    await second.close();
    expect(other.eventCounter.pendingCount).toBe(0);
    expect((await insights(7)).totals.story_opens).toBe(1);
  });

  it('asks for a sign-in and one of the three periods', async () => {
    expect((await fetch(`${server.url}/api/merchant/insights`)).status).toBe(401);
    const bad = await merchant.call('GET', '/api/merchant/insights?days=5');
    expect(bad.status).toBe(400);
    expect((await merchant.call('GET', '/api/merchant/insights')).status).toBe(200);
  });

  it('removes counters older than the retention period', async () => {
    clock.advance(400 * DAY);
    merchant = await signInForTest(runtime, server.url, 'insights@shop.sa');
    expect((await insights(7)).totals.impressions).toBe(0);
    expect(await services.insights.applyRetention()).toBeGreaterThan(0);
    expect(await services.insights.applyRetention()).toBe(0);
  });
});
