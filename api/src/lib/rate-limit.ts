import type { CacheKey, CachePort } from '../cache/cache.port.js';

export interface RateLimitRule {
  key: CacheKey;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against every rule (fixed windows kept in the cache port, so limits hold across API
 * processes with Redis). False when any rule is over its limit. A cache that cannot answer lets the
 * attempt through: an outage of the cache must not lock everyone out of signing in.
 */
export async function consumeRateLimits(cache: CachePort, rules: RateLimitRule[]): Promise<boolean> {
  const counts = await Promise.all(rules.map((r) => cache.increment(r.key, r.windowSeconds)));
  return counts.every((count, i) => count === undefined || count <= (rules[i]?.limit ?? Infinity));
}
