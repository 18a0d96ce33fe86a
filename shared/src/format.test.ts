import { describe, expect, it } from 'vitest';
import { daysRemaining, formatCount, hitRatePercentage, humanBytes, subscriptionLabel } from './format.js';
import { annualPrice, MONTHLY_PRICE_SAR, planFromTierName } from './plans.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.2K'],
    [15_300, '15.3K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [2_450_000, '2.4M'],
  ])('%d → %s', (n, text) => expect(formatCount(n)).toBe(text));
});

describe('subscriptionLabel', () => {
  it.each([
    ['', 'Free'],
    [null, 'Free'],
    ['trial', 'Trial'],
    ['TRIAL', 'Trial'],
    ['basic', 'Basic'],
    ['Professional', 'Professional'],
    ['enterprise plan x', 'Enterprise p…'],
    ['exactlyfifteen!', 'Exactlyfifteen!'],
  ])('%s → %s', (tier, label) => expect(subscriptionLabel(tier)).toBe(label));
});

describe('plans', () => {
  it('prices the annual plans at 16% off, rounded', () => {
    expect(annualPrice(MONTHLY_PRICE_SAR.basic)).toBe(595);
    expect(annualPrice(MONTHLY_PRICE_SAR.pro)).toBe(1200);
  });
  it('treats unknown tiers as basic', () => {
    expect(planFromTierName('Professional')).toBe('pro');
    expect(planFromTierName('gold')).toBe('basic');
    expect(planFromTierName('trial')).toBe('trial');
    expect(planFromTierName(undefined)).toBe('free');
  });
});

describe('small formatters', () => {
  it('rounds days remaining up', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(daysRemaining('2026-01-02T00:00:01Z', now)).toBe(2);
    expect(daysRemaining('2026-01-01T00:00:00Z', now)).toBe(0);
    expect(daysRemaining('2025-12-30T00:00:00Z', now)).toBe(-2);
  });
  it('formats hit rate with 2 decimals and 0 for no lookups', () => {
    expect(hitRatePercentage(0, 0)).toBe(0);
    expect(hitRatePercentage(2, 1)).toBe(66.67);
  });
  it('formats bytes like Redis', () => {
    expect(humanBytes(512)).toBe('512B');
    expect(humanBytes(1536)).toBe('1.50K');
    expect(humanBytes(1024 * 1024 * 3)).toBe('3.00M');
  });
});
