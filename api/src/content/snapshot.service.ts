import { createHash } from 'node:crypto';
import type { THighlightSummary, TStoredHighlight, TWidgetInit, TWidgetSettings } from '@app/shared';
import { customizationFor, HIGHLIGHTS_LIMIT } from '@app/shared';
import type { CachePort } from '../cache/cache.port.js';
import { cacheKeys } from '../cache/cache.port.js';
import type { Clock } from '../lib/clock.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { resolvePlan, type ResolvedPlan } from '../billing/plan.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { WidgetPreferencesRepository } from '../widget-settings/widget-preferences.repository.js';
import type { ContentRepository, ContentRow } from './content.repository.js';
import type { InstagramAccountRow, InstagramAccountsRepository } from './instagram-accounts.repository.js';
import type { SnapshotRow, SnapshotsRepository } from './snapshots.repository.js';
import { curatePosts, type PostCuration } from '../posts/post-curation.js';
import { withPublicMediaUrls } from '../media/public-media-url.js';

export interface SnapshotServiceDeps {
  users: UsersRepository;
  accounts: InstagramAccountsRepository;
  content: ContentRepository;
  preferences: WidgetPreferencesRepository;
  subscriptions: SubscriptionsRepository;
  snapshots: SnapshotsRepository;
  cache: CachePort;
  clock: Clock;
  /** True when the merchant's store uninstalled the app: the widget stays hidden, settings kept. */
  isUninstalled?: (merchantId: string) => Promise<boolean>;
  /**
   * The merchant's own highlights made from archived stories; the widget shows them before any the
   * content source brought.
   */
  merchantHighlights?: (merchantId: string, now: Date) => Promise<TStoredHighlight[]>;
  /**
   * The merchant's hidden and pinned posts and the products linked to posts (products only when
   * `productLinks`, the plan's).
   */
  postCuration?: (merchantId: string, productLinks: boolean) => Promise<PostCuration>;
  /** Called with the widget key after a rebuild, so this process drops its in-memory copy at once. */
  onRebuilt?: (widgetKey: string) => void;
  /** MEDIA_PUBLIC_URL: media paths in the snapshot point there instead of the API's /media/. */
  mediaPublicUrl?: string | undefined;
}

/** The exact /api/widget/init body for a merchant, from their content, settings and plan. */
export function buildWidgetInit(input: {
  account: Pick<InstagramAccountRow, 'publicWidgetKey' | 'instagramUsername'>;
  content: Pick<ContentRow, 'profile' | 'posts' | 'highlights'>;
  settings: TWidgetSettings;
  plan: ResolvedPlan;
  language: 'ar' | 'en';
  version: number;
  now: Date;
  /** Hidden posts left out, pinned ones first, products attached. */
  curation?: PostCuration | undefined;
}): TWidgetInit {
  const { account, content, plan } = input;
  // After the grace period an unpaid merchant's widget renders nothing (no error shown to shoppers); the
  // settings themselves are kept for when they pay.
  const settings = plan.status === 'expired' ? { ...input.settings, widget_enabled: false } : input.settings;
  // A hidden widget carries no content: the store page has nothing to show and nothing to download.
  const visible = settings.widget_enabled;
  const highlightsAllowed = visible && plan.limits.highlights && settings.highlights.enabled;
  const highlights: THighlightSummary[] = highlightsAllowed
    ? content.highlights
        // Up to the most a merchant can choose, not their current limit (customization_options.highlights.limit):
        // the dashboard's live preview shows a raised limit before it is saved, from this same answer.
        .slice(0, HIGHLIGHTS_LIMIT.max)
        .map(({ stories, ...h }) => ({ ...h, stories_count: stories.length }))
    : [];
  const feed =
    visible && settings.feed.enabled
      ? curatePosts(content.posts, input.curation).slice(0, plan.limits.contentLimit)
      : [];
  const profile = content.profile;
  return {
    status: 'success',
    data: {
      config: {
        widget_enabled: settings.widget_enabled,
        public_widget_key: account.publicWidgetKey,
        instagram_username: account.instagramUsername,
        package_tier: plan.plan,
        language: input.language,
        customization_options: customizationFor(settings, plan.limits, highlights.length),
      },
      content: {
        feed,
        highlights,
        profile_picture: profile.picture,
        username: profile.username,
        account_data: {
          username: profile.username,
          name: profile.name,
          profile_picture: profile.picture,
          followers_count: profile.followers_count,
          following_count: profile.following_count,
          media_count: profile.media_count,
          is_verified: profile.is_verified,
        },
      },
      version: input.version,
      generated_at: input.now.toISOString(),
    },
  };
}

