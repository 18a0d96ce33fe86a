import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, type RequestHandler } from 'express';
import { opsContracts } from '@app/shared/contracts';
import type { ApiEnv } from '../config/env.js';
import { isLocalCaller } from '../http/loopback-only.js';
import { AppError } from '../http/errors.js';
import { contractRoutes, noStore } from '../http/route.js';
import { httpDurations, METRICS_CONTENT_TYPE, metricsText } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the Authorization header is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * Who may read GET /metrics on the API port: anyone with METRICS_TOKEN as a bearer token when it is
 * set; nobody when only METRICS_PORT is set (the metrics live there); else callers on this machine
 * only (the socket's address, never a forwarded header; a request a proxy forwarded is not one of them).
 * Others get the 404 of an unknown route.
 */
function metricsGuard(env: Pick<ApiEnv, 'METRICS_TOKEN' | 'METRICS_PORT'>): RequestHandler {
  return (req, res, next) => {
    const token = env.METRICS_TOKEN;
    if (token !== undefined) {
      if (bearerMatches(req.headers.authorization, token)) return next();
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', 'Present METRICS_TOKEN as a bearer token.');
    }
    if (env.METRICS_PORT === undefined && isLocalCaller(req)) return next();
    throw new AppError('not_found', `No route for ${req.method} ${req.path}`);
  };
}

export function metricsRoutes(env: Pick<ApiEnv, 'METRICS_TOKEN' | 'METRICS_PORT'>): Router {
  const router = Router();
  // The contract's `admin`: here the metrics token or this machine, not an admin's session.
  const route = contractRoutes(router, { admin: metricsGuard(env) });
  route(
    opsContracts.metrics,
    async ({ res }) => {
      res.type(METRICS_CONTENT_TYPE).send(await metricsText());
    },
    { before: [noStore] },
  );
  return router;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: a listener of its own for Prometheus (the API's or the cron process's metrics), away
 * from the public port. GET /metrics (bearer token too when METRICS_TOKEN is set) and GET /livez.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  token?: string | undefined;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
      httpDurations.observe(
        path === '/metrics' || path === '/livez' ? path : 'not_found',
        req.method ?? '',
        status,
        (performance.now() - started) / 1000,
      );
    };
    if (req.method !== 'GET') return answer(405, 'text/plain', 'Use GET.\n');
    if (path === '/livez') return answer(200, 'application/json', '{"status":"live"}');
    if (path !== '/metrics') return answer(404, 'text/plain', 'Not found.\n');
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      return answer(401, 'text/plain', 'Present METRICS_TOKEN as a bearer token.\n');
    }
    metricsText().then(
      (text) => answer(200, METRICS_CONTENT_TYPE, text),
      () => answer(500, 'text/plain', 'Could not collect the metrics.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
