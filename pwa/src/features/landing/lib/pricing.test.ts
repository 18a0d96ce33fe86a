import { describe, expect, it } from 'vitest';
import {
  ANNUAL_SAVING_PERCENT,
  planPrice,
  plansOffered,
  PRICING_PLANS,
  undiscountedAnnualPrice,
} from './pricing';

const plan = (id: 'basic' | 'pro') => PRICING_PLANS.find((p) => p.id === id)!;

describe('pricing plans', () => {
  it('prices Basic at 59 and Pro at 119 SAR a month, annual = round(12 × monthly × 0.84)', () => {
    expect(planPrice(plan('basic'), 'monthly')).toBe(59);
    expect(planPrice(plan('pro'), 'monthly')).toBe(119);
    expect(planPrice(plan('basic'), 'annual')).toBe(595);
    expect(planPrice(plan('pro'), 'annual')).toBe(1200);
    expect(undiscountedAnnualPrice(plan('basic'))).toBe(708);
    expect(ANNUAL_SAVING_PERCENT).toBe(16);
    expect(PRICING_PLANS.every((p) => p.currency === 'SAR')).toBe(true);
  });

  it('marks only Pro as the most popular plan', () => {
    expect(PRICING_PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
  });

  it('follows the plan table: refresh hours, limits, highlights, branding and support', () => {
    const basic = plan('basic').features;
    const pro = plan('pro').features;
    const find = (features: typeof basic, key: string) => features.find((f) => f.text === key);

    expect(find(basic, 'landing.pricing.featureRefresh')?.params).toEqual({ hours: 6 });
    expect(find(pro, 'landing.pricing.featureRefresh')?.params).toEqual({ hours: 3 });
    expect(find(basic, 'landing.pricing.featureLimit')?.params).toEqual({ count: 12 });
    expect(find(pro, 'landing.pricing.featureLimit')?.params).toEqual({ count: 50 });
    expect(find(basic, 'landing.pricing.featureHighlights')?.included).toBe(false);
    expect(find(pro, 'landing.pricing.featurePostsAndHighlights')).toMatchObject({
      included: true,
      hot: true,
    });
    expect(find(basic, 'landing.pricing.featureProducts')?.included).toBe(false);
    expect(find(pro, 'landing.pricing.featureProducts')).toMatchObject({ included: true, hot: true });
    expect(find(basic, 'landing.pricing.featureInsights')?.included).toBe(true);
    expect(find(pro, 'landing.pricing.featureInsights')?.included).toBe(true);
    expect(find(basic, 'landing.pricing.featureRemoveBranding')?.included).toBe(false);
    expect(find(pro, 'landing.pricing.featureRemoveBranding')?.included).toBe(true);
    expect(find(basic, 'landing.pricing.featureEmailSupport')?.included).toBe(true);
    expect(find(pro, 'landing.pricing.featureEmailSupport')?.included).toBe(true);
    expect(find(pro, 'landing.pricing.featureChatSupport')?.included).toBe(true);
  });

  it('promises live chat support only where there is a chat to reach', () => {
    const promised = (chat: boolean) =>
      plansOffered(chat).flatMap((p) =>
        p.features.filter((f) => f.text === 'landing.pricing.featureChatSupport'),
      );
    expect(promised(true)).toHaveLength(1);
    expect(promised(false)).toHaveLength(0);
    // Nothing else is taken away: every plan keeps e-mail support.
    for (const p of plansOffered(false))
      expect(p.features.some((f) => f.text === 'landing.pricing.featureEmailSupport')).toBe(true);
  });
});
