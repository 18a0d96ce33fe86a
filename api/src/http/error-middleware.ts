import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { TApiError } from '@app/shared';
import { AppError } from './errors.js';

/** JSON 404 for anything no route answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  const body: TApiError = {
    error: { code: 'not_found', message: `No route for ${req.method} ${req.path}` },
  };
  res.status(404).json(body);
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** The one place errors become responses: `{error: {code, message}}` with the right status. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  let status = 500;
  let body: TApiError = {
    error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
  };
  if (err instanceof AppError) {
    status = err.status;
    const retryAfter = (err.details as { retry_after?: unknown } | undefined)?.retry_after;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    body = {
      error: {
        code: err.code,
        message: err.message,
        ...(err.details === undefined ? {} : { details: err.details }),
      },
    };
  } else if (typeof err === 'object' && err !== null) {
    const e = err as HttpishError;
    const s = e.status ?? e.statusCode;
    if (e.type === 'entity.parse.failed') {
      status = 400;
      body = { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } };
    } else if (e.type === 'entity.too.large') {
      status = 413;
      body = { error: { code: 'payload_too_large', message: 'The request body is too large.' } };
    } else if (s && s >= 400 && s < 500 && e.expose) {
      status = s;
      body = { error: { code: 'bad_request', message: e.message ?? 'Bad request.' } };
    }
  }
  if (status >= 500) req.log?.error({ err }, 'request failed');
  res.status(status).json(body);
};
