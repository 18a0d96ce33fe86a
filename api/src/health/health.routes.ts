import { Router } from 'express';
import type { THealth } from '@app/shared';
import { opsContracts as c } from '@app/shared/contracts';
import { ANSWERED, contractRoutes, noStore } from '../http/route.js';
import type { Runtime } from '../runtime.js';

/**
 * How long one readiness result is reused. Load balancers poll every few seconds, so a second is fresh
 * enough, and a burst of calls (anyone can reach /readyz) costs one small write, not one each.
 */
export const READINESS_MEMO_MS = 1_000;

/** Each readiness check: `ok`, or what is wrong. */
interface ReadinessChecks {
  database: 'ok' | 'read_only';
  cache: 'ok' | 'unavailable';
  migrations: 'ok' | 'pending' | 'unknown';
  shutdown: 'no' | 'draining';
}
type StorageChecks = Omit<ReadinessChecks, 'shutdown'>;

export interface HealthOptions {
  /** True once SIGTERM arrived: the load balancer must stop sending requests here. */
  isDraining?: () => boolean;
}

export function healthRoutes(
  runtime: Pick<Runtime, 'database' | 'cache' | 'version' | 'clock' | 'logger'>,
  options: HealthOptions = {},
): Router {
  const router = Router();
  const route = contractRoutes(router);
  const isDraining = options.isDraining ?? (() => false);

  // One storage check at a time: callers while it runs share it, and its result serves for a second after.
  let running: Promise<StorageChecks> | undefined;
  let last: { at: number; checks: StorageChecks } | undefined;
  const checkStorage = (): Promise<StorageChecks> => {
    const now = runtime.clock.now().getTime();
    if (last && now - last.at < READINESS_MEMO_MS) return Promise.resolve(last.checks);
    running ??= (async () => {
      const [database, cache, migrations] = await Promise.all([
        runtime.database.writeProbe().then(
          () => 'ok' as const,
          (err: unknown) => {
            runtime.logger.warn({ err }, 'readiness probe: the database cannot write');
            return 'read_only' as const;
          },
        ),
        runtime.cache.ping().then((up) => (up ? ('ok' as const) : ('unavailable' as const))),
        runtime.database.migrationsApplied().then(
          (applied) => (applied ? ('ok' as const) : ('pending' as const)),
          () => 'unknown' as const,
        ),
      ]);
      return { database, cache, migrations };
    })().finally(() => (running = undefined));
    return running.then((checks) => {
      last = { at: runtime.clock.now().getTime(), checks };
      return checks;
    });
  };

  /** Liveness: the process runs its event loop. Nothing else is checked, so a restart never follows a database outage. */
  route(c.livez, () => ({ status: 'live' as const, version: runtime.version }), { before: [noStore] });

  route(c.healthz, async ({ res }) => {
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
    return ANSWERED;
  });

  /**
   * Readiness for a load balancer: the database must take a write, not just answer a read (a full disk
   * or a read-only volume still answers `select 1`), the cache must answer, the schema must have every
   * migration this code knows, and the process must not be draining after SIGTERM. 503 names each
   * failed part. Costs one row's upsert at most once a second (shared by concurrent callers), so it
   * stays cheap for anyone who calls it; /livez and /healthz write nothing.
   */
  route(
    c.readyz,
    async ({ res }) => {
      const checks: ReadinessChecks = {
        ...(await checkStorage()),
        // Never reused: a load balancer must see the drain at its next poll.
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
      return ANSWERED;
    },
    { before: [noStore] },
  );
  return router;
}
