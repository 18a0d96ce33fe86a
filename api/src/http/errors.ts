import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { API_ERRORS, type TApiError, type TApiErrorCode } from '@app/shared';

/**
 * A failure the API answers with a stable code from the shared table (`API_ERRORS`), which also gives its
 * status and, unless the call site has a more precise English sentence, its message. Anything else is a
 * 500.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: TApiErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? API_ERRORS[code].en);
    this.name = 'AppError';
    this.status = API_ERRORS[code].status;
  }
}

/** Seconds a client is asked to wait when the database cannot be reached (Retry-After). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request that needs a service that cannot be reached: 503 with Retry-After. */
export function unavailableError(): AppError {
  return new AppError('service_unavailable', undefined, { retry_after: UNAVAILABLE_RETRY_AFTER_SECONDS });
}

export function apiErrorBody(error: AppError): TApiError {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
}

/**
 * The one way an error reaches a client: `{error: {code, message, details?}}` with the table's status
 * (or `status` for a body parser's own 4xx), and Retry-After when the details say when to try again.
 * Plain Node responses too, for the widget's init handler that answers below Express.
 */
export function sendApiError(
  res: ServerResponse,
  error: AppError,
  options: { status?: number; headers?: OutgoingHttpHeaders } = {},
): void {
  const body = JSON.stringify(apiErrorBody(error));
  const retryAfter = (error.details as { retry_after?: unknown } | undefined)?.retry_after;
  res.writeHead(options.status ?? error.status, {
    ...(typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {}),
    ...options.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
