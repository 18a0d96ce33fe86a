import type { TStoredStory } from '@app/shared';
import type { ContentRepository } from '../content/content.repository.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import { AppError } from '../http/errors.js';
import { highlightIdOf } from '../instagram/highlight-id.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { resolvePlan } from '../subscriptions/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';

export const HIGHLIGHT_MESSAGES = {
  highlightNotFound: 'Invalid highlight data.',
  widgetNotFound: 'Widget identifier is invalid or missing.',
} as const;

export interface HighlightsServiceDeps {
  accounts: InstagramAccountsRepository;
  content: ContentRepository;
  users: UsersRepository;
  subscriptions: SubscriptionsRepository;
  clock: Clock;
}

/** The stories behind a highlight, which the widget loads only when a visitor opens it. */
export class HighlightsService {
  constructor(private readonly deps: HighlightsServiceDeps) {}

  /** Stories of one highlight for the public widget, only where the merchant's plan has highlights. */
  async stories(widgetKey: string, highlightId: string): Promise<Result<TStoredStory[], AppError>> {
    const account = await this.deps.accounts.findByWidgetKey(widgetKey);
    if (!account) return err(new AppError(404, 'widget_not_found', HIGHLIGHT_MESSAGES.widgetNotFound));
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
    if (!highlight)
      return err(new AppError(404, 'highlight_not_found', HIGHLIGHT_MESSAGES.highlightNotFound));
    return ok(highlight.stories);
  }
}