/** What a connected account shows before its first refresh. */
function emptyContent(
  account: Pick<InstagramAccountRow, 'instagramUserId' | 'instagramUsername'>,
): Pick<ContentRow, 'profile' | 'posts' | 'highlights'> {
  return {
    profile: {
      external_id: account.instagramUserId ?? '',
      username: account.instagramUsername,
      name: null,
      biography: null,
      picture: null,
      followers_count: null,
      following_count: null,
      media_count: null,
      is_verified: false,
    },
    posts: [],
    highlights: [],
  };
}

/** A merchant's widget key with no Instagram account behind it (after Meta's data deletion). */
const keyOnlyAccount = (publicWidgetKey: string) => ({
  publicWidgetKey,
  instagramUsername: '',
  instagramUserId: null,
});

export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export class SnapshotService {
  constructor(private readonly deps: SnapshotServiceDeps) {}

  /**
   * Rebuilds and stores a merchant's snapshot, then drops the cached copy. Before the first refresh the
   * snapshot has the merchant's settings and no content, so the widget shows its empty state.
   */
  async rebuild(merchantId: string): Promise<SnapshotRow | undefined> {
    const d = this.deps;
    const found = await d.accounts.findByUserId(merchantId);
    // Meta's data deletion removes the account row but not the merchant's key: their snapshot becomes an
    // empty, hidden widget under the same key, so nothing of the deleted account is served any more.
    const previous = found ? undefined : await d.snapshots.findByMerchant(merchantId);
    const account = found ?? (previous && keyOnlyAccount(previous.publicWidgetKey));
    if (!account) return undefined;
    const [user, content, prefs, subscription, currentVersion, uninstalled] = await Promise.all([
      d.users.findById(merchantId),
      found ? d.content.find(found.id) : undefined,
      d.preferences.findOrCreate(merchantId),
      d.subscriptions.findActive(merchantId),
      d.snapshots.currentVersion(merchantId),
      d.isUninstalled?.(merchantId) ?? false,
    ]);
    if (!user) return undefined;
    const now = d.clock.now();
    const plan = resolvePlan({ trialEndsAt: user.trialEndsAt, subscription }, now);
    const fetched = content ?? emptyContent(account);
    const own = (await d.merchantHighlights?.(merchantId, now)) ?? [];
    const curation = await d.postCuration?.(
      merchantId,
      plan.limits.productLinks && plan.status !== 'expired',
    );
    const init = buildWidgetInit({
      account,
      content: { ...fetched, highlights: [...own, ...fetched.highlights] },
      settings: uninstalled || !found ? { ...prefs.settings, widget_enabled: false } : prefs.settings,
      plan,
      language: user.language,
      version: currentVersion + 1,
      now,
      curation,
    });
    const body = JSON.stringify(withPublicMediaUrls(init, d.mediaPublicUrl));
    const saved = await d.snapshots.save({
      merchantId,
      publicWidgetKey: account.publicWidgetKey,
      body,
      etag: etagOf(body),
      version: currentVersion + 1,
      builtAt: now,
    });
    await d.cache.del(cacheKeys.widgetInit(account.publicWidgetKey));
    d.onRebuilt?.(account.publicWidgetKey);
    return saved;
  }
}
