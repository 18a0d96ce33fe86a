import type { CachePort } from '../cache/cache.port.js';
import { cacheKeys } from '../cache/cache.port.js';
import type { Clock } from '../lib/clock.js';
import { instagramCalls } from '../metrics/metrics.js';
import type { BudgetRefusal, CallBudget, CallContext } from './instagram.source.js';

const HOUR_MS = 3_600_000;

/**
 * How an hour's budget is shared (issue 13 item 4). Merchants' own requests (username checks, saves,
 * manual refreshes) may together use half of it, so the refresh timetable that every store depends on
 * always keeps the other half; and no single merchant may use more than 5 % of it, whatever the kind.
 */
export const CALL_SHARES = { merchantRequests: 0.5, perMerchant: 0.05 } as const;

/**
 * A per-credential call budget shared through the cache port, so every API and cron process draws from
 * one allowance. The hour's allowance is handed out per minute (a token bucket refilled every minute),
 * which spreads calls evenly instead of spending the hour in its first seconds. On top of that, the
 * hourly shares above: a call is checked against its merchant's share and (for a merchant's request)
 * against merchants' share first, so a request a share refuses never spends the common allowance.
 * Several processes may each pass a share's check at once, so a share can be overshot by the number of
 * calls in flight; it is a bound on the hour, not on the instant.
 */
export class CacheCallBudget implements CallBudget {
  private readonly perWindow: number;
  private readonly merchantRequestsPerHour: number;
  private readonly perMerchantPerHour: number;

  constructor(
    private readonly cache: CachePort,
    private readonly clock: Clock,
    private readonly credential: string,
    callsPerHour: number,
    private readonly windowMs = 60_000,
  ) {
    this.perWindow = Math.max(1, Math.floor((callsPerHour * windowMs) / HOUR_MS));
    this.merchantRequestsPerHour = Math.max(1, Math.floor(callsPerHour * CALL_SHARES.merchantRequests));
    this.perMerchantPerHour = Math.max(1, Math.floor(callsPerHour * CALL_SHARES.perMerchant));
  }

  async take(
    context: CallContext = { priority: 'scheduled' },
  ): Promise<{ ok: true } | { ok: false; retryAfterMs: number; reason: BudgetRefusal }> {
    const answer = await this.decide(context);
    instagramCalls.labels(answer.ok ? 'granted' : `refused_${answer.reason}`).inc();
    return answer;
  }

  private async decide(
    context: CallContext,
  ): Promise<{ ok: true } | { ok: false; retryAfterMs: number; reason: BudgetRefusal }> {
    const now = this.clock.now().getTime();
    const hour = Math.floor(now / HOUR_MS);
    const untilNextHour = (hour + 1) * HOUR_MS - now;
    // The shares count calls that went out: they are read first and added to only once the common
    // allowance granted the call, so neither a refused request nor a refused share wastes anything.
    const shares = [
      ...(context.userId === undefined
        ? []
        : [
            {
              key: cacheKeys.rateLimit(`calls:${this.credential}:merchant`, `${context.userId}:${hour}`),
              cap: this.perMerchantPerHour,
              reason: 'merchant_share' as const,
            },
          ]),
      ...(context.priority === 'merchant'
        ? [
            {
              key: cacheKeys.rateLimit(`calls:${this.credential}:merchant-requests`, String(hour)),
              cap: this.merchantRequestsPerHour,
              reason: 'merchant_requests' as const,
            },
          ]
        : []),
    ];
    for (const share of shares) {
      const used = (await this.cache.get<number>(share.key)) ?? 0;
      if (used >= share.cap) return { ok: false, retryAfterMs: untilNextHour, reason: share.reason };
    }

    const window = Math.floor(now / this.windowMs);
    const used = await this.cache.increment(
      cacheKeys.rateLimit(`calls:${this.credential}`, String(window)),
      Math.ceil((this.windowMs * 2) / 1000),
    );
    // A cache that cannot answer must not stop refreshes (the shares then cannot be read either); the
    // source's own throttling (X-App-Usage, error codes 4/17/32) still protects the credential.
    if (used !== undefined && used > this.perWindow)
      return { ok: false, retryAfterMs: (window + 1) * this.windowMs - now, reason: 'window' };
    for (const share of shares) await this.cache.increment(share.key, HOUR_MS / 1000 + 60);
    return { ok: true };
  }
}
