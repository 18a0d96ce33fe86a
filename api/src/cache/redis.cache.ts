import { createClient } from 'redis';
import { hitRatePercentage, type TCacheStats } from '@app/shared';
import type { Logger } from '../lib/logger.js';
import type { CacheKey, CachePort } from './cache.port.js';
import { MemoryCache } from './memory.cache.js';

export interface RedisCacheOptions {
  url: string;
  /** Prepended to every key so several deployments (or test runs) can share one server. */
  keyPrefix: string;
  logger: Logger;
  /** Longest wait for one command before it counts as a miss. */
  timeoutMs?: number;
  /** Millisecond clock for the fallback counters and their log line (tests). */
  now?: () => number;
}

/** How often the "counting in this process" warning may repeat while Redis stays down. */
const FALLBACK_LOG_INTERVAL_MS = 60_000;

class CacheTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
  }
}

/** Reads one field from the text of Redis `INFO`. */
export function infoField(info: string, field: string): string | undefined {
  const match = new RegExp(`^${field}:(.*)$`, 'm').exec(info);
  return match?.[1]?.trim();
}

/** Redis adapter. With the offline queue off, a command while disconnected fails at once: a miss. */
export class RedisCache implements CachePort {
  readonly kind = 'redis' as const;
  private readonly client;
  private readonly prefix: string;
  private readonly logger: Logger;
  private readonly timeoutMs: number;
  private lastErrorLog = 0;
  private lastFallbackLog = -Infinity;
  private readonly now: () => number;
  /** Rate-limit counters for this process while Redis cannot answer. */
  private readonly localCounters: MemoryCache;

  constructor(options: RedisCacheOptions) {
    this.prefix = options.keyPrefix;
    this.logger = options.logger;
    this.timeoutMs = options.timeoutMs ?? 1000;
    this.now = options.now ?? Date.now;
    // Only limit keys are counted here, and they live in the limits' own LRU.
    this.localCounters = new MemoryCache({ maxBytes: 1024, limitsMaxBytes: 4 * 1024 * 1024, now: this.now });
    this.client = createClient({
      url: options.url,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: this.timeoutMs,
        // Within a second of Redis returning, however long it was gone (test:faults measures it).
        reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 1_000),
      },
    });
    this.client.on('error', (err: unknown) => this.logFailure('connection', err));
    // The first connection may fail; the client keeps retrying and calls count as misses meanwhile.
    this.client.connect().catch((err: unknown) => this.logFailure('connect', err));
  }

  private logFailure(operation: string, err: unknown) {
    // One line per second at most: a Redis outage must not flood the log.
    const now = Date.now();
    if (now - this.lastErrorLog < 1_000) return;
    this.lastErrorLog = now;
    this.logger.warn({ err, operation }, 'cache backend failed; answering as a miss');
  }

  private async attempt<T>(operation: string, run: () => Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new CacheTimeout(this.timeoutMs)), this.timeoutMs);
        }),
      ]);
    } catch (err) {
      this.logFailure(operation, err);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private k(key: CacheKey) {
    return this.prefix + key;
  }

  async get<T>(key: CacheKey): Promise<T | undefined> {
    const raw = await this.attempt('get', () => this.client.get(this.k(key)));
    if (raw === undefined || raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch (err) {
      this.logFailure('decode', err);
      return undefined;
    }
  }

  async set(key: CacheKey, value: unknown, ttlSeconds: number): Promise<void> {
    await this.attempt('set', () =>
      this.client.set(this.k(key), JSON.stringify(value), {
        expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) },
      }),
    );
  }

  async del(key: CacheKey): Promise<void> {
    await this.attempt('del', () => this.client.del(this.k(key)));
  }

  async increment(key: CacheKey, ttlSeconds: number, by = 1): Promise<number | undefined> {
    const k = this.k(key);
    const replies = await this.attempt('increment', () =>
      this.client
        .multi()
        .incrBy(k, by)
        .expire(k, Math.max(1, Math.ceil(ttlSeconds)), 'NX')
        .exec(),
    );
    const count = replies?.[0];
    return typeof count === 'number' ? count : undefined;
  }

  /**
   * Rate limits must hold through a Redis outage: a counter this process keeps stands in (each process
   * then allows up to the limit, still far from unlimited), with one warning a minute while it lasts.
   */
  async countAttempt(key: CacheKey, ttlSeconds: number): Promise<number> {
    const shared = await this.increment(key, ttlSeconds);
    if (shared !== undefined) return shared;
    const now = this.now();
    if (now - this.lastFallbackLog >= FALLBACK_LOG_INTERVAL_MS) {
      this.lastFallbackLog = now;
      this.logger.warn(
        { operation: 'rate-limit' },
        'cache backend failed; rate limits are counted in this process until it answers again',
      );
    }
    return this.localCounters.increment(key, ttlSeconds);
  }

  async stats(): Promise<TCacheStats> {
    const answer = await this.attempt('stats', async () => {
      const [info, keys] = await Promise.all([this.client.info(), this.client.dbSize()]);
      return { info, keys };
    });
    if (!answer) throw new Error('The cache server did not answer.');
    const hits = Number(infoField(answer.info, 'keyspace_hits') ?? 0);
    const misses = Number(infoField(answer.info, 'keyspace_misses') ?? 0);
    const bytes = Number(infoField(answer.info, 'used_memory') ?? 0);
    return {
      total_keys: answer.keys,
      hits,
      misses,
      hit_rate_percentage: hitRatePercentage(hits, misses),
      used_memory_bytes: bytes,
      used_memory_human: infoField(answer.info, 'used_memory_human') ?? '0B',
    };
  }

  async ping(): Promise<boolean> {
    return (await this.attempt('ping', () => this.client.ping())) === 'PONG';
  }

  /** Deletes every key under this cache's prefix (tests). */
  async clearPrefix(): Promise<void> {
    for await (const keys of this.client.scanIterator({ MATCH: `${this.prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await this.client.del(keys);
    }
  }

  async close(): Promise<void> {
    await this.localCounters.close();
    // A graceful QUIT waits for a connection that may never come back; while Redis is down, just stop.
    if (this.client.isReady) await this.client.close();
    else if (this.client.isOpen) this.client.destroy();
  }
}
