import { TIER_IDS } from '@app/shared';
import type { SnapshotService } from '../content/snapshot.service.js';
import type { Clock } from '../lib/clock.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { Platform } from '../integrations/platform-connections.repository.js';

export type PlanMap = Map<string, 'basic' | 'pro'>;

/** "Plan A:basic, Plan B:pro" (SALLA_PLAN_MAP, ZID_PLAN_MAP) → lower-cased name → plan. */
export function parsePlanMap(text: string): PlanMap {
  const map: PlanMap = new Map();
  for (const pair of text.split(',')) {
    const i = pair.lastIndexOf(':');
    if (i <= 0) continue;
    const plan = pair
      .slice(i + 1)
      .trim()
      .toLowerCase();
    if (plan === 'basic' || plan === 'pro') map.set(pair.slice(0, i).trim().toLowerCase(), plan);
  }
  return map;
}

/** Plan names (or slugs, prices, ids) mapped by configuration; anything unmapped counts as basic. */
export function planFor(map: PlanMap, candidates: (string | number | null | undefined)[]): 'basic' | 'pro' {
  for (const c of candidates) {
    if (c === null || c === undefined) continue;
    const hit = map.get(String(c).trim().toLowerCase());
    if (hit) return hit;
  }
  return 'basic';
}

/** A platform's date ("2026-03-01 10:00:00" in UTC, or ISO), or null when absent or unreadable. */
export const parsePlatformDate = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v.includes('T') || v.includes('Z') ? v : v.replace(' ', 'T') + 'Z');
  return Number.isNaN(d.getTime()) ? null : d;
};

export interface PlatformPlansDeps {
  subscriptions: SubscriptionsRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  clock: Clock;
}

/** A subscription bought on a store platform, mirrored as the merchant's plan here. */
export class PlatformPlans {
  constructor(private readonly deps: PlatformPlansDeps) {}

  async applySubscription(
    userId: string,
    source: Platform,
    active: boolean,
    plan: 'basic' | 'pro',
    endDate: Date | null,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const current = await this.deps.subscriptions.findActive(userId);
    if (active) {
      await this.deps.subscriptions.replaceActive({
        userId,
        tierId: TIER_IDS[plan],
        source,
        startDate: now,
        endDate,
      });
    } else if (current) {
      // Ended: keep the row for history, with its end now; the plan falls back to trial or free rules.
      await this.deps.subscriptions.replaceActive({
        userId,
        tierId: current.tier.id,
        source,
        startDate: now,
        endDate: now,
      });
    }
    await this.deps.snapshots.rebuild(userId);
  }
}
