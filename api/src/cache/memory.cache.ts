import { LRUCache } from 'lru-cache';
import { hitRatePercentage, humanBytes, type TCacheStats } from '@app/shared';
import type { CacheKey, CachePort } from './cache.port.js';

interface Entry {
  json: string;
}

export interface MemoryCacheOptions {
  maxBytes: number;
  /** Millisecond clock, for tests. */
  now?: () => number;
}

/** In-process LRU, the embedded default. Values are kept serialised so callers never share objects. */
export class MemoryCache implements CachePort {
  readonly kind = 'memory' as const;
  private readonly lru: LRUCache<string, Entry>;
  private hits = 0;
  private misses = 0;

  constructor(options: MemoryCacheOptions) {
    const now = options.now;
    this.lru = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      // UTF-16 string length × 2 plus the key: close enough to what the entry holds.
      sizeCalculation: (value, k) => Math.max(1, (value.json.length + k.length) * 2),
      // With a supplied clock, read it on every check instead of caching it for a millisecond.
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
  }

  get<T>(key: CacheKey): Promise<T | undefined> {
    const entry = this.lru.get(key);
    if (entry === undefined) {
      this.misses++;
      return Promise.resolve(undefined);
    }
    this.hits++;
    return Promise.resolve(JSON.parse(entry.json) as T);
  }

  set(key: CacheKey, value: unknown, ttlSeconds: number): Promise<void> {
    this.lru.set(key, { json: JSON.stringify(value) }, { ttl: ttlSeconds * 1000 });
    return Promise.resolve();
  }

  del(key: CacheKey): Promise<void> {
    this.lru.delete(key);
    return Promise.resolve();
  }

  increment(key: CacheKey, ttlSeconds: number): Promise<number> {
    const current = this.lru.get(key);
    if (current === undefined) {
      this.lru.set(key, { json: '1' }, { ttl: ttlSeconds * 1000 });
      return Promise.resolve(1);
    }
    const next = Number(current.json) + 1;
    // Keep the window's original expiry.
    this.lru.set(key, { json: String(next) }, { ttl: this.lru.getRemainingTTL(key) });
    return Promise.resolve(next);
  }

  countAttempt(key: CacheKey, ttlSeconds: number): Promise<number> {
    return this.increment(key, ttlSeconds);
  }

  stats(): Promise<TCacheStats> {
    this.lru.purgeStale();
    const bytes = this.lru.calculatedSize;
    return Promise.resolve({
      total_keys: this.lru.size,
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
    this.lru.clear();
    return Promise.resolve();
  }
}
