import {
  ADMIN_MESSAGES,
  refreshAllStartedMessage,
  type TAdminAccount,
  type TAdminCacheStats,
  type TAdminRefreshResponse,
  type TAdminUsersQuery,
  type TAdminUsersResponse,
  type TStoredImage,
} from '@app/shared';
import type { CachePort } from '../cache/cache.port.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { resolvePlan } from '../billing/plan.js';
import { contentHealthOf } from '../content-health/content-health.js';
import type { AdminAccountRow, AdminRepository } from './admin.repository.js';

export interface AdminServiceDeps {
  repo: Pick<AdminRepository, 'listAccounts' | 'countAccounts'>;
  accounts: Pick<InstagramAccountsRepository, 'findByUserId' | 'markAllDue'>;
  /**
   * The merchant's own refresh path (InstagramAccountService.requestRefresh): marks the account due and tells the
   * refresh engine through `onAccountDue`, so an in-process scheduler starts at once and a separate cron
   * process finds it on its next tick. Never waits for Instagram.
   */
  requestRefresh: (userId: string) => Promise<Result<unknown, AppError>>;
  cache: Pick<CachePort, 'stats'>;
  clock: Clock;
}

/** Profile pictures in the list are small: the smallest stored rendition is plenty. */
function smallestRendition(image: TStoredImage | null | undefined): string | null {
  if (!image) return null;
  const [smallest] = [...image.renditions].sort((a, b) => a.width - b.width);
  return smallest?.path ?? null;
}

/** What the admin area asks of the server: the accounts, refreshing them, and the cache's figures. */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  async listAccounts(query: TAdminUsersQuery): Promise<TAdminUsersResponse> {
    const [rows, total] = await Promise.all([
      this.deps.repo.listAccounts({ limit: query.page_size, offset: (query.page - 1) * query.page_size }),
      this.deps.repo.countAccounts(),
    ]);
    const now = this.deps.clock.now();
    return {
      accounts: rows.map((row) => this.toAdminAccount(row, now)),
      page: query.page,
      page_size: query.page_size,
      total,
    };
  }

  private toAdminAccount(row: AdminAccountRow, now: Date): TAdminAccount {
    const subscription =
      row.subscription && row.tier ? { subscription: row.subscription, tier: row.tier } : undefined;
    const lastFetched = row.lastRefresh ?? row.fetchedAt;
    const plan = resolvePlan({ trialEndsAt: row.trialEndsAt, subscription }, now);
    return {
      id: row.id,
      user_id: row.userId,
      instagram_username: row.instagramUsername,
      profile_picture_url: smallestRendition(row.profile?.picture),
      is_verified: row.profile?.is_verified ?? false,
      followers_count: row.profile?.followers_count ?? null,
      media_count: row.profile?.media_count ?? null,
      last_fetched_at: lastFetched ? lastFetched.toISOString() : null,
      plan: plan.plan,
      last_error: row.lastError,
      email: row.email,
      health: contentHealthOf({
        connectionStatus: row.connectionStatus,
        lastGoodRefresh: row.lastRefresh,
        connectedAt: row.connectedAt ?? row.createdAt,
        refreshHours: plan.limits.refreshHours,
        now,
      }),
    };
  }

  /** One account due now (product §4 per-user refresh); 404 when the user has no connected account. */
  async refreshAccount(userId: string): Promise<Result<TAdminRefreshResponse, AppError>> {
    const account = await this.deps.accounts.findByUserId(userId);
    if (!account) return err(new AppError('account_not_found'));
    const requested = await this.deps.requestRefresh(userId);
    if (!requested.ok) return requested;
    return ok({ message: ADMIN_MESSAGES.refreshStarted, queued: 1 });
  }

  /**
   * Every account due now (product §4 bulk refresh). Nothing is fetched here: the engine claims due accounts
   * a batch at a time, and the per-credential call budget spreads the source calls over time; an
   * account the budget turns away is retried after the wait the budget names.
   */
  async refreshAll(): Promise<TAdminRefreshResponse> {
    const queued = await this.deps.accounts.markAllDue(this.deps.clock.now());
    if (queued > 0) {
      // Any one account through the ordinary path wakes the engine; it then works through all due ones.
      const [first] = await this.deps.repo.listAccounts({ limit: 1, offset: 0 });
      if (first) await this.deps.requestRefresh(first.userId);
    }
    return { message: refreshAllStartedMessage(queued), queued };
  }

  /** The cache's figures; a cache that cannot answer is a 503 with a message saying so. */
  async cacheStats(): Promise<Result<TAdminCacheStats, AppError>> {
    try {
      return ok(await this.deps.cache.stats());
    } catch (cause) {
      return err(
        new AppError('cache_unavailable', undefined, {
          reason: cause instanceof Error ? cause.message : String(cause),
        }),
      );
    }
  }
}
