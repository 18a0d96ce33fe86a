import { z } from 'zod';
import { ZText } from './text.js';

// ---------- Instagram usernames: the one copy of the rules (API, dashboard form, dev consent page) ----------

/**
 * What people paste: "@Blue.Bottle ", copied with the @ from a profile page. Spaces around go, and every
 * leading @ ("@@name" is a slip of the paste); a space after the @ stays, so "@ name" is not a username.
 * Instagram names are case-insensitive.
 */
export function normaliseInstagramUsername(input: string): string {
  return input.trim().replace(/^@+/, '').toLowerCase();
}

export const INSTAGRAM_USERNAME_MESSAGE = 'Please enter a valid Instagram username';

/**
 * Instagram's own rules: 1–30 letters, digits, periods and underscores; a period may not start or end the
 * name, nor follow another. Usernames also end up inside a Graph API field expression
 * (`business_discovery.username(NAME)`), so nothing else may ever get through.
 */
const INSTAGRAM_USERNAME_PATTERN = /^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/;

/** For a client that checks a form field without zod. */
export const isInstagramUsername = (name: string): boolean => INSTAGRAM_USERNAME_PATTERN.test(name);

export const ZInstagramUsername = z
  .string()
  .regex(INSTAGRAM_USERNAME_PATTERN, { message: INSTAGRAM_USERNAME_MESSAGE });

/** For form fields and query strings: normalises first, then checks. */
export const ZInstagramUsernameInput = z
  .string({ message: INSTAGRAM_USERNAME_MESSAGE })
  .transform(normaliseInstagramUsername)
  .pipe(ZInstagramUsername);

/** The normalised username, or undefined when it breaks Instagram's rules. */
export function parseInstagramUsername(input: string): string | undefined {
  const parsed = ZInstagramUsernameInput.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}
import { ZOAuthCode, ZOAuthState } from './text.js';

/**
 * Connect with Instagram (Instagram API with Instagram Login): what the dashboard and the API exchange,
 * and what Meta's deauthorize and data-deletion callbacks send.
 */

/** Why a connection did not finish: `/dashboard?instagram=error&code=<code>`. */
export const ZInstagramConnectErrorCode = z.enum([
  'access_denied',
  'personal_account',
  'state_invalid',
  'exchange_failed',
  'not_configured',
  'already_connected_elsewhere',
  /** Facebook Login: none of the person's Pages has a linked Instagram professional account. */
  'no_linked_instagram',
]);
export type TInstagramConnectErrorCode = z.infer<typeof ZInstagramConnectErrorCode>;

/** The API's English wording of those codes (the dashboard translates by code). */
export const INSTAGRAM_CONNECT_MESSAGES: Record<TInstagramConnectErrorCode, string> = {
  access_denied: 'Instagram was not connected: permission was not given.',
  personal_account:
    'This is a personal Instagram account. Switch it to a professional (business or creator) account in the Instagram app, then connect again.',
  state_invalid:
    'This connection link has expired or was opened in another browser. Please press "Connect with Instagram" again.',
  exchange_failed: 'Instagram did not complete the connection. Please try again in a minute.',
  not_configured: 'Instagram Login is not configured on this server.',
  already_connected_elsewhere: 'This Instagram account is already connected to another store.',
  no_linked_instagram:
    'None of the Facebook Pages you manage is linked to an Instagram professional account. Link your Instagram account to your Facebook Page, then connect again.',
};

/** POST /api/instagram/connect */
export const ZInstagramConnectResponse = z.object({ url: z.url() });
export type TInstagramConnectResponse = z.infer<typeof ZInstagramConnectResponse>;

/** The query Instagram sends back to GET /api/instagram/callback (a denial carries `error`). */
export const ZInstagramCallbackQuery = z.object({
  code: ZOAuthCode.optional(),
  state: ZOAuthState.optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** GET /api/instagram/connection: the merchant's connected account, if any. */
export const ZInstagramConnection = z.object({
  connected: z.boolean(),
  /** Instagram Login is available here (real credentials, or the dev consent page outside production). */
  login_available: z.boolean(),
  /**
   * Connecting by username works here (Business Discovery, or sample content outside production or with
   * DEMO_CONTENT=true). False in production without Business Discovery keys: the dashboard hides it.
   */
  username_available: z.boolean(),
  username: z.string().nullable(),
  account_type: z.string().nullable(),
  status: z.enum(['active', 'needs_reconnect']).nullable(),
  /** The content shown is generated sample content (a demo account, or no Instagram credentials). */
  sample_content: z.boolean(),
  connected_at: z.iso.datetime().nullable(),
  token_expires_at: z.iso.datetime().nullable(),
});
export type TInstagramConnection = z.infer<typeof ZInstagramConnection>;

/**
 * Content health: `needs_reconnect` when Instagram refused the connection's token, `stale` when the last
 * good refresh is older than twice the plan's interval. The store keeps showing the last good content.
 */
export const ZContentHealthState = z.enum(['ok', 'needs_reconnect', 'stale']);
export type TContentHealthState = z.infer<typeof ZContentHealthState>;

/** GET /api/merchant/content-health: what the dashboard's banner needs. */
export const ZContentHealth = z.object({
  state: ZContentHealthState,
  /** When content was last refreshed successfully, if ever. */
  last_good_refresh_at: z.iso.datetime().nullable(),
  /** The plan's refresh interval in hours (stale means older than twice this). */
  refresh_hours: z.number().positive(),
  /** Whether the merchant is connected through Instagram Login (the banner's Reconnect starts it again). */
  login_connection: z.boolean(),
});
export type TContentHealth = z.infer<typeof ZContentHealth>;

/** Meta's `signed_request` payload, once its signature is verified. */
export const ZMetaSignedRequest = z.object({
  algorithm: z.string().regex(/^HMAC-SHA256$/i),
  /** Seconds since the epoch; the API refuses requests older than an hour (or from the future). */
  issued_at: z.union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ]),
  /**
   * App-scoped per the data-deletion docs. A bare number beyond 2^53 must reach this already as a string
   * (the server parses the payload keeping every digit); a rounded one is refused, never matched.
   */
  user_id: z
    .union([z.string().regex(/^\d{1,40}$/), z.number().int().nonnegative().refine(Number.isSafeInteger)])
    .transform((v) => String(v)),
});
export type TMetaSignedRequest = z.infer<typeof ZMetaSignedRequest>;

/** The form body Meta posts to the deauthorize and data-deletion callbacks. */
export const ZMetaSignedRequestBody = z.object({ signed_request: z.string().min(3).max(8000) });

/**
 * The status page's query: the confirmation code we issued (base64url, 12 characters today; up to 64
 * accepted). Anything else, NUL included, is a 400 before it reaches the database.
 */
export const ZDataDeletionStatusQuery = z.object({
  code: ZText.max(64).regex(/^[A-Za-z0-9_-]+$/, 'not a confirmation code we issued'),
});

/** POST /api/instagram/data-deletion answers Meta with this. */
export const ZDataDeletionAnswer = z.object({ url: z.url(), confirmation_code: z.string().min(1) });
export type TDataDeletionAnswer = z.infer<typeof ZDataDeletionAnswer>;
