/** Where merchants install Lamha when no app-specific link is configured: the Salla App Store. */
export const SALLA_APP_STORE_URL = 'https://s.salla.sa/apps';

/**
 * The install button's target. `VITE_SALLA_APP_INSTALL_URL` (read at build time, see README) points it at
 * Lamha's own page in the Salla App Store once the app is published; only http(s) addresses are accepted.
 */
export function sallaInstallUrl(
  configured: string | undefined = import.meta.env.VITE_SALLA_APP_INSTALL_URL,
): string {
  const value = configured?.trim();
  if (!value) return SALLA_APP_STORE_URL;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : SALLA_APP_STORE_URL;
  } catch {
    return SALLA_APP_STORE_URL;
  }
}
