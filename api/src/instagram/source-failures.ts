import { API_ERRORS } from '@app/shared';
import type { SourceFailure } from './instagram.source.js';

/**
 * The product's wording for each failure, shared by every source so the dashboard reads the same whether
 * the demo or Instagram answered.
 */
export const failureMessages = {
  notFound: API_ERRORS.instagram_not_found.en,
  notBusiness: API_ERRORS.instagram_not_business.en,
  private: API_ERRORS.instagram_private.en,
} as const;

export function notFound(): SourceFailure {
  return { kind: 'not_found', message: failureMessages.notFound };
}

export function notBusiness(): SourceFailure {
  return { kind: 'not_business', message: failureMessages.notBusiness };
}

export function privateAccount(): SourceFailure {
  return { kind: 'private', message: failureMessages.private };
}

export function rateLimited(retryAfterMs: number, detail?: string): SourceFailure {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return {
    kind: 'rate_limited',
    message: `Instagram is limiting how often we can ask for content. We will try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterMs,
    detail,
  };
}

/** This merchant's own share of the hour's shared budget is used up; the rest of the service is not. */
export function shareUsed(retryAfterMs: number): SourceFailure {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return {
    kind: 'rate_limited',
    message: `Your account has used its share of Instagram requests for this hour. We will try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterMs,
    detail: "this merchant's share of the hour's Graph budget is used up",
  };
}

/** `reason` is for people and says what happened ("Instagram did not answer within 10 seconds."). */
export function unavailable(reason: string, detail?: string): SourceFailure {
  return { kind: 'unavailable', message: `${reason} We will try again shortly.`, detail };
}
