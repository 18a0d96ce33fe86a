/** Set by the API beside the httpOnly refresh cookie; holds no secret. */
export const SIGNED_IN_HINT_COOKIE = 'lamha_signed_in';

/**
 * Whether the API said this browser holds a refresh cookie. Without the hint there is no session to restore,
 * so nothing needs the auth client (or zod) yet: the landing page stays light.
 */
export function hasSignedInHint(): boolean {
  return (
    typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`)
  );
}
