import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages, type TMessageKey } from '@app/shared';
import { PRIVACY_POLICY, TERMS_LAST_UPDATED, TERMS_OF_SERVICE } from './legal';

/** Every word of the terms and the privacy policy, in both languages, in page order. */
function legalText(): string {
  const keys: TMessageKey[] = [
    'landing.terms.lead',
    ...[...TERMS_OF_SERVICE, ...PRIVACY_POLICY].flatMap((s) => [s.title, s.body]),
  ];
  return (['ar', 'en'] as const).flatMap((lang) => keys.map((key) => messages[lang][key])).join('\n');
}

describe('the terms page says when the terms last changed', () => {
  it('has a date for the current text: a change to the terms must move TERMS_LAST_UPDATED and this digest', () => {
    const digest = createHash('sha256').update(legalText()).digest('hex').slice(0, 16);
    // Edited the terms? Set TERMS_LAST_UPDATED to today and record the new digest here with it.
    expect({ date: TERMS_LAST_UPDATED, digest }).toEqual({ date: '2026-11-28', digest: 'afe6db677a514913' });
  });

  it('is not in the future', () => {
    expect(Date.parse(`${TERMS_LAST_UPDATED}T00:00:00Z`)).toBeLessThanOrEqual(Date.now());
  });
});
