import {
  DAY_MS,
  GRACE_DAYS,
  PLAN_LIMITS,
  TIER_IDS,
  TIER_NAMES,
  type TBillingStatus,
  type TEffectivePlan,
  type TPlanLimits,
} from '@app/shared';
import type { ActiveSubscription } from '../subscriptions/subscriptions.repository.js';

/**
 * Where an expired merchant's refresh and story poll are parked (never due): content is not fetched for a
 * widget that shows nothing. A payment makes both due again.
 */
export const PARKED_UNTIL = new Date('9999-01-01T00:00:00.000Z');

/** A new merchant's free trial, whether they sign up here or install from a store platform. */
export const TRIAL_MS = 14 * 24 * 60 * 60 * 1000;

export interface ResolvedPlan {
  plan: TEffectivePlan;
  limits: TPlanLimits;
  /** The tier name as stored (Basic, Professional), or 'trial'/'' for the label rules. */
  tierName: string;
  endsAt: Date | null;
  /**
   * trial or active: running; grace: ended less than GRACE_DAYS ago, still shown with a banner; expired:
   * the widget renders nothing on stores until a payment (settings and content are kept).
   */
  status: TBillingStatus;
  /** When the grace period ends (set in grace and after it). */
  graceEndsAt: Date | null;
}

const graceEnd = (end: Date) => new Date(end.getTime() + GRACE_DAYS * DAY_MS);
const tierPlan = (tierId: string | null | undefined): 'basic' | 'pro' =>
  tierId === TIER_IDS.pro ? 'pro' : 'basic';

/**
 * What a merchant is entitled to right now: a running subscription (or the downgrade paid to follow it)
 * decides; otherwise a running trial. When both have ended, GRACE_DAYS of grace keep the lapsed plan's
 * limits, and after them the merchant is expired.
 */
export function resolvePlan(
  input: { trialEndsAt: Date | null; subscription: ActiveSubscription | undefined },
  now: Date,
): ResolvedPlan {
  const sub = input.subscription?.subscription;
  const tier = input.subscription?.tier;
  const running = (plan: 'basic' | 'pro', tierName: string, endsAt: Date | null): ResolvedPlan => ({
    plan,
    limits: PLAN_LIMITS[plan],
    tierName,
    endsAt,
    status: 'active',
    graceEndsAt: null,
  });
  // A plan paid during a trial starts when the trial ends: until then the trial runs.
  const trialRunning = input.trialEndsAt !== null && input.trialEndsAt > now;
  const started = !sub || !trialRunning || sub.startDate <= now || sub.startDate < (input.trialEndsAt ?? now);
  if (sub && tier && started && (sub.endDate === null || sub.endDate > now)) {
    const plan = tier.code === 'pro' ? 'pro' : 'basic';
    return running(plan, tier.name, sub.endDate);
  }
  if (sub?.nextTierId && sub.nextEndDate && sub.nextEndDate > now) {
    const plan = tierPlan(sub.nextTierId);
    return running(plan, TIER_NAMES[plan], sub.nextEndDate);
  }
  if (input.trialEndsAt && input.trialEndsAt > now) {
    return {
      plan: 'trial',
      limits: PLAN_LIMITS.trial,
      tierName: 'trial',
      endsAt: input.trialEndsAt,
      status: 'trial',
      graceEndsAt: null,
    };
  }
  // Both ended (or never began): the later end starts the grace period.
  const paidEnd = sub?.nextEndDate ?? sub?.endDate ?? null;
  const trialEnd = input.trialEndsAt;
  const paidLapsedLast = paidEnd !== null && (trialEnd === null || paidEnd >= trialEnd);
  const lastEnd = paidLapsedLast ? paidEnd : trialEnd;
  if (lastEnd && now < graceEnd(lastEnd)) {
    const plan: TEffectivePlan = paidLapsedLast ? tierPlan(sub?.nextTierId ?? sub?.tierId) : 'trial';
    return {
      plan,
      limits: PLAN_LIMITS[plan],
      tierName: plan === 'trial' ? 'trial' : TIER_NAMES[plan],
      endsAt: lastEnd,
      status: 'grace',
      graceEndsAt: graceEnd(lastEnd),
    };
  }
  return {
    plan: 'free',
    limits: PLAN_LIMITS.free,
    tierName: '',
    endsAt: lastEnd,
    status: 'expired',
    graceEndsAt: lastEnd ? graceEnd(lastEnd) : null,
  };
}
