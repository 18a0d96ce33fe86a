import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from './legal';

describe('terms and privacy policy', () => {
  it('has 9 terms sections and 8 privacy sections, each written in both languages', () => {
    expect(TERMS_OF_SERVICE).toHaveLength(9);
    expect(PRIVACY_POLICY).toHaveLength(8);
    for (const section of [...TERMS_OF_SERVICE, ...PRIVACY_POLICY]) {
      for (const lang of ['ar', 'en'] as const) {
        expect(messages[lang][section.title], section.title).toBeTruthy();
        expect(messages[lang][section.body], section.body).toBeTruthy();
      }
    }
  });

  it('excludes children under 13 and says when it was last updated', () => {
    const privacy = PRIVACY_POLICY.map((s) => messages.en[s.body]).join(' ');
    expect(privacy).toContain('children under 13');
    expect(messages.en['landing.terms.lastUpdated']).toBe('Last updated: December 2024');
    expect(messages.ar['landing.terms.lastUpdated']).toContain('ديسمبر 2024');
  });
});
