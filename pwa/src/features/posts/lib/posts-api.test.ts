import { describe, expect, it } from 'vitest';
import type { TMerchantPost } from '@app/shared';
import { freePinPosition, parseRiyals, productName, riyals } from './posts-api';

describe('posts tab rules', () => {
  it('reads prices in riyals (Arabic digits too) as halalas, refusing anything else', () => {
    expect(parseRiyals('149')).toBe(14900);
    expect(parseRiyals(' 149.5 ')).toBe(14950);
    expect(parseRiyals('١٤٩.٥٠')).toBe(14950);
    expect(parseRiyals('١٤٩٫٥٠')).toBe(14950);
    expect(parseRiyals('۱۴۹')).toBe(14900);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '12345678']) expect(parseRiyals(bad)).toBeUndefined();
  });
  it('shows halalas with the currency in the reader’s language', () => {
    expect(riyals([14900], 'ar')).toEqual(['149 ر.س']);
    expect(riyals([14950], 'en')).toEqual(['149.50 SAR']);
    // A sale price and the old one side by side: one form.
    expect(riyals([14950, 20000], 'en')).toEqual(['149.50 SAR', '200.00 SAR']);
    expect(riyals([14900, 20000], 'ar')).toEqual(['149 ر.س', '200 ر.س']);
  });
  it('finds the first free pin place', () => {
    const post = (pinned_position: number | null) => ({ pinned_position }) as TMerchantPost;
    expect(freePinPosition([post(null), post(2)])).toBe(1);
    expect(freePinPosition([post(1), post(2)])).toBe(3);
    expect(freePinPosition([post(1), post(2), post(3)])).toBeUndefined();
  });
  it('names a product in the reader’s language, else the other', () => {
    expect(productName({ name_ar: 'حقيبة', name_en: 'Bag' }, 'en')).toBe('Bag');
    expect(productName({ name_ar: null, name_en: 'Bag' }, 'ar')).toBe('Bag');
  });
});
