import { describe, expect, it } from 'vitest';
import { TIER_IDS } from '@app/shared';
import { resolvePlan } from './plan.js';
import type { ActiveSubscription } from '../subscriptions/subscriptions.repository.js';

/**
 * The grace period's edges, each from both sides, a minute away (issue 30 item 7). The product's numbers are
 * written out here (3 days), not read from GRACE_DAYS, so a one-day shift in the code fails.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const END = new Date('2026-12-10T09:30:00.000Z');

function paidSubscription(input: {
  tier: 'basic' | 'pro';
  endDate: Date;
  next?: { tier: 'basic' | 'pro'; endDate: Date };
}): ActiveSubscription {
  const now = new Date('2026-11-01T00:00:00.000Z');
  return {
    subscription: {
      id: 'sub-1',
      userId: 'user-1',
      tierId: TIER_IDS[input.tier],
      source: 'direct',
      isActive: true,
      startDate: now,
      endDate: input.endDate,
      billingPeriod: 'monthly',
      paidHalalas: 11_900,
      nextTierId: input.next ? TIER_IDS[input.next.tier] : null,
      nextBillingPeriod: input.next ? 'monthly' : null,
      nextEndDate: input.next?.endDate ?? null,
      nextPaidHalalas: 0,
      version: 1,
      createdAt: now,
      updatedAt: now,
    },
    tier: {
      id: TIER_IDS[input.tier],
      code: input.tier,
      name: input.tier === 'pro' ? 'Professional' : 'Basic',
      description: '',
      monthlyPriceSar: input.tier === 'pro' ? 119 : 59,
    },
  };
}

describe('the grace period at both sides of each edge', () => {
  const cases = [
    { name: 'a trial', input: () => ({ trialEndsAt: END, subscription: undefined }), lapsed: 'trial' },
    {
      name: 'a paid Pro period',
      input: () => ({
        trialEndsAt: new Date('2026-10-01T00:00:00.000Z'),
        subscription: paidSubscription({ tier: 'pro', endDate: END }),
      }),
      lapsed: 'pro',
    },
    {
      name: 'a downgrade paid to follow Pro',
      input: () => ({
        trialEndsAt: null,
        subscription: paidSubscription({
          tier: 'pro',
          endDate: new Date('2026-11-10T09:30:00.000Z'),
          next: { tier: 'basic', endDate: END },
        }),
      }),
      lapsed: 'basic',
    },
  ] as const;

  for (const c of cases) {
    describe(c.name, () => {
      it('runs until the end, and is in grace from the minute after it', () => {
        const before = resolvePlan(c.input(), at(END, -MINUTE));
        expect(before.status).toBe(c.lapsed === 'trial' ? 'trial' : 'active');
        expect(before.graceEndsAt).toBeNull();
        const after = resolvePlan(c.input(), at(END, MINUTE));
        expect(after).toMatchObject({ status: 'grace', plan: c.lapsed, endsAt: END });
        expect(after.graceEndsAt).toEqual(at(END, 3 * DAY));
      });

      it('keeps grace until end + 3 days − 1 minute, and is expired at end + 3 days + 1 minute', () => {
        const lastGraceMinute = resolvePlan(c.input(), at(END, 3 * DAY - MINUTE));
        expect(lastGraceMinute).toMatchObject({ status: 'grace', plan: c.lapsed });
        const expired = resolvePlan(c.input(), at(END, 3 * DAY + MINUTE));
        expect(expired).toMatchObject({ status: 'expired', plan: 'free' });
        expect(expired.graceEndsAt).toEqual(at(END, 3 * DAY));
        // A day either way is on the wrong side of an edge.
        expect(resolvePlan(c.input(), at(END, 2 * DAY + MINUTE)).status).toBe('grace');
        expect(resolvePlan(c.input(), at(END, 4 * DAY - MINUTE)).status).toBe('expired');
      });
    });
  }

  it('takes the later of a trial and a paid period as the end that starts grace', () => {
    const input = {
      trialEndsAt: at(END, 2 * DAY),
      subscription: paidSubscription({ tier: 'basic', endDate: END }),
    };
    expect(resolvePlan(input, at(END, MINUTE)).status).toBe('trial');
    expect(resolvePlan(input, at(END, 5 * DAY - MINUTE))).toMatchObject({ status: 'grace', plan: 'trial' });
    expect(resolvePlan(input, at(END, 5 * DAY + MINUTE)).status).toBe('expired');
  });
});

describe('a plan paid during the trial to start when it ends (trial days kept)', () => {
  const trialEndsAt = new Date('2026-11-15T00:00:00.000Z');
  const waiting = paidSubscription({ tier: 'basic', endDate: at(trialEndsAt, 30 * DAY) });
  waiting.subscription.startDate = trialEndsAt;

  it('keeps the trial until its last minute, then runs the paid plan from its first', () => {
    expect(resolvePlan({ trialEndsAt, subscription: waiting }, at(trialEndsAt, -MINUTE))).toMatchObject({
      plan: 'trial',
      status: 'trial',
      endsAt: trialEndsAt,
    });
    expect(resolvePlan({ trialEndsAt, subscription: waiting }, at(trialEndsAt, MINUTE))).toMatchObject({
      plan: 'basic',
      status: 'active',
      endsAt: at(trialEndsAt, 30 * DAY),
    });
  });

  it('runs a plan started during the trial ("start now") at once', () => {
    const now = at(trialEndsAt, -5 * DAY);
    const started = paidSubscription({ tier: 'basic', endDate: at(now, 30 * DAY) });
    started.subscription.startDate = now;
    expect(resolvePlan({ trialEndsAt, subscription: started }, at(now, MINUTE)).plan).toBe('basic');
  });
});
