import type { z } from 'zod';
import type { TApiErrorCode } from '../errors.js';

/** The HTTP methods a route answers (`all`: every method, e.g. a 404 for a whole prefix). */
export type THttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all';

/**
 * Who may call a route: anyone (`public`), a signed-in merchant (`merchant`, a Bearer access token),
 * an administrator (`admin`), an outside service proving itself by a signature or secret (`webhook`),
 * or the development helpers (`dev`: never in production, loopback only).
 */
export type TRouteAuth = 'public' | 'merchant' | 'admin' | 'webhook' | 'dev';

/** What a request's body is: JSON, raw bytes (an uploaded picture), a form, or plain text. */
export type TBodyKind = 'json' | 'bytes' | 'form' | 'text';

/** What a successful answer is. */
export type TAnswerKind = 'json' | 'empty' | 'redirect' | 'html' | 'javascript' | 'text' | 'bytes';

/**
 * One endpoint, defined once: method, path (Express style `:param`), the schemas of its inputs, its
 * answer, and the error codes (from `API_ERRORS`) it answers beyond those every route of its `auth`
 * and inputs can answer (see `commonErrors`).
 */
export interface RouteContract {
  readonly method: THttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly auth: TRouteAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** `json` when a body schema is given and nothing else is said. */
  readonly bodyKind?: TBodyKind;
  /** The success status (200 unless said). */
  readonly status?: number;
  readonly answerKind: TAnswerKind;
  /** The JSON answer's schema; absent for answers that are not JSON. */
  readonly answer?: z.ZodType;
  readonly errors: readonly TApiErrorCode[];
  /** Answered before Express sees the request (the widget's hot path). */
  readonly belowExpress?: boolean;
}

/** Keeps a contract's literal types (its schemas' types reach the handler and the client). */
export function contract<const C extends RouteContract>(c: C): C {
  return c;
}

/** The error codes any route answers because of who may call it and what it reads. */
export function commonErrors(c: RouteContract): TApiErrorCode[] {
  const codes: TApiErrorCode[] = [];
  if (c.params || c.query || c.body) codes.push('invalid_input', 'invalid_characters');
  if (c.body && (c.bodyKind ?? 'json') === 'json') codes.push('invalid_json', 'payload_too_large');
  if (c.auth === 'merchant' || c.auth === 'admin') {
    codes.push('unauthorized', 'invalid_token', 'token_expired', 'session_revoked');
  }
  if (c.auth === 'admin') codes.push('forbidden');
  if (c.auth === 'dev') codes.push('not_found');
  codes.push('internal_error', 'service_unavailable');
  return codes;
}
