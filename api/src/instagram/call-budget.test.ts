import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheBackends } from '../testing/backends.js';
import { ManualClock } from '../lib/clock.js';
import { CacheCallBudget } from './call-budget.js';
import type { CallContext } from './instagram.source.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(cacheBackends)('shared Instagram call budget on $name (issue 13 item 4)', (backend) => {
  let cache: Awaited<ReturnType<typeof backend.open>>;
  let clock: ManualClock;
  beforeEach(async () => {
    cache = await backend.open();
    clock = new ManualClock(new Date('2026-05-01T10:00:00Z'));
  });
  afterEach(async () => {
    await cache.clear();
    await cache.close();
  });

  it("keeps the timetable's half of the hour when merchants' requests flood in first", async () => {
    // 120 calls an hour: 2 a minute, of which merchants' requests may take 60 in the hour.
    const budget = new CacheCallBudget(cache, clock, 'graph:test-a', 120);
    let merchantGranted = 0;
    let scheduledGranted = 0;
    for (let minute = 0; minute < 60; minute++) {
      // Every minute, five merchants press "Refresh" before the timetable's work arrives.
      for (let m = 0; m < 5; m++) {
        const permit = await budget.take({ priority: 'merchant', userId: `u-${minute}-${m}` });
        if (permit.ok) merchantGranted++;
      }
      for (let s = 0; s < 2; s++) if ((await budget.take({ priority: 'scheduled' })).ok) scheduledGranted++;
      clock.advance(MINUTE);
    }
    expect(merchantGranted).toBe(60);
    expect(scheduledGranted).toBe(60);
    expect(merchantGranted + scheduledGranted).toBe(120);
  });

  it('lets no merchant use more than 5 % of an hour, whatever the kind of call', async () => {
    const budget = new CacheCallBudget(cache, clock, 'graph:test-b', 200); // 10 calls per merchant
    const mine: CallContext = { priority: 'scheduled', userId: 'greedy' };
    const granted: boolean[] = [];
    for (let i = 0; i < 25; i++) {
      granted.push((await budget.take(i % 2 ? mine : { ...mine, priority: 'merchant' })).ok);
      clock.advance(2 * MINUTE); // never short of the per-minute allowance
    }
    expect(granted.filter(Boolean)).toHaveLength(10);
    const refused = await budget.take(mine);
    expect(refused).toEqual({ ok: false, reason: 'merchant_share', retryAfterMs: expect.any(Number) });
    // Refused until the next clock hour, which the answer names.
    const untilHour = HOUR - (clock.now().getTime() % HOUR);
    expect(!refused.ok && refused.retryAfterMs).toBe(untilHour);
    // Everyone else is untouched, and the greedy merchant gets a fresh share next hour.
    expect((await budget.take({ priority: 'merchant', userId: 'other' })).ok).toBe(true);
    clock.advance(untilHour);
    expect((await budget.take(mine)).ok).toBe(true);
  });

  it("spends none of the common allowance on a call its merchant's share refuses", async () => {
    const budget = new CacheCallBudget(cache, clock, 'graph:test-c', 60); // 1 a minute, 3 per merchant
    for (let i = 0; i < 3; i++) {
      expect((await budget.take({ priority: 'scheduled', userId: 'u1' })).ok).toBe(true);
      clock.advance(MINUTE);
    }
    expect(await budget.take({ priority: 'scheduled', userId: 'u1' })).toMatchObject({
      ok: false,
      reason: 'merchant_share',
    });
    // This minute's one call is still there for the timetable.
    expect((await budget.take({ priority: 'scheduled', userId: 'u2' })).ok).toBe(true);
    expect(await budget.take({ priority: 'scheduled' })).toMatchObject({ ok: false, reason: 'window' });
  });
});
