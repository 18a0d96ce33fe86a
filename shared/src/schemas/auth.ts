import { z } from 'zod';
import { ZLanguage, ZStorePlatform } from './common.js';

/**
 * The auth API contract shared by the API (`api/src/auth`) and the PWA. Form messages are the product's
 * English wording; the API's errors are worded by code from the error table (`API_ERRORS`).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long.';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';

/** An e-mail address, trimmed and lower-cased before it is checked. */
/** The longest address SMTP can deliver to (RFC 5321 path limit); longer input is refused before parsing. */
export const EMAIL_MAX_LENGTH = 254;
export const ZEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .toLowerCase()
  .pipe(z.email());
export type TEmail = z.infer<typeof ZEmail>;

export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE);
export type TPassword = z.infer<typeof ZPassword>;

/** The "Set Your Password" form: both fields, at least 8 characters, and the same twice. */
export const ZSetPasswordForm = z
  .object({
    password: ZPassword,
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirm'],
  });
export type TSetPasswordForm = z.infer<typeof ZSetPasswordForm>;

/** Where the refresh token travels: an httpOnly cookie (browsers) or the JSON body (other clients). */
export const ZTokenTransport = z.enum(['cookie', 'body']);
export type TTokenTransport = z.infer<typeof ZTokenTransport>;

/** POST /api/auth/magic-link/request → 200 ZMagicLinkResponse; 429 ZApiError when asked too often. */
export const ZMagicLinkRequest = z.object({
  email: ZEmail,
  language: ZLanguage.optional(),
});
export type TMagicLinkRequest = z.infer<typeof ZMagicLinkRequest>;

export const ZMagicLinkResponse = z.object({ message: z.string() });
export type TMagicLinkResponse = z.infer<typeof ZMagicLinkResponse>;

/** POST /api/auth/token: exchange a magic-link code, or rotate a refresh token. Answers ZSession. */
export const ZTokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('magic_link'),
    code: z.string().min(1),
    transport: ZTokenTransport.optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    /** Only with transport 'body'; with 'cookie' the token comes from the httpOnly cookie. */
    refresh_token: z.string().optional(),
    transport: ZTokenTransport.optional(),
  }),
]);
export type TTokenRequest = z.infer<typeof ZTokenRequest>;
export type TGrantType = TTokenRequest['grant_type'];

/** POST /api/auth/password: sign in with e-mail and password. Answers ZSession. */
export const ZPasswordSignIn = z.object({
  email: ZEmail,
  password: z.string().min(1),
  transport: ZTokenTransport.optional(),
});
export type TPasswordSignIn = z.infer<typeof ZPasswordSignIn>;

/** POST /api/auth/logout (Bearer) → 204, refresh cookie cleared. */
export const ZLogoutScope = z.enum(['local', 'global', 'others']);
export type TLogoutScope = z.infer<typeof ZLogoutScope>;
export const ZLogoutRequest = z.object({
  scope: ZLogoutScope.default('local'),
});
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

/** POST /api/auth/set-password (Bearer) → ZUserResponse. */
export const ZSetPasswordRequest = z.object({
  password: ZPassword,
});
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

export const ZAuthUser = z.object({
  id: z.uuid(),
  email: z.string(),
  is_admin: z.boolean(),
  language: ZLanguage,
  needs_password_setup: z.boolean(),
  store_platform: ZStorePlatform,
  user_metadata: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime({ offset: true }),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** GET /api/auth/user and POST /api/auth/set-password answer the current user. */
export const ZUserResponse = z.object({ user: ZAuthUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZSession = z.object({
  access_token: z.string(),
  /** Omitted when the transport is 'cookie'. */
  refresh_token: z.string().optional(),
  /** Unix time in seconds. */
  expires_at: z.number(),
  /** Seconds. */
  expires_in: z.number(),
  token_type: z.literal('bearer'),
  user: ZAuthUser,
});
export type TSession = z.infer<typeof ZSession>;
