import type { ApiEnv } from './config/env.js';
import { createCache } from './cache/cache.js';
import type { CachePort } from './cache/cache.port.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import type { Logger } from './lib/logger.js';
import packageJson from '../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;

/** What every process shares: configuration, the database and the cache. */
export interface Runtime {
  env: ApiEnv;
  logger: Logger;
  database: DatabaseHandle;
  cache: CachePort;
  version: string;
  close(): Promise<void>;
}

export async function createRuntime(env: ApiEnv, logger: Logger): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  const cache = createCache({
    redisUrl: env.REDIS_URL,
    keyPrefix: env.CACHE_KEY_PREFIX,
    maxBytes: env.CACHE_MAX_BYTES,
    logger,
  });
  logger.info({ db: database.kind, cache: cache.kind }, 'runtime ready');
  return {
    env,
    logger,
    database,
    cache,
    version: APP_VERSION,
    close: async () => {
      await cache.close();
      await database.close();
    },
  };
}
