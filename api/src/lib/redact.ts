/**
 * What never reaches a log line. Request URLs carry one-time codes (`/auth/callback?code=`), OAuth codes
 * and state, tokens, and the Zid webhook secret as a path segment; logs are shipped, kept and read by
 * more people than the database, in production too.
 */

/** Query parameters whose values are secrets or personal data, in any URL anywhere in a line. */
export const REDACTED_QUERY_PARAMS = [
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'secret',
  'signature',
  'password',
  'email',
] as const;

/** Paths with a secret segment: the part after the prefix, up to the next `/`, `?` or `#`. */
export const REDACTED_PATH_PREFIXES = ['/api/integrations/zid/webhook/'] as const;

export const REDACTED = '[redacted]';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// A value ends where a URL's query value ends, or where the JSON string it sits in does.
const VALUE = `[^&#\\s"'<>\\\\]*`;
const queryPattern = new RegExp(`([?&;](?:${REDACTED_QUERY_PARAMS.join('|')})=)${VALUE}`, 'gi');
const pathPattern = new RegExp(
  `(${REDACTED_PATH_PREFIXES.map(escapeRegExp).join('|')})[^/?#\\s"'<>\\\\]+`,
  'g',
);

/** Redacts secret query values and secret path segments in any text: a URL, a message, a JSON line. */
export function redactSecrets(text: string): string {
  if (!text.includes('=') && !text.includes('/')) return text;
  return text.replace(queryPattern, `$1${REDACTED}`).replace(pathPattern, `$1${REDACTED}`);
}
