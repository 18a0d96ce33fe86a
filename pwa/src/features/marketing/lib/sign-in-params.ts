import { CALLBACK_PATH } from '../../auth/lib/auth-navigation';

/**
 * Sign-in links sometimes land on the home page instead of /auth/callback (an older e-mail, a link set up
 * with the site root as its redirect): `?code=…`, `#access_token=…&refresh_token=…`, `type=magiclink`, or an
 * error from the sign-in provider. Such a URL belongs to the callback page.
 */
export function hasSignInParams(search: string, hash: string): boolean {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const either = (name: string) => query.get(name) ?? fragment.get(name);
  return (
    query.has('code') ||
    (either('access_token') !== null && either('refresh_token') !== null) ||
    either('type') === 'magiclink' ||
    (either('error') !== null && either('error_description') !== null)
  );
}

/** Where a URL with sign-in parameters goes: the callback page, with query and hash kept as they were. */
export function signInCallbackPath(search: string, hash: string): string | null {
  return hasSignInParams(search, hash) ? `${CALLBACK_PATH}${search}${hash}` : null;
}
