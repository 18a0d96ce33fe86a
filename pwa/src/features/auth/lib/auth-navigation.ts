import type { en, TSession } from '@app/shared';
import type { TAuthEvent } from './auth-client';

export const LOGIN_PATH = '/login';
export const CHECK_EMAIL_PATH = '/auth/check-email';
export const CALLBACK_PATH = '/auth/callback';
export const DASHBOARD_PATH = '/dashboard';

/**
 * The message put in the URL for /login when signing in fails (English; the login page translates it). Written
 * out rather than read from the catalogue, which this module (part of every page) must not load; the type
 * keeps it equal to the catalogue's text.
 */
export const SIGN_IN_ERROR_MESSAGE: (typeof en)['auth.signInError'] = 'Error signing in. Please try again.';

/** Pages where losing the session must not move the user: they are part of signing in. */
const SIGN_IN_PATHS = new Set([LOGIN_PATH, CHECK_EMAIL_PATH, CALLBACK_PATH]);

/**
 * Where an auth event sends the user (product §4), or null to stay. On /auth/callback only the session state
 * changes; the callback page does its own navigation.
 */
export function redirectForAuthEvent(
  event: TAuthEvent,
  session: TSession | null,
  pathname: string,
): string | null {
  if (pathname === CALLBACK_PATH) return null;
  switch (event) {
    case 'SIGNED_OUT':
      return SIGN_IN_PATHS.has(pathname) ? null : LOGIN_PATH;
    case 'TOKEN_REFRESHED':
      return session === null && pathname !== LOGIN_PATH ? LOGIN_PATH : null;
    case 'SIGNED_IN':
      return pathname === LOGIN_PATH ? DASHBOARD_PATH : null;
    // Someone already signed in who opens the sign-in page (bookmark, back button) has nothing to do there.
    case 'INITIAL_SESSION':
      return session !== null && pathname === LOGIN_PATH ? DASHBOARD_PATH : null;
    default:
      return null;
  }
}
