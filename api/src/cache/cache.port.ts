import type { TCacheStats } from '@app/shared';

declare const cacheKeyBrand: unique symbol;
/** A cache key made only by `cacheKeys`, so two features can never collide on a hand-built string. */
export type CacheKey = string & { readonly [cacheKeyBrand]: true };

const key = (...parts: (string | number)[]) =>
  parts.map((p) => String(p).replaceAll(':', '%3A')).join(':') as CacheKey;

/**
 * Key families that hold limits: rate-limit counters and one-time markers. The in-process cache keeps them
 * apart from everything else (memory.cache.ts), so no amount of other entries can push them out.
 */
export const LIMIT_KEY_FAMILIES = ['ratelimit', 'used-once'] as const;

/** The typed key factory: every key the service uses is built here. */
export const cacheKeys = {
  widgetInit: (widgetKey: string) => key('widget', 'init', widgetKey),
  widgetStore: (platform: string, storeId: string) => key('widget', 'store', platform, storeId),
  rateLimit: (scope: string, subject: string) => key('ratelimit', scope, subject),
  probe: (name: string) => key('probe', name),
  /** Marks a one-time token (e.g. an OAuth state) as used. */
  usedOnce: (purpose: string, id: string) => key('used-once', purpose, id),
} as const;

export type CacheKind = 'memory' | 'redis';

/**
 * The cache port. Every method resolves: a backend failure or timeout is logged and answered as a miss
 * (or `undefined` for counters), never thrown into a request.
 */
export interface CachePort {
  readonly kind: CacheKind;
  get<T>(key: CacheKey): Promise<T | undefined>;
  /** Stores a JSON-serialisable value for `ttlSeconds`. */
  set(key: CacheKey, value: unknown, ttlSeconds: number): Promise<void>;
  del(key: CacheKey): Promise<void>;
  /**
   * Adds `by` (1 unless told) to a counter that expires `ttlSeconds` after its first increment (a fixed
   * window) and returns the new count; `undefined` when the backend could not answer.
   */
  increment(key: CacheKey, ttlSeconds: number, by?: number): Promise<number | undefined>;
  /**
   * Like `increment`, but always answers: when the shared backend cannot, a counter in this process
   * stands in (logged), so a limit built on it is never switched off by an outage.
   */
  countAttempt(key: CacheKey, ttlSeconds: number): Promise<number>;
  stats(): Promise<TCacheStats>;
  /** True when the backend answers right now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
