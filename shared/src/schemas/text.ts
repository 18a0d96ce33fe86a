import { z } from 'zod';
import type { TApiErrorCode } from '../errors.js';

/**
 * The error code of text that holds characters we never store. PostgreSQL refuses NUL (`\u0000`) in
 * `text` and `jsonb`, so letting one through turned a bad request into a 500.
 */
export const INVALID_CHARACTERS_CODE = 'invalid_characters' satisfies TApiErrorCode;
export const INVALID_CHARACTERS_MESSAGE = 'must not contain NUL characters';

const hasNul = (text: string) => text.includes('\u0000');

/** True when a string anywhere in a JSON value (object keys included) holds a NUL character. */
export function containsNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => containsNulCharacter(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasNul(k) || containsNulCharacter(v, depth + 1));
}

/**
 * The one refinement for outside text: a string without NUL characters, failing with
 * `invalid_characters` (the API answers 400 with that code). Build text fields on it:
 * `ZText.trim().max(120)`.
 */
export const ZText = z.string().refine((v) => !hasNul(v), {
  message: INVALID_CHARACTERS_MESSAGE,
  params: { code: INVALID_CHARACTERS_CODE },
});

/** A whole JSON body (webhook deliveries are stored as they came) without NUL in any string. */
export const ZNulFreeJson = z.unknown().refine((v) => !containsNulCharacter(v), {
  message: INVALID_CHARACTERS_MESSAGE,
  params: { code: INVALID_CHARACTERS_CODE },
});

/** True when a zod error failed because of `ZText` or `ZNulFreeJson`. */
export function isInvalidCharactersError(error: z.ZodError): boolean {
  return error.issues.some(
    (issue) =>
      issue.code === 'custom' &&
      (issue as { params?: { code?: unknown } }).params?.code === INVALID_CHARACTERS_CODE,
  );
}

/** Hosts a post's "View on Instagram" link may point to: Instagram itself, https only. */
const INSTAGRAM_LINK_HOSTS = ['instagram.com'];

/**
 * A link to Instagram: https on instagram.com or a subdomain of it. `z.url()` alone accepts
 * `javascript:` and `data:` URLs, which a store page would run when a visitor clicks the link.
 */
export const ZInstagramUrl = z
  .string()
  .max(2048)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        const host = url.hostname.toLowerCase();
        return (
          url.protocol === 'https:' &&
          url.username === '' &&
          url.password === '' &&
          INSTAGRAM_LINK_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
        );
      } catch {
        return false;
      }
    },
    { message: 'must be an https link on instagram.com' },
  );

/**
 * An OAuth authorization code as a provider sends it back (RFC 6749: visible ASCII, no spaces), bounded.
 * Anything else is not a code any provider issued, and never reaches a token endpoint.
 */
export const ZOAuthCode = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^[\x21-\x7E]+$/, 'not an authorization code');

/** The `state` we signed (a compact JWS: three base64url parts), bounded before anything verifies it. */
export const ZOAuthState = z
  .string()
  .min(1)
  .max(4000)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'not a state we issued');
