import type { Request, RequestHandler } from 'express';
import { httpDurations } from './metrics.js';

/**
 * The route pattern a request matched (`/api/merchant/posts/:id`), never its raw path: one series per
 * route, whatever ids and queries arrive. Requests no route matched are `static` (files, the app
 * shell) or `not_found`.
 */
function routeOf(req: Request, status: number): string {
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  if (pattern !== undefined) return `${req.baseUrl}${String(pattern)}`;
  return status === 404 ? 'not_found' : 'static';
}

/** Records every Express answer's time in lamha_http_request_duration_seconds. */
export const recordRequestDuration: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.once('finish', () => {
    httpDurations.observe(
      routeOf(req, res.statusCode),
      req.method,
      res.statusCode,
      (performance.now() - started) / 1000,
    );
  });
  next();
};
