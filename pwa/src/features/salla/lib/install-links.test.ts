import { describe, expect, it } from 'vitest';
import { EMPTY_PUBLIC_CONFIG } from '@app/shared';
import { installLink, isInstallPlatform } from './install-links';

describe('install links', () => {
  it('lead to the manual-install page while no listing is configured', () => {
    expect(installLink('salla', EMPTY_PUBLIC_CONFIG)).toEqual({ href: '/install/salla', listing: false });
    expect(installLink('zid', EMPTY_PUBLIC_CONFIG)).toEqual({ href: '/install/zid', listing: false });
  });

  it("lead to Lamha's own listing when the server names it", () => {
    const config = {
      salla_app_url: 'https://apps.salla.sa/ar/app/123456789',
      zid_app_url: 'https://apps.zid.sa/application/42',
    };
    expect(installLink('salla', config)).toEqual({ href: config.salla_app_url, listing: true });
    expect(installLink('zid', config)).toEqual({ href: config.zid_app_url, listing: true });
  });

  it('knows the two platforms and nothing else', () => {
    expect(isInstallPlatform('salla')).toBe(true);
    expect(isInstallPlatform('zid')).toBe(true);
    expect(isInstallPlatform('shopify')).toBe(false);
    expect(isInstallPlatform(undefined)).toBe(false);
  });
});
