import { AppError } from '../http/errors.js';
import type { InstagramSource, SourceProfile } from '../instagram/instagram.source.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import type {
  InstagramAccountRow,
  InstagramAccountsRepository,
} from '../content/instagram-accounts.repository.js';
import type { SnapshotService } from '../content/snapshot.service.js';

export const INSTAGRAM_ACCOUNT_MESSAGES = {
  usernameRequired: 'Please enter an Instagram username.',
  missingUserId: 'Missing user ID information from Instagram verification',
  connectFirst: 'Please connect an Instagram account first.',
  refreshStarted: 'Content refresh initiated successfully. It may take a few minutes to appear.',
} as const;

export interface InstagramAccountServiceDeps {
  accounts: InstagramAccountsRepository;
  source: InstagramSource;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  clock: Clock;
  /** Tells the refresh engine there is work now (in-process runs start at once; otherwise the next tick). */
  onAccountDue: () => void;
}

/** The merchant's Instagram account: checking and connecting it, asking for a refresh, its refresh status. */
export class InstagramAccountService {
  constructor(private readonly deps: InstagramAccountServiceDeps) {}

  /** Checks a username with the content source. */
  async validate(username: string): Promise<Result<SourceProfile, AppError>> {
    if (!username)
      return err(new AppError(400, 'username_required', INSTAGRAM_ACCOUNT_MESSAGES.usernameRequired));
    const found = await this.deps.source.lookupAccount(username);
    if (!found.ok) {
      const status =
        found.error.kind === 'rate_limited' ? 429 : found.error.kind === 'unavailable' ? 503 : 400;
      return err(new AppError(status, `instagram_${found.error.kind}`, found.error.message));
    }
    if (!found.value.externalId)
      return err(new AppError(400, 'instagram_missing_id', INSTAGRAM_ACCOUNT_MESSAGES.missingUserId));
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
    const checked = await this.validate(username);
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

  async requestRefresh(userId: string): Promise<Result<{ message: string }, AppError>> {
    const account = await this.deps.accounts.findByUserId(userId);
    if (!account) return err(new AppError(400, 'no_account', INSTAGRAM_ACCOUNT_MESSAGES.connectFirst));
    await this.deps.accounts.markDue(account.id, this.deps.clock.now());
    this.deps.onAccountDue();
    return ok({ message: INSTAGRAM_ACCOUNT_MESSAGES.refreshStarted });
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
