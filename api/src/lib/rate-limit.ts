import ipaddr from 'ipaddr.js';
import { cacheKeys, type CacheKey, type CachePort } from '../cache/cache.port.js';

/**
 * The subject of a per-address limit: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one subscriber holds a whole /64, so counting single IPv6 addresses would give each person billions of
 * budgets and let them fill the counters' store with new ones). IPv4-mapped IPv6 counts as the IPv4.
 */
export function addressSubject(address: string): string {
  if (!address.includes(':')) return address;
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  const parts = parsed.parts;
  return `${[parts[0], parts[1], parts[2], parts[3]].map((p) => (p ?? 0).toString(16)).join(':')}::/64`;
}

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

const HOUR_MS = 3_600_000;

/**
 * Counts one attempt against `limit` per clock hour for `subject` (a merchant's checkouts, Instagram
 * lookups): the hour `now` falls in is part of the key, kept a minute past its end so a late write still
 * lands in its own hour. Over the limit it says how long until the next hour begins.
 */
export async function consumeHourlyLimit(
  cache: CachePort,
  rule: { scope: string; subject: string; limit: number },
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const used = await cache.countAttempt(
    cacheKeys.rateLimit(rule.scope, `${rule.subject}:${hour}`),
    HOUR_MS / 1000 + 60,
  );
  return used > rule.limit ? { ok: false, retryAfterMs: (hour + 1) * HOUR_MS - now.getTime() } : { ok: true };
}
