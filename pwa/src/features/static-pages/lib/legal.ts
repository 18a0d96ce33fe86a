import type { TMessageKey } from '@app/shared';

export interface TLegalSection {
  title: TMessageKey;
  body: TMessageKey;
}

const sections = (prefix: 'tos' | 'privacy', count: number): TLegalSection[] =>
  Array.from({ length: count }, (_, index) => ({
    title: `landing.terms.${prefix}${index + 1}Title` as TMessageKey,
    body: `landing.terms.${prefix}${index + 1}Body` as TMessageKey,
  }));

/** product §2: terms of service in 9 sections. */
export const TERMS_OF_SERVICE = sections('tos', 9);
/** product §2: privacy policy in 8 sections (children under 13 excluded: section 7). */
export const PRIVACY_POLICY = sections('privacy', 8);

/** Anchors other pages link to (the footer's "Privacy Policy" goes to /terms#privacy-policy). */
export const TERMS_ANCHOR = 'terms-of-service';
export const PRIVACY_ANCHOR = 'privacy-policy';

/**
 * The day the terms or the privacy policy last changed, as the page says. legal.test.ts holds a digest of
 * their text in both languages: changing a word fails it until this date (and the digest) are updated.
 */
export const TERMS_LAST_UPDATED = '2026-11-28';
