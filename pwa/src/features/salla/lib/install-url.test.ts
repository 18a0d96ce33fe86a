import { describe, expect, it } from 'vitest';
import { SALLA_APP_STORE_URL, sallaInstallUrl } from './install-url';

describe('Salla install link', () => {
  it('falls back to the Salla App Store when nothing usable is configured', () => {
    expect(SALLA_APP_STORE_URL).toBe('https://s.salla.sa/apps');
    expect(sallaInstallUrl('')).toBe(SALLA_APP_STORE_URL);
    expect(sallaInstallUrl('   ')).toBe(SALLA_APP_STORE_URL);
    expect(sallaInstallUrl('not a url')).toBe(SALLA_APP_STORE_URL);
    expect(sallaInstallUrl('javascript:alert(1)')).toBe(SALLA_APP_STORE_URL);
  });

  it('uses the configured app page', () => {
    expect(sallaInstallUrl('https://s.salla.sa/apps/install/123456')).toBe(
      'https://s.salla.sa/apps/install/123456',
    );
  });
});
