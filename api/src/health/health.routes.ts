import { Router } from 'express';
import type { THealth } from '@app/shared';
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
  return router;
}
