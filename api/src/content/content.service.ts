import type { TStoredStory } from '@app/shared';
import { AppError } from '../http/errors.js';
import { highlightIdOf } from '../instagram/highlight-id.js';
import type { InstagramSource, SourceProfile } from '../instagram/instagram.source.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { resolvePlan } from '../subscriptions/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { ContentRepository } from './content.repository.js';
import type { InstagramAccountRow, InstagramAccountsRepository } from './instagram-accounts.repository.js';
import type { SnapshotService } from './snapshot.service.js';

export const CONTENT_MESSAGES = {
  usernameRequired: 'Please enter an Instagram username.',
  missingUserId: 'Missing user ID information from Instagram verification',
  connectFirst: 'Please connect an Instagram account first.',
  refreshStarted: 'Content refresh initiated successfully. It may take a few minutes to appear.',
  highlightNotFound: 'Invalid highlight data.',
  widgetNotFound: 'Widget identifier is invalid or missing.',
} as const;

export interface ContentServiceDeps {
  accounts: InstagramAccountsRepository;
  content: ContentRepository;
  users: UsersRepository;
  subscriptions: SubscriptionsRepository;
  source: InstagramSource;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  clock: Clock;
  /** Tells the refresh engine there is work now (in-process runs start at once; otherwise the next tick). */
  onAccountDue: () => void;
}

/** What the dashboard asks of the content engine. */
export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Checks a username with the content source. */
  async validate(username: string): Promise<Result<SourceProfile, AppError>> {
    if (!username) return err(new AppError(400, 'username_required', CONTENT_MESSAGES.usernameRequired));
    const found = await this.deps.source.lookupAccount(username);
    if (!found.ok) {
      const status =
        found.error.kind === 'rate_limited' ? 429 : found.error.kind === 'unavailable' ? 503 : 400;
      return err(new AppError(status, `instagram_${found.error.kind}`, found.error.message));
    }
    if (!found.value.externalId)
      return err(new AppError(400, 'instagram_missing_id', CONTENT_MESSAGES.missingUserId));
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
    if (!account) return err(new AppError(400, 'no_account', CONTENT_MESSAGES.connectFirst));
    await this.deps.accounts.markDue(account.id, this.deps.clock.now());
    this.deps.onAccountDue();
    return ok({ message: CONTENT_MESSAGES.refreshStarted });
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

  /** Stories of one highlight for the public widget, only where the merchant's plan has highlights. */
  async highlightStories(widgetKey: string, highlightId: string): Promise<Result<TStoredStory[], AppError>> {
    const account = await this.deps.accounts.findByWidgetKey(widgetKey);
    if (!account) return err(new AppError(404, 'widget_not_found', CONTENT_MESSAGES.widgetNotFound));
    const [user, subscription, content] = await Promise.all([
      this.deps.users.findById(account.userId),
      this.deps.subscriptions.findActive(account.userId),
      this.deps.content.find(account.id),
    ]);
    const plan = resolvePlan({ trialEndsAt: user?.trialEndsAt ?? null, subscription }, this.deps.clock.now());
    if (!plan.limits.highlights) {
      return err(new AppError(403, 'plan_without_highlights', 'Highlights are a Pro feature.'));
    }
    const id = highlightIdOf(highlightId);
    const highlight = content?.highlights.find((h) => h.id === id);
    if (!highlight) return err(new AppError(404, 'highlight_not_found', CONTENT_MESSAGES.highlightNotFound));
    return ok(highlight.stories);
  }
}
