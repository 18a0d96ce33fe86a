import { Router } from 'express';
import type { THealth } from '@app/shared';
import { AppError, sendApiError } from '../http/errors.js';
import type { Runtime } from '../runtime.js';

export function healthRoutes(runtime: Pick<Runtime, 'database' | 'cache' | 'version'>): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const [dbUp, cacheUp] = await Promise.all([
      runtime.database.ping().then(
        () => true,
        () => false,
      ),
      runtime.cache.ping(),
    ]);
    const body: THealth = {
      // The cache failing degrades speed only; the database failing means we cannot serve.
      status: dbUp && cacheUp ? 'ok' : 'degraded',
      db: runtime.database.kind,
      cache: runtime.cache.kind,
      version: runtime.version,
    };
    res.status(dbUp ? 200 : 503).json(body);
  });

  /**
   * Readiness for a load balancer: the database must take a write, not just answer a read (a full disk
   * or a read-only volume still answers `select 1`). Costs a small transaction, so /healthz stays the
   * cheap liveness probe.
   */
  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await runtime.database.writeProbe();
      res.json({ status: 'ready', db: runtime.database.kind, version: runtime.version });
    } catch (err) {
      req.log?.warn({ err }, 'readiness probe: the database cannot write');
      sendApiError(res, new AppError('database_read_only'));
    }
  });
  return router;
}
