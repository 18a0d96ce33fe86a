import type { CacheKey, CachePort } from '../cache/cache.port.js';

export interface RateLimitRule {
  key: CacheKey;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against every rule (fixed windows kept in the cache port, so limits hold across API
 * processes with Redis). False when any rule is over its limit. When Redis cannot answer, this process's
 * own counters decide (`countAttempt`): an outage never makes sign-in unlimited.
 */
export async function consumeRateLimits(cache: CachePort, rules: RateLimitRule[]): Promise<boolean> {
  const counts = await Promise.all(rules.map((r) => cache.countAttempt(r.key, r.windowSeconds)));
  return counts.every((count, i) => count <= (rules[i]?.limit ?? Infinity));
}
