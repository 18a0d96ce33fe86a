import type { TPublicConfig } from '@app/shared';

export const INSTALL_PLATFORMS = ['salla', 'zid'] as const;
export type TInstallPlatform = (typeof INSTALL_PLATFORMS)[number];

export const isInstallPlatform = (value: string | undefined): value is TInstallPlatform =>
  (INSTALL_PLATFORMS as readonly (string | undefined)[]).includes(value);

/**
 * Where "Install on Salla" / "Install on Zid" lead: Lamha's own listing on that platform when the server
 * names one (SALLA_APP_URL / ZID_APP_URL), else this site's page on adding the widget by hand. Never the
 * platform's app store in general, where a merchant would have to search for us.
 */
export function installLink(
  platform: TInstallPlatform,
  config: Pick<TPublicConfig, 'salla_app_url' | 'zid_app_url'>,
): { href: string; listing: boolean } {
  const listing = platform === 'salla' ? config.salla_app_url : config.zid_app_url;
  return listing ? { href: listing, listing: true } : { href: `/install/${platform}`, listing: false };
}
