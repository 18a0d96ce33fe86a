import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isUnavailableError } from '../lib/unavailable.js';
import { AppError, sendApiError, unavailableError } from './errors.js';

/** One log line per this long while the database cannot be reached, not one per request. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;
let lastUnavailableLog = -Infinity;

/** JSON 404 for anything no route answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendApiError(res, new AppError('not_found', `No route for ${req.method} ${req.path}`));
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** The one place thrown errors become responses: `{error: {code, message}}` with the right status. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  if (err instanceof AppError) {
    if (err.status >= 500) req.log?.error({ err }, 'request failed');
    sendApiError(res, err);
    return;
  }
  if (typeof err === 'object' && err !== null) {
    const e = err as HttpishError;
    const s = e.status ?? e.statusCode;
    if (e.type === 'entity.parse.failed') return sendApiError(res, new AppError('invalid_json'));
    if (e.type === 'entity.too.large') return sendApiError(res, new AppError('payload_too_large'));
    if (s && s >= 400 && s < 500 && e.expose) {
      return sendApiError(res, new AppError('bad_request', e.message ?? undefined), { status: s });
    }
  }
  // The database (or Redis) is unreachable: an honest 503 the client may retry, logged once in a while.
  if (isUnavailableError(err)) {
    const now = performance.now();
    if (now - lastUnavailableLog >= UNAVAILABLE_LOG_INTERVAL_MS) {
      lastUnavailableLog = now;
      req.log?.warn({ err }, 'a service the request needs cannot be reached; answering 503');
    }
    sendApiError(res, unavailableError());
    return;
  }
  req.log?.error({ err }, 'request failed');
  sendApiError(res, new AppError('internal_error'));
};
