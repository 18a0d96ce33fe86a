import {
  ANNUAL_DISCOUNT,
  annualPrice,
  MONTHLY_PRICE_SAR,
  PLAN_LIMITS,
  type TMessageKey,
  type TMessageParams,
  type TPlanId,
} from '@app/shared';

export type TBillingPeriod = 'monthly' | 'annual';

export interface TPricingFeature {
  text: TMessageKey;
  params?: TMessageParams;
  included: boolean;
  /** A feature worth pointing out (shown with a flame). */
  hot: boolean;
}

/** product §3 "Pricing plan (display only)"; every number comes from the plan table in shared/src/plans.ts. */
export interface TPricingPlan {
  id: TPlanId;
  name: TMessageKey;
  label: TMessageKey;
  monthlyPrice: number;
  annualPrice: number;
  currency: 'SAR';
  features: TPricingFeature[];
  popular: boolean;
}

/** "Save 16%". */
export const ANNUAL_SAVING_PERCENT = Math.round(ANNUAL_DISCOUNT * 100);

const feature = (
  text: TMessageKey,
  included: boolean,
  hot = false,
  params?: TMessageParams,
): TPricingFeature => (params ? { text, included, hot, params } : { text, included, hot });

const basic = PLAN_LIMITS.basic;
const pro = PLAN_LIMITS.pro;

export const PRICING_PLANS: readonly TPricingPlan[] = [
  {
    id: 'basic',
    name: 'landing.pricing.basicName',
    label: 'landing.pricing.basicLabel',
    monthlyPrice: MONTHLY_PRICE_SAR.basic,
    annualPrice: annualPrice(MONTHLY_PRICE_SAR.basic),
    currency: 'SAR',
    popular: false,
    features: [
      feature('landing.pricing.featureFeed', true),
      feature('landing.pricing.featureRefresh', true, false, { hours: basic.refreshHours }),
      feature('landing.pricing.featureLimit', true, false, { count: basic.contentLimit }),
      feature('landing.pricing.featureBanner', true),
      feature('landing.pricing.featureCustomise', true),
      feature('landing.pricing.featureEmailSupport', true),
      feature('landing.pricing.featureInsights', true),
      feature('landing.pricing.featureHighlights', basic.highlights),
      feature('landing.pricing.featureProducts', basic.productLinks),
      feature('landing.pricing.featureRemoveBranding', !basic.brandingShown),
    ],
  },
  {
    id: 'pro',
    name: 'landing.pricing.proName',
    label: 'landing.pricing.proLabel',
    monthlyPrice: MONTHLY_PRICE_SAR.pro,
    annualPrice: annualPrice(MONTHLY_PRICE_SAR.pro),
    currency: 'SAR',
    popular: true,
    features: [
      feature('landing.pricing.featurePostsAndHighlights', pro.highlights, true),
      feature('landing.pricing.featureProducts', pro.productLinks, true),
      feature('landing.pricing.featureInsights', true),
      feature('landing.pricing.featureRefresh', true, true, { hours: pro.refreshHours }),
      feature('landing.pricing.featureLimit', true, false, { count: pro.contentLimit }),
      feature('landing.pricing.featureBanner', true),
      feature('landing.pricing.featureCustomise', true),
      feature('landing.pricing.featureEmailSupport', true),
      feature('landing.pricing.featureChatSupport', true),
      feature('landing.pricing.featureRemoveBranding', !pro.brandingShown, true),
    ],
  },
];

/**
 * The plan's promises as this deployment can keep them: live chat support only where there is a chat to
 * reach (SUPPORT_CHAT_URL or SUPPORT_WHATSAPP), otherwise the promise is left out rather than shown unkept.
 */
export function plansOffered(chatAvailable: boolean): readonly TPricingPlan[] {
  if (chatAvailable) return PRICING_PLANS;
  return PRICING_PLANS.map((plan) => ({
    ...plan,
    features: plan.features.filter((f) => f.text !== 'landing.pricing.featureChatSupport'),
  }));
}

/** What the plan costs for the chosen billing period. */
export function planPrice(plan: TPricingPlan, period: TBillingPeriod): number {
  return period === 'annual' ? plan.annualPrice : plan.monthlyPrice;
}

/** Twelve months at the monthly price: what annual billing is compared with. */
export function undiscountedAnnualPrice(plan: TPricingPlan): number {
  return plan.monthlyPrice * 12;
}
