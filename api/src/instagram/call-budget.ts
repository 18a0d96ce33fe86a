import type { CachePort } from '../cache/cache.port.js';
import { cacheKeys } from '../cache/cache.port.js';
import type { Clock } from '../lib/clock.js';
import type { CallBudget } from './instagram.source.js';

/**
 * A per-credential call budget shared through the cache port, so every API and cron process draws from
 * one allowance. The hour's allowance is handed out per minute (a token bucket refilled every minute),
 * which spreads calls evenly instead of spending the hour in its first seconds.
 */
export class CacheCallBudget implements CallBudget {
  private readonly perWindow: number;

  constructor(
    private readonly cache: CachePort,
    private readonly clock: Clock,
    private readonly credential: string,
    callsPerHour: number,
    private readonly windowMs = 60_000,
  ) {
    this.perWindow = Math.max(1, Math.floor((callsPerHour * windowMs) / 3_600_000));
  }

  async take(): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / this.windowMs);
    const used = await this.cache.increment(
      cacheKeys.rateLimit(`calls:${this.credential}`, String(window)),
      Math.ceil((this.windowMs * 2) / 1000),
    );
    // A cache that cannot answer must not stop refreshes; the source's own throttling still protects us.
    if (used === undefined || used <= this.perWindow) return { ok: true };
    return { ok: false, retryAfterMs: (window + 1) * this.windowMs - now };
  }
}
