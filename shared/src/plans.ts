/**
 * The plan table from docs/architecture.md. The server enforces it; clients only display it.
 */
export const PLAN_IDS = ['basic', 'pro'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

/** What a subscription state resolves to on the server. */
export type TEffectivePlan = 'basic' | 'pro' | 'trial' | 'free';

export interface TPlanLimits {
  /** Hours between scheduled refreshes. */
  refreshHours: number;
  /** Most posts kept and served. */
  contentLimit: number;
  highlights: boolean;
  /** Whether the widget must show the "Powered by" link. */
  brandingShown: boolean;
  /** Whether products can be linked to posts (and the widget shows them). */
  productLinks: boolean;
}

export const PLAN_LIMITS: Record<TEffectivePlan, TPlanLimits> = {
  basic: { refreshHours: 6, contentLimit: 12, highlights: false, brandingShown: true, productLinks: false },
  pro: { refreshHours: 3, contentLimit: 50, highlights: true, brandingShown: false, productLinks: true },
  trial: { refreshHours: 3, contentLimit: 50, highlights: true, brandingShown: true, productLinks: true },
  free: { refreshHours: 6, contentLimit: 12, highlights: false, brandingShown: true, productLinks: false },
};

export const MONTHLY_PRICE_SAR: Record<TPlanId, number> = { basic: 59, pro: 119 };
export const ANNUAL_DISCOUNT = 0.16;
export const TRIAL_DAYS = 14;
export const MONEY_BACK_DAYS = 7;

/** Fixed ids of the two stored subscription tiers (seeded by the first migration). */
export const TIER_IDS = {
  basic: '00000000-0000-4000-8000-000000000001',
  pro: '00000000-0000-4000-8000-000000000002',
} as const satisfies Record<TPlanId, string>;

export const TIER_NAMES: Record<TPlanId, string> = { basic: 'Basic', pro: 'Professional' };

/** Annual price = round(12 × monthly × 0.84). */
export function annualPrice(monthly: number): number {
  return Math.round(12 * monthly * (1 - ANNUAL_DISCOUNT));
}

/**
 * Maps a stored tier name (any case; "Professional", "pro", "Basic"…) to a plan.
 * Unknown names are treated as basic, as docs/product.md says.
 */
export function planFromTierName(name: string | null | undefined): TEffectivePlan {
  const n = (name ?? '').trim().toLowerCase();
  if (n === '') return 'free';
  if (n === 'trial') return 'trial';
  if (n === 'pro' || n === 'professional') return 'pro';
  return 'basic';
}
