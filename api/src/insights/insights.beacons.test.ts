import { describe, expect, it, vi } from 'vitest';
import { ZApiError } from '@app/shared';
import { storageBackends, silentLogger } from '../testing/backends.js';
import { useInsightsWorld } from '../testing/insights-world.js';
import { addressSubject } from '../lib/rate-limit.js';
import { EventCounter } from './event-counter.js';
import { InsightsService } from './insights.service.js';
import { DIRECT_LOOKUPS_PER_SECOND } from './widget-views.js';
import { cacheKeys } from '../cache/cache.port.js';
import { createServices } from '../services.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import { ManualClock } from '../lib/clock.js';

describe.each(storageBackends)('widget beacons on $name: refusals, limits and cost', (backend) => {
  const world = useInsightsWorld(backend);
  const { clock, beacon, send, insights } = world;

  it('refuses malformed beacons with the shared error codes', async () => {
    const codeOf = async (res: Response) => ZApiError.parse(await res.json()).error.code;
    const notJson = await beacon(undefined, { raw: '{"key":' });
    expect(notJson.status).toBe(400);
    expect(await codeOf(notJson)).toBe('invalid_json');
    const badType = await beacon({ key: world.key, events: [{ type: 'purchase' }] });
    expect(badType.status).toBe(400);
    expect(await codeOf(badType)).toBe('invalid_input');
    const noProduct = await beacon({ key: world.key, events: [{ type: 'product_click' }] });
    expect(await codeOf(noProduct)).toBe('invalid_input');
    const extraField = await beacon({ key: world.key, events: [{ type: 'impression', visitor: 'x' }] });
    expect(await codeOf(extraField)).toBe('invalid_input');
    const tooMany = await beacon({
      key: world.key,
      events: Array.from({ length: 51 }, () => ({ type: 'follow_click' })),
    });
    expect(await codeOf(tooMany)).toBe('invalid_input');
    const huge = await beacon(undefined, { raw: JSON.stringify({ key: world.key, pad: 'x'.repeat(9_000) }) });
    expect(huge.status).toBe(413);
    expect(await codeOf(huge)).toBe('payload_too_large');
    const unknownKey = await beacon({ key: 'no-such-widget', events: [{ type: 'impression' }] });
    expect(unknownKey.status).toBe(404);
    expect(await codeOf(unknownKey)).toBe('widget_not_found');
    const get = await fetch(`${world.server.url}/api/widget/events`);
    expect(get.status).toBe(405);
    const preflight = await fetch(`${world.server.url}/api/widget/events`, { method: 'OPTIONS' });
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
        [{ type: 'impression' }, { type: 'post_open', post_id: world.posts[2]! }],
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
    const mailbox = world.runtime.mailer as DevMailbox;
    const mails = async () => (await mailbox.list()).filter((m) => m.to === 'owner@shop.sa').length;
    const first = await mails();
    expect((await world.services.auth.requestMagicLink({ email: 'owner@shop.sa' }, owner)).ok).toBe(true);
    expect(await mails()).toBe(first + 1);
    // 12,000 made-up keys from as many addresses (on the in-process cache of 1 MiB this pushed the
    // sign-in counters out when each stored a counter).
    for (let i = 0; i < 12_000; i++) {
      const r = await world.services.insights.accept(
        { key: `wk_made_up_${i}_${'x'.repeat(40)}`, events: [{ type: 'impression' }] },
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      );
      expect(!r.ok && r.error.code).toBe('widget_not_found');
    }
    // The same minute: the address has had its one e-mail.
    expect((await world.services.auth.requestMagicLink({ email: 'owner@shop.sa' }, owner)).ok).toBe(true);
    expect(await mails()).toBe(first + 1);
  });

  it.runIf(backend.cache.name === 'redis')(
    'limits hold across processes: each adds its counts to the shared ones every second',
    async () => {
      clock.advance(60_000);
      const limits = { eventLimits: { perAddressPerMinute: 30, perKeyPerMinute: 60 } };
      const [a, b] = [createServices(world.runtime, limits), createServices(world.runtime, limits)];
      const one = { key: world.key, events: [{ type: 'impression' as const }] };
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
      expect(
        await world.runtime.cache.get(cacheKeys.rateLimit('widget-events-key', `${world.key}:${minute}`)),
      ).toBe(35);
      await Promise.all([a, b].map((s) => s.eventCounter.flush()));
    },
  );

  it("a beacon whose widget was looked up across midnight counts for its own day and keeps today's caps", async () => {
    // Two widget keys of one merchant showing the world's snapshot (the store's own, and one it has just
    // made): A known before midnight, B's first lookup held over it.
    const row = (await world.repos.snapshots.findByWidgetKey(world.key))!;
    const stores: Record<string, string> = { wk_store_a: 'merchant-a', wk_store_b: 'merchant-a' };
    let releaseB!: () => void;
    const heldB = new Promise<void>((resolve) => (releaseB = resolve));
    const snapshots = {
      widgetKeysBuiltSince: () => Promise.resolve(Object.keys(stores)),
      etagByWidgetKey: (key: string) => Promise.resolve(stores[key] && row.etag),
      findByWidgetKey: async (key: string) => {
        if (key === 'wk_store_b') await heldB;
        return stores[key] ? { ...row, merchantId: stores[key] } : undefined;
      },
    };
    // 23:59 in Riyadh (UTC+3).
    const night = new ManualClock(new Date('2026-03-10T20:59:10Z'));
    const counter = new EventCounter(world.repos.insights, silentLogger);
    const added = vi.spyOn(counter, 'add').mockImplementation(() => {});
    const own = new InsightsService({
      repo: world.repos.insights,
      snapshots: snapshots as unknown as ConstructorParameters<typeof InsightsService>[0]['snapshots'],
      counter,
      cache: world.runtime.cache,
      clock: night,
      logger: silentLogger,
      addressSecret: new Uint8Array(32),
      limits: { perAddressPerMinute: 1_000, perKeyPerMinute: 100_000 },
    });
    const open = { type: 'post_open', post_id: world.posts[0]! } as const;
    const threeOpens = [open, open, open];
    const counted = async (key: string, events: Parameters<InsightsService['accept']>[0]['events']) => {
      const r = await own.accept({ key, events }, '10.50.0.1');
      return r.ok ? r.value.counted : r.error.code;
    };
    expect(await counted('wk_store_a', [{ type: 'impression' }])).toBe(1);
    const lateB = own.accept({ key: 'wk_store_b', events: [{ type: 'impression' }] }, '10.50.0.2');
    expect(lateB).toBeInstanceOf(Promise);

    night.advance(60_000); // 00:00:10, the 11th: a new Saudi day.
    expect(await counted('wk_store_a', [{ type: 'impression' }])).toBe(1);
    // One impression today allows 10 opens a page view and the daily allowance of 20: 30 in all.
    for (let i = 0; i < 9; i++) expect(await counted('wk_store_a', threeOpens)).toBe(3);

    releaseB();
    expect(await lateB).toEqual({ ok: true, value: { counted: 1 } });
    const dayOf = (merchant: string, type: string) =>
      added.mock.calls.filter(([user, , t]) => user === merchant && t === type).map(([, day]) => day);
    expect(dayOf('merchant-a', 'impression')).toEqual(['2026-03-10', '2026-03-11', '2026-03-10']);
    expect(new Set(dayOf('merchant-a', 'post_open'))).toEqual(new Set(['2026-03-11']));
    // The merchant's tally of today survived B's late beacon: 3 more opens reach the cap of 30, then none.
    expect(await counted('wk_store_a', threeOpens)).toBe(3);
    expect(await counted('wk_store_a', threeOpens)).toBe(0);
  });

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
    const counter = new EventCounter(world.repos.insights, silentLogger);
    const own = new InsightsService({
      repo: world.repos.insights,
      snapshots: counting(world.repos.snapshots, 'snapshots'),
      counter,
      cache: counting(world.runtime.cache, 'cache'),
      clock,
      logger: silentLogger,
      addressSecret: new Uint8Array(32),
      limits: { perAddressPerMinute: 1_000, perKeyPerMinute: 100_000 },
    });
    const beaconFrom = (i: number) =>
      own.accept(
        { key: world.key, events: [{ type: 'impression' }, { type: 'post_open', post_id: world.posts[0]! }] },
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
});
