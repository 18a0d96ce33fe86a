import { cacheKeys, type CachePort } from '../cache/cache.port.js';
import { consumeHourlyLimit } from '../lib/rate-limit.js';
import { AppError } from '../http/errors.js';
import { PARKED_UNTIL } from '../billing/plan.js';
import type { InstagramSource, SourceProfile } from '../instagram/instagram.source.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import type {
  InstagramAccountRow,
  InstagramAccountsRepository,
} from '../content/instagram-accounts.repository.js';
import type { SnapshotService } from '../content/snapshot.service.js';

export const REFRESH_STARTED_MESSAGE =
  'Content refresh initiated successfully. It may take a few minutes to appear.';

/** Each merchant's share of the Instagram calls (issue 13 item 4): one free account cannot stall the rest. */
const MERCHANT_LIMITS = {
  /** Username checks and account saves (each asks Instagram), per merchant per clock hour. */
  lookupsPerHour: 10,
  /** Between two manual refreshes that cause a fetch. */
  manualRefreshMs: 5 * 60_000,
} as const;

const HOUR_MS = 3_600_000;

export interface InstagramAccountServiceDeps {
  accounts: InstagramAccountsRepository;
  source: InstagramSource;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  clock: Clock;
  /** Holds the per-merchant limits, shared by every API process (Redis) or this one (in-process cache). */
  cache: CachePort;
  /** Tells the refresh engine there is work now (in-process runs start at once; otherwise the next tick). */
  onAccountDue: () => void;
  /** A manual refresh also reads the merchant's stories at the next tick (a story just posted is wanted now). */
  onRefreshRequested?: (userId: string) => Promise<void>;
  /** False when nothing can read accounts by username here (production without Business Discovery). */
  usernameAvailable?: boolean;
}

/** The merchant's Instagram account: checking and connecting it, asking for a refresh, its refresh status. */
export class InstagramAccountService {
  constructor(private readonly deps: InstagramAccountServiceDeps) {}

  /** Checks a username with the content source, counted against the merchant's hourly allowance. */
  async validate(userId: string, username: string): Promise<Result<SourceProfile, AppError>> {
    if (!username) return err(new AppError('username_required'));
    if (this.deps.usernameAvailable === false) return err(new AppError('instagram_username_unavailable'));
    const allowed = await consumeHourlyLimit(
      this.deps.cache,
      { scope: 'instagram-lookups', subject: userId, limit: MERCHANT_LIMITS.lookupsPerHour },
      this.deps.clock.now(),
    );
    if (!allowed.ok) return err(tooSoon('instagram_checks_limited', allowed.retryAfterMs));
    const found = await this.deps.source.lookupAccount(username, { priority: 'merchant', userId });
    if (!found.ok) {
      return err(new AppError(`instagram_${found.error.kind}`, found.error.message));
    }
    if (!found.value.externalId) return err(new AppError('instagram_missing_id'));
    return ok(found.value);
  }

  /**
   * Connects the merchant's username: checked with the source when it can answer; saved unvalidated when
   * the source is only busy, so a merchant is never blocked by Instagram's rate limits.
   */
  async connect(
    userId: string,
    username: string,
  ): Promise<Result<{ account: InstagramAccountRow; validated: boolean }, AppError>> {
    const checked = await this.validate(userId, username);
    if (!checked.ok && checked.error.code === 'instagram_checks_limited') return checked;
    if (!checked.ok && checked.error.status !== 429 && checked.error.status !== 503) return checked;
    const account = await this.deps.accounts.connect({
      userId,
      username,
      externalId: checked.ok ? checked.value.externalId : null,
      now: this.deps.clock.now(),
    });
    // The widget answers at once (empty until the first refresh), so a pasted snippet never 404s.
    await this.deps.snapshots.rebuild(userId);
    this.deps.onAccountDue();
    return ok({ account, validated: checked.ok });
  }

  /**
   * A manual refresh. The merchant's own (`limited`) may cause a fetch once every 5 minutes; a request
   * that causes none (the account is already due, or its refresh is running) is answered alike and not
   * counted. Admins are not limited.
   */
  async requestRefresh(
    userId: string,
    options: { limited: boolean } = { limited: true },
  ): Promise<Result<{ message: string }, AppError>> {
    const account = await this.deps.accounts.findByUserId(userId);
    if (!account) return err(new AppError('no_account'));
    const now = this.deps.clock.now();
    // Parked at expiry: only a payment makes it due again (a refresh would un-park it for good).
    if (account.nextRefreshAt >= PARKED_UNTIL) return err(new AppError('refresh_needs_plan'));
    const causesFetch = account.nextRefreshAt > now && !(account.claimedUntil && account.claimedUntil > now);
    if (options.limited && causesFetch) {
      const lastKey = cacheKeys.rateLimit('manual-refresh', account.id);
      const last = await this.deps.cache.get<{ at: number }>(lastKey);
      const waitMs = last ? last.at + MERCHANT_LIMITS.manualRefreshMs - now.getTime() : 0;
      if (waitMs > 0) {
        return err(tooSoon('refresh_too_soon', waitMs));
      }
      // One slot after each refresh: of two requests at once, only the first counts.
      const slot = await this.deps.cache.countAttempt(
        cacheKeys.rateLimit('manual-refresh-slot', `${account.id}:${last?.at ?? 0}`),
        HOUR_MS / 1000,
      );
      if (slot > 1) {
        const retry = MERCHANT_LIMITS.manualRefreshMs;
        return err(tooSoon('refresh_too_soon', retry));
      }
      // Kept well past the 5 minutes: the slot of the next refresh is named after this time.
      await this.deps.cache.set(lastKey, { at: now.getTime() }, HOUR_MS / 1000);
    }
    await this.deps.accounts.markDue(account.id, now);
    await this.deps.onRefreshRequested?.(userId);
    this.deps.onAccountDue();
    return ok({ message: REFRESH_STARTED_MESSAGE });
  }

  async status(userId: string) {
    const account = await this.deps.accounts.findByUserId(userId);
    return {
      widget_content_ready: account?.widgetContentReady ?? false,
      last_refresh: account?.lastRefresh?.toISOString() ?? null,
      last_error: account?.lastError ?? null,
      next_refresh_at: account?.nextRefreshAt.toISOString() ?? null,
    };
  }
}

/** A 429 whose `details.retry_after` (and the Retry-After header) says in how many seconds to try again. */
function tooSoon(code: 'instagram_checks_limited' | 'refresh_too_soon', waitMs: number): AppError {
  return new AppError(code, undefined, { retry_after: Math.max(1, Math.ceil(waitMs / 1000)) });
}
