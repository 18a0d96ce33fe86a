import { describe, expect, it } from 'vitest';
import { canHydrate, firstLanguage } from './first-render';

const landingVisit = {
  prerenderedPath: '/',
  pathname: '/',
  search: '',
  hash: '',
  language: 'ar',
  signedInHint: false,
} as const;

describe('canHydrate', () => {
  it('takes over the prerendered landing page for a signed-out Arabic visit, also with a section or campaign in the address', () => {
    expect(canHydrate(landingVisit)).toBe(true);
    expect(canHydrate({ ...landingVisit, hash: '#pricing', search: '?utm_source=salla' })).toBe(true);
  });

  it('renders afresh whenever the first page would differ from the prerendered one', () => {
    expect(canHydrate({ ...landingVisit, prerenderedPath: undefined })).toBe(false);
    expect(canHydrate({ ...landingVisit, pathname: '/faq' })).toBe(false);
    expect(canHydrate({ ...landingVisit, language: 'en' })).toBe(false);
    expect(canHydrate({ ...landingVisit, signedInHint: true })).toBe(false);
    expect(canHydrate({ ...landingVisit, search: '?code=one-time-code' })).toBe(false);
    expect(canHydrate({ ...landingVisit, hash: '#access_token=a&refresh_token=b' })).toBe(false);
  });
});

describe('firstLanguage', () => {
  it('prefers the language the address names, then the remembered one, then Arabic', () => {
    expect(firstLanguage('?lang=en', 'ar')).toBe('en');
    expect(firstLanguage('?lang=fr', 'en')).toBe('en');
    expect(firstLanguage('', undefined)).toBe('ar');
  });
});
