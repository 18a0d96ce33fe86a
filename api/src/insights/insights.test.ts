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
import { addressSubject } from '../lib/rate-limit.js';
import { silentLogger } from '../testing/backends.js';
import { EventCounter } from './event-counter.js';
import { DAILY_ALLOWANCE } from './event-rules.js';
import { InsightsService } from './insights.service.js';
import { DIRECT_LOOKUPS_PER_SECOND } from './widget-views.js';
import { cacheKeys } from '../cache/cache.port.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';

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
  let highlights: string[];
  /** The snapshot as the widget gets it, with products on the first two posts. */
  let snapshot: { data: { config: Record<string, unknown>; content: Record<string, unknown> } };
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
    highlights = init.data.content.highlights.map((h) => h.id);
    expect(highlights.length).toBeGreaterThan(0);
    const image = feed[0]!.media.image;
    const body = JSON.parse(row!.body) as { data: { content: { feed: Record<string, unknown>[] } } };
    body.data.content.feed[0]!.products = [
      { id: 'prod-abaya', name_ar: 'عباية سوداء', name_en: 'Black abaya', image },
      { id: 'prod-scarf', name_ar: 'وشاح', name_en: 'Scarf', image: null },
    ];
    body.data.content.feed[1]!.products = [
      { id: 'prod-abaya', name_ar: 'عباية سوداء', name_en: 'Black abaya', image },
    ];
    snapshot = body as unknown as typeof snapshot;
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
      add_to_carts: 0,
    });
    expect(empty.top_posts).toEqual([]);
    expect(empty.top_products).toEqual([]);
  });

  it('accepts a text/plain beacon with 202 and open CORS, and counts it into the day', async () => {
    const res = await send([
      { type: 'impression' },
      { type: 'post_open', post_id: posts[0]! },
      { type: 'product_click', product_id: 'prod-abaya', post_id: posts[0]! },
      { type: 'add_to_cart', product_id: 'prod-abaya', post_id: posts[0]! },
      { type: 'story_open', highlight_id: highlights[0]! },
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
      add_to_carts: 1,
    });
    expect(seen.daily.at(-1)).toEqual({ date: '2026-03-10', ...seen.totals });
    expect(seen.daily.slice(0, -1).every((d) => d.impressions === 0)).toBe(true);
    expect(seen.top_posts.map((p) => [p.post_id, p.opens, p.product_clicks, p.add_to_carts])).toEqual([
      [posts[0], 2, 1, 1],
      [posts[1], 1, 0, 0],
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
    for (let i = 0; i < 31; i++) statuses.push((await send([{ type: 'impression' }], '192.0.2.50')).status);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    const limited = await send([{ type: 'impression' }], '192.0.2.50');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ZApiError.parse(await limited.json()).error.code).toBe('events_limited');
    // Another address still gets through, until the key's own limit (60 a minute) is used up: the two
    // beacons refused above did not spend any of it.
    const others: number[] = [];
    for (let i = 0; i < 31; i++)
      others.push((await send([{ type: 'impression' }], `192.0.2.${i + 100}`)).status);
    expect(others.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(others[30]).toBe(429);
    // Only accepted beacons counted.
    const counted = (await insights(7)).totals.impressions;
    clock.advance(60_000);
    expect((await send([{ type: 'impression' }], '192.0.2.50')).status).toBe(202);
    expect((await insights(7)).totals.impressions).toBe(counted + 1);
  });

  it("a flood from one address never spends the store's budget: other visitors keep being counted", async () => {
    clock.advance(60_000);
    const flood = await Promise.all(
      Array.from({ length: 300 }, () => send([{ type: 'impression' }], '198.51.100.66')),
    );
    expect(flood.filter((r) => r.status === 202)).toHaveLength(30);
    expect(flood.filter((r) => r.status === 429)).toHaveLength(270);
    // Thirty visitors elsewhere, each a page view: every one counted (the key's 60 a minute are not used up).
    const before = (await insights(7)).totals;
    for (let i = 0; i < 30; i++) {
      const res = await send(
        [{ type: 'impression' }, { type: 'post_open', post_id: posts[2]! }],
        `10.9.0.${i}`,
      );
      expect(res.status).toBe(202);
    }
    const after = (await insights(7)).totals;
    expect(after.impressions - before.impressions).toBe(30);
    expect(after.post_opens - before.post_opens).toBe(30);
  });

  it('an IPv6 visitor is one address across its /64, and IPv4-mapped addresses are their IPv4', () => {
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe(addressSubject('2001:db8:1:2:ffff:1:2:3'));
    expect(addressSubject('2001:db8:1:2::1')).not.toBe(addressSubject('2001:db8:1:3::1'));
    expect(addressSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressSubject('203.0.113.9')).toBe('203.0.113.9');
  });

  it('beacons naming keys that do not exist store nothing: the sign-in limits next to them hold', async () => {
    clock.advance(60_000);
    const owner = { ip: '198.51.100.80', userAgent: undefined };
    const mailbox = runtime.mailer as DevMailbox;
    const mails = async () => (await mailbox.list()).filter((m) => m.to === 'owner@shop.sa').length;
    const first = await mails();
    expect((await services.auth.requestMagicLink({ email: 'owner@shop.sa' }, owner)).ok).toBe(true);
    expect(await mails()).toBe(first + 1);
    // 12,000 made-up keys from as many addresses (on the in-process cache of 1 MiB this pushed the
    // sign-in counters out when each stored a counter).
    for (let i = 0; i < 12_000; i++) {
      const r = await services.insights.accept(
        { key: `wk_made_up_${i}_${'x'.repeat(40)}`, events: [{ type: 'impression' }] },
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      );
      expect(!r.ok && r.error.code).toBe('widget_not_found');
    }
    // The same minute: the address has had its one e-mail.
    expect((await services.auth.requestMagicLink({ email: 'owner@shop.sa' }, owner)).ok).toBe(true);
    expect(await mails()).toBe(first + 1);
  });

  it('counts one impression, a few opens per post and one follow per beacon, only of what the widget shows', async () => {
    clock.advance(60_000);
    const before = (await insights(7)).totals;
    const res = await send(
      [
        { type: 'impression' },
        ...Array.from({ length: 8 }, () => ({ type: 'post_open' as const, post_id: posts[3]! })),
        ...Array.from({ length: 5 }, () => ({ type: 'follow_click' as const })),
        ...Array.from({ length: 6 }, () => ({ type: 'product_click' as const, product_id: 'prod-scarf' })),
        ...Array.from({ length: 5 }, () => ({ type: 'add_to_cart' as const, product_id: 'prod-scarf' })),
        { type: 'story_open', highlight_id: highlights[0]! },
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
      const body = structuredClone(snapshot);
      change(body.data.config.customizationOptions as Record<string, unknown>, body.data.config);
      const version = (await repos.snapshots.currentVersion(merchant.userId)) + 1;
      await repos.snapshots.save({
        merchantId: merchant.userId,
        publicWidgetKey: key,
        body: JSON.stringify(body),
        etag: `"v${version}"`,
        version,
        builtAt: clock.now(),
      });
      // A process that reads the widget afresh.
      return createServices(runtime);
    };
    const beaconOf = (events: TWidgetEvent[]) => ({ key, events });
    const all: TWidgetEvent[] = [
      { type: 'impression' },
      { type: 'follow_click' },
      { type: 'story_open' },
      { type: 'post_open', post_id: posts[0]! },
    ];
    const noFollow = await withSettings((o) => {
      o.accountInfo = { ...(o.accountInfo as object), showFollowButton: false };
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
      config.widgetEnabled = false;
    });
    expect(await counted(off, '10.20.0.3')).toBe(0);
    const back = await withSettings(() => undefined);
    expect(await counted(back, '10.20.0.4')).toBe(4);
    await Promise.all([noFollow, noFeed, off, back].map((o) => o.eventCounter.flush()));
  });

  it.runIf(backend.cache.name === 'redis')(
    'limits hold across processes: each adds its counts to the shared ones every second',
    async () => {
      clock.advance(60_000);
      const limits = { eventLimits: { perAddressPerMinute: 30, perKeyPerMinute: 60 } };
      const [a, b] = [createServices(runtime, limits), createServices(runtime, limits)];
      const one = { key, events: [{ type: 'impression' as const }] };
      for (let i = 0; i < 30; i++) expect((await a.insights.accept(one, '198.51.100.120')).ok).toBe(true);
      expect((await a.insights.accept(one, '198.51.100.120')).ok).toBe(false);
      await a.insights.syncLimits();
      // The other process has not heard of the address yet: it lets an eighth of the limit through (4 of
      // 30), then adds its count to the shared one and reads the total back.
      for (let i = 0; i < 4; i++) expect((await b.insights.accept(one, '198.51.100.120')).ok).toBe(true);
      await b.insights.syncLimits();
      const refused = await b.insights.accept(one, '198.51.100.120');
      expect(!refused.ok && refused.error.code).toBe('events_limited');
      // The store's budget is shared too: 30 + 4 beacons and another visitor's one, from both processes.
      expect((await b.insights.accept(one, '198.51.100.121')).ok).toBe(true);
      await b.insights.syncLimits();
      const minute = Math.floor(clock.now().getTime() / 60_000);
      expect(await runtime.cache.get(cacheKeys.rateLimit('widget-events-key', `${key}:${minute}`))).toBe(35);
      await Promise.all([a, b].map((s) => s.eventCounter.flush()));
    },
  );

  it('a beacon costs no database or cache round trip once this process knows the widget', async () => {
    clock.advance(60_000);
    const calls = { snapshots: 0, cache: 0 };
    const counting = <T extends object>(target: T, name: keyof typeof calls): T =>
      new Proxy(target, {
        get(t, property) {
          const value: unknown = Reflect.get(t, property, t);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            calls[name]++;
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        },
      });
    const counter = new EventCounter(repos.insights, silentLogger);
    const own = new InsightsService({
      repo: repos.insights,
      snapshots: counting(repos.snapshots, 'snapshots'),
      counter,
      cache: counting(runtime.cache, 'cache'),
      clock,
      logger: silentLogger,
      addressSecret: new Uint8Array(32),
      limits: { perAddressPerMinute: 1_000, perKeyPerMinute: 100_000 },
    });
    const beaconFrom = (i: number) =>
      own.accept(
        { key, events: [{ type: 'impression' }, { type: 'post_open', post_id: posts[0]! }] },
        `10.40.${i >> 8}.${i & 255}`,
      );
    expect((await beaconFrom(0)).ok).toBe(true);
    const afterFirst = { ...calls };
    expect(afterFirst.snapshots).toBeGreaterThan(0);
    for (let i = 1; i <= 1_000; i++) {
      const r = beaconFrom(i);
      // Answered at once, not a promise.
      expect(r instanceof Promise).toBe(false);
      expect(!(r instanceof Promise) && r.ok).toBe(true);
    }
    // Keys that do not exist: a few looked up one by one each second, the rest answered from memory.
    const lookups: Promise<unknown>[] = [];
    for (let i = 0; i < 1_000; i++) {
      const r = own.accept({ key: `wk_unknown_${i}`, events: [{ type: 'impression' }] }, '10.41.0.1');
      if (r instanceof Promise) lookups.push(r);
      else expect(!r.ok && r.error.code).toBe('widget_not_found');
    }
    expect(lookups.length).toBe(DIRECT_LOOKUPS_PER_SECOND);
    for (const r of await Promise.all(lookups)) expect(r).toMatchObject({ ok: false });
    expect(calls).toEqual({ ...afterFirst, snapshots: afterFirst.snapshots + DIRECT_LOOKUPS_PER_SECOND });
    // The counts reach the database with the next flush.
    const before = (await insights(7)).totals.impressions;
    await counter.flush();
    expect((await insights(7)).totals.impressions).toBe(before + 1_001);
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
        [0, 1, 2].map((n) => ({ type: 'post_open' as const, post_id: posts[n]! })),
        `10.32.0.${i}`,
      );
    }
    expect((await today()).post_opens).toBe(10 * 5 + DAILY_ALLOWANCE);
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
