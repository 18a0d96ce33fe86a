import { PLAN_LIMITS, type TEffectivePlan, type TPlanLimits } from '@app/shared';
import type { ActiveSubscription } from './subscriptions.repository.js';

/** A new merchant's free trial, whether they sign up here or install from a store platform. */
export const TRIAL_MS = 14 * 24 * 60 * 60 * 1000;

export interface ResolvedPlan {
  plan: TEffectivePlan;
  limits: TPlanLimits;
  /** The tier name as stored (Basic, Professional), or 'trial'/'' for the label rules. */
  tierName: string;
  endsAt: Date | null;
}

/**
 * What a merchant is entitled to right now: an active, unexpired subscription decides; otherwise a
 * running trial; otherwise free (treated as basic, as the spec says of unknown tiers).
 */
export function resolvePlan(
  input: { trialEndsAt: Date | null; subscription: ActiveSubscription | undefined },
  now: Date,
): ResolvedPlan {
  const sub = input.subscription;
  if (sub && (sub.subscription.endDate === null || sub.subscription.endDate > now)) {
    const plan = sub.tier.code === 'pro' ? 'pro' : 'basic';
    return { plan, limits: PLAN_LIMITS[plan], tierName: sub.tier.name, endsAt: sub.subscription.endDate };
  }
  if (input.trialEndsAt && input.trialEndsAt > now) {
    return { plan: 'trial', limits: PLAN_LIMITS.trial, tierName: 'trial', endsAt: input.trialEndsAt };
  }
  return { plan: 'free', limits: PLAN_LIMITS.free, tierName: '', endsAt: null };
}
