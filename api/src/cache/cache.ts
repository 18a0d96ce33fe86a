import type { Logger } from '../lib/logger.js';
import type { CachePort } from './cache.port.js';
import { MemoryCache } from './memory.cache.js';
import { RedisCache } from './redis.cache.js';

export interface CreateCacheOptions {
  redisUrl?: string | undefined;
  keyPrefix: string;
  maxBytes: number;
  logger: Logger;
}

/** Redis when a URL is configured, else the in-process LRU. */
export function createCache(options: CreateCacheOptions): CachePort {
  if (options.redisUrl) {
    return new RedisCache({
      url: options.redisUrl,
      keyPrefix: options.keyPrefix,
      logger: options.logger.child({ component: 'cache' }),
    });
  }
  return new MemoryCache({ maxBytes: options.maxBytes });
}
