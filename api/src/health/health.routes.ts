import { Router } from 'express';
import type { THealth } from '@app/shared';
import type { Runtime } from '../runtime.js';

/** Each readiness check: `ok`, or what is wrong. */
interface ReadinessChecks {
  database: 'ok' | 'read_only';
  cache: 'ok' | 'unavailable';
  migrations: 'ok' | 'pending' | 'unknown';
  shutdown: 'no' | 'draining';
}

export interface HealthOptions {
  /** True once SIGTERM arrived: the load balancer must stop sending requests here. */
  isDraining?: () => boolean;
}

export function healthRoutes(
  runtime: Pick<Runtime, 'database' | 'cache' | 'version'>,
  options: HealthOptions = {},
): Router {
  const router = Router();
  const isDraining = options.isDraining ?? (() => false);

  /** Liveness: the process runs its event loop. Nothing else is checked, so a restart never follows a database outage. */
  router.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'live', version: runtime.version });
  });

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
   * or a read-only volume still answers `select 1`), the cache must answer, the schema must have every
   * migration this code knows, and the process must not be draining after SIGTERM. 503 names each
   * failed part. Costs a small transaction, so /livez and /healthz stay the cheap probes.
   */
  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const [database, cache, migrations] = await Promise.all([
      runtime.database.writeProbe().then(
        () => 'ok' as const,
        (err: unknown) => {
          req.log?.warn({ err }, 'readiness probe: the database cannot write');
          return 'read_only' as const;
        },
      ),
      runtime.cache.ping().then((up) => (up ? ('ok' as const) : ('unavailable' as const))),
      runtime.database.migrationsApplied().then(
        (applied) => (applied ? ('ok' as const) : ('pending' as const)),
        () => 'unknown' as const,
      ),
    ]);
    const checks: ReadinessChecks = {
      database,
      cache,
      migrations,
      shutdown: isDraining() ? 'draining' : 'no',
    };
    const failed = Object.entries(checks)
      .filter(([name, value]) => value !== (name === 'shutdown' ? 'no' : 'ok'))
      .map(([name]) => name);
    res.status(failed.length === 0 ? 200 : 503).json({
      status: failed.length === 0 ? 'ready' : 'not_ready',
      failed,
      checks,
      db: runtime.database.kind,
      cache: runtime.cache.kind,
      version: runtime.version,
    });
  });
  return router;
}
