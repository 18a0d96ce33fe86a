import { LRUCache } from 'lru-cache';
import { hitRatePercentage, humanBytes, type TCacheStats } from '@app/shared';
import { LIMIT_KEY_FAMILIES, type CacheKey, type CachePort } from './cache.port.js';

interface Entry {
  json: string;
}

/** The limits' own LRU: tens of thousands of counters, apart from the `maxBytes` of everything else. */
export const LIMITS_MAX_BYTES = 8 * 1024 * 1024;

const LIMIT_PREFIXES = LIMIT_KEY_FAMILIES.map((family) => `${family}:`);
const isLimitKey = (key: string) => LIMIT_PREFIXES.some((prefix) => key.startsWith(prefix));

export interface MemoryCacheOptions {
  maxBytes: number;
  /** Size of the separate LRU that holds rate-limit counters and one-time markers. */
  limitsMaxBytes?: number;
  /** Millisecond clock, for tests. */
  now?: () => number;
}

/**
 * In-process LRU, the embedded default. Values are kept serialised so callers never share objects.
 * Limits (rate-limit counters, one-time markers) live in an LRU of their own: snapshots, beacons with
 * made-up keys or any other entries can fill the main one without pushing a sign-in counter out.
 */
export class MemoryCache implements CachePort {
  readonly kind = 'memory' as const;
  private readonly main: LRUCache<string, Entry>;
  private readonly limits: LRUCache<string, Entry>;
  private hits = 0;
  private misses = 0;

  constructor(options: MemoryCacheOptions) {
    const now = options.now;
    const lru = (maxSize: number) =>
      new LRUCache<string, Entry>({
        maxSize,
        // UTF-16 string length × 2 plus the key: close enough to what the entry holds.
        sizeCalculation: (value, k) => Math.max(1, (value.json.length + k.length) * 2),
        // With a supplied clock, read it on every check instead of caching it for a millisecond.
        ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
      });
    this.main = lru(options.maxBytes);
    this.limits = lru(options.limitsMaxBytes ?? LIMITS_MAX_BYTES);
  }

  private lruFor(key: string): LRUCache<string, Entry> {
    return isLimitKey(key) ? this.limits : this.main;
  }

  get<T>(key: CacheKey): Promise<T | undefined> {
    const entry = this.lruFor(key).get(key);
    if (entry === undefined) {
      this.misses++;
      return Promise.resolve(undefined);
    }
    this.hits++;
    return Promise.resolve(JSON.parse(entry.json) as T);
  }

  set(key: CacheKey, value: unknown, ttlSeconds: number): Promise<void> {
    this.lruFor(key).set(key, { json: JSON.stringify(value) }, { ttl: ttlSeconds * 1000 });
    return Promise.resolve();
  }

  del(key: CacheKey): Promise<void> {
    this.lruFor(key).delete(key);
    return Promise.resolve();
  }

  increment(key: CacheKey, ttlSeconds: number, by = 1): Promise<number> {
    const lru = this.lruFor(key);
    const current = lru.get(key);
    if (current === undefined) {
      lru.set(key, { json: String(by) }, { ttl: ttlSeconds * 1000 });
      return Promise.resolve(by);
    }
    const next = Number(current.json) + by;
    // Keep the window's original expiry.
    lru.set(key, { json: String(next) }, { ttl: lru.getRemainingTTL(key) });
    return Promise.resolve(next);
  }

  countAttempt(key: CacheKey, ttlSeconds: number): Promise<number> {
    return this.increment(key, ttlSeconds);
  }

  stats(): Promise<TCacheStats> {
    this.main.purgeStale();
    this.limits.purgeStale();
    const bytes = this.main.calculatedSize + this.limits.calculatedSize;
    return Promise.resolve({
      total_keys: this.main.size + this.limits.size,
      hits: this.hits,
      misses: this.misses,
      hit_rate_percentage: hitRatePercentage(this.hits, this.misses),
      used_memory_bytes: bytes,
      used_memory_human: humanBytes(bytes),
    });
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    this.main.clear();
    this.limits.clear();
    return Promise.resolve();
  }
}
