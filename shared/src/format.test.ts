import { describe, expect, it } from 'vitest';
import {
  COMMENT_WORDS,
  DAY_WORDS,
  FOLLOWER_WORDS,
  LIKE_WORDS,
  POST_WORDS,
  STORY_WORDS,
  USER_WORDS,
  ACCOUNT_WORDS,
} from './count-words.js';
import {
  countText,
  daysRemaining,
  formatCount,
  formatDate,
  formatMoneyTogether,
  formatNumber,
  hitRatePercentage,
  humanBytes,
  pluralForm,
  subscriptionLabel,
} from './format.js';
import { annualPrice, MONTHLY_PRICE_SAR, planFromTierName } from './plans.js';

const easternDigits = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('formatCount', () => {
  it.each([
    [0, '0', '0'],
    [999, '999', '999'],
    [1000, '1K', '1 ألف'],
    [1250, '1.2K', '1.2 ألف'],
    [7_300, '7.3K', '7.3 ألف'],
    [15_300, '15.3K', '15.3 ألف'],
    [999_999, '999.9K', '999.9 ألف'],
    [1_000_000, '1M', '1 مليون'],
    [1_250_000, '1.2M', '1.2 مليون'],
    [2_450_000, '2.4M', '2.4 مليون'],
  ])('%d → %s / %s', (n, en, ar) => {
    expect(formatCount(n, 'en')).toBe(en);
    expect(formatCount(n, 'ar')).toBe(ar);
  });
});

describe('formatNumber (counts in full and prices)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1200, '1,200'],
    [1_234_567, '1,234,567'],
    [-1200, '-1,200'],
    [1199.6, '1,200'],
  ])('%d → %s', (n, text) => expect(formatNumber(n)).toBe(text));
});

describe('Arabic plural agreement (every category of Intl.PluralRules ar)', () => {
  it('picks zero, one, two, few, many and other as Arabic grammar does', () => {
    expect(
      [0, 1, 2, 3, 10, 11, 56, 99, 100, 101, 103, 111].map((n) => countText(n, 'ar', POST_WORDS)),
    ).toEqual([
      '0 منشور',
      'منشور واحد',
      'منشوران',
      '3 منشورات',
      '10 منشورات',
      '11 منشورًا',
      '56 منشورًا',
      '99 منشورًا',
      '100 منشور',
      '101 منشور',
      '103 منشورات',
      '111 منشورًا',
    ]);
  });

  it('words every Arabic category for every counted noun, with the number unless Arabic leaves it out', () => {
    // zero, one, two, few, many, other
    const samples = [0, 1, 2, 3, 11, 100];
    for (const words of [
      POST_WORDS,
      FOLLOWER_WORDS,
      LIKE_WORDS,
      COMMENT_WORDS,
      STORY_WORDS,
      DAY_WORDS,
      USER_WORDS,
      ACCOUNT_WORDS,
    ]) {
      const texts = samples.map((n) => countText(n, 'ar', words));
      expect(new Intl.PluralRules('ar').select(samples[0] ?? 0)).toBe('zero');
      expect(texts[1]).toMatch(/^\D+ (واحد|واحدة)$/);
      expect(texts[2]).not.toMatch(/\d/);
      expect([texts[0], texts[3], texts[4], texts[5]].map((t) => t?.split(' ')[0])).toEqual([
        '0',
        '3',
        '11',
        '100',
      ]);
      expect(new Set(texts.map((t) => t.replace(/^\d+ /, ''))).size).toBeGreaterThanOrEqual(3);
      expect(countText(1, 'en', words)).toMatch(/^1 \w+[^s]$/);
      expect(countText(2, 'en', words)).toMatch(/^2 \w+s$/);
    }
  });

  it('words the widget counts the issue quoted', () => {
    expect(countText(7_300, 'ar', FOLLOWER_WORDS)).toBe('7.3 ألف متابع');
    expect(countText(1_200_000, 'ar', FOLLOWER_WORDS)).toBe('1.2 مليون متابع');
    expect(countText(56, 'ar', POST_WORDS)).toBe('56 منشورًا');
    expect(countText(507, 'ar', LIKE_WORDS)).toBe('507 تسجيلات إعجاب');
    expect(countText(2, 'ar', COMMENT_WORDS)).toBe('تعليقان');
    expect(countText(5, 'ar', DAY_WORDS)).toBe('5 أيام');
    expect(countText(14, 'ar', DAY_WORDS)).toBe('14 يومًا');
    expect(countText(2, 'ar', USER_WORDS)).toBe('مستخدمان');
    expect(countText(7, 'ar', USER_WORDS, false)).toBe('7 مستخدمين');
    expect(countText(25, 'ar', ACCOUNT_WORDS, false)).toBe('25 حسابًا');
    expect(countText(1, 'en', USER_WORDS)).toBe('1 user');
  });

  it('follows a number written in full by its own category, a compact one by ألف', () => {
    expect(countText(1_203, 'ar', POST_WORDS, false)).toBe('1,203 منشورات');
    expect(countText(1_203, 'ar', POST_WORDS)).toBe('1.2 ألف منشور');
    expect(pluralForm(1_000, 'ar', POST_WORDS.ar, false)).toBe('# منشور');
    expect(pluralForm(1_000, 'ar', POST_WORDS.ar)).toBe('# منشور');
  });

  it('speaks English in one and other', () => {
    expect(countText(1, 'en', POST_WORDS)).toBe('1 post');
    expect(countText(0, 'en', POST_WORDS)).toBe('0 posts');
    expect(countText(7_300, 'en', FOLLOWER_WORDS)).toBe('7.3K followers');
    expect(countText(1, 'en', LIKE_WORDS)).toBe('1 like');
  });
});

describe('formatDate', () => {
  const at = new Date('2026-11-23T12:01:00Z');
  it('writes Arabic dates on the Gregorian calendar with Western digits', () => {
    const text = formatDate(at, 'ar', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });
    expect(text).not.toMatch(easternDigits);
    expect(text).toContain('2026');
    expect(text).toContain('3:01');
    expect(formatDate(at, 'ar', { dateStyle: 'long', timeZone: 'UTC' })).toBe('23 نوفمبر 2026');
  });
  it('writes English in en-US unless asked otherwise, and nothing for an invalid date', () => {
    expect(formatDate(at, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 23, 2026');
    expect(formatDate(at, 'en', { dateStyle: 'medium', timeZone: 'UTC' }, 'en-GB')).toBe('23 Nov 2026');
    expect(formatDate('not a date', 'ar')).toBe('');
  });
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

describe('formatMoneyTogether (prices side by side)', () => {
  it('never mixes amounts with and without decimals', () => {
    expect(formatMoneyTogether([14950, 20000])).toEqual(['149.50', '200.00']);
    expect(formatMoneyTogether([14900, 20000])).toEqual(['149', '200']);
    expect(formatMoneyTogether([120000050])).toEqual(['1,200,000.50']);
    expect(formatMoneyTogether([])).toEqual([]);
  });
});
