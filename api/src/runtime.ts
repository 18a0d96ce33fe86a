import type { ApiEnv } from './config/env.js';
import { createCache } from './cache/cache.js';
import type { CachePort } from './cache/cache.port.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import type { Logger } from './lib/logger.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMailer } from './mail/mail.js';
import type { MailPort } from './mail/mail.port.js';
import { resolveAuthSecret } from './auth/auth-secret.js';
import { ensureWritableDir } from './lib/writable-dir.js';
import { countingCache, countingMailer } from './metrics/instrumented.js';
import packageJson from '../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;

/** What every process shares: configuration, the database and the cache. */
export interface Runtime {
  env: ApiEnv;
  logger: Logger;
  database: DatabaseHandle;
  cache: CachePort;
  mailer: MailPort;
  clock: Clock;
  /** Signs access tokens. */
  authSecret: Uint8Array;
  version: string;
  close(): Promise<void>;
}

export async function createRuntime(env: ApiEnv, logger: Logger): Promise<Runtime> {
  // The embedded database, the generated secrets and the media live here: say so plainly if it is unusable.
  ensureWritableDir('DATA_DIR', env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  const cache = countingCache(
    createCache({
      redisUrl: env.REDIS_URL,
      keyPrefix: env.CACHE_KEY_PREFIX,
      maxBytes: env.CACHE_MAX_BYTES,
      logger,
    }),
  );
  const mailer = countingMailer(createMailer(env, database.db, logger), logger.child({ component: 'mail' }));
  logger.info({ db: database.kind, cache: cache.kind, mail: mailer.kind }, 'runtime ready');
  return {
    env,
    logger,
    database,
    cache,
    mailer,
    clock: systemClock,
    authSecret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
    version: APP_VERSION,
    close: async () => {
      await mailer.close();
      await cache.close();
      await database.close();
    },
  };
}
