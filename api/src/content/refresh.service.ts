import type {
  TStoredHighlight,
  TStoredMediaItem,
  TStoredPost,
  TStoredProfile,
  TStoredStory,
} from '@app/shared';
import type {
  InstagramSource,
  MediaFetcher,
  SourceContent,
  SourceHighlight,
  SourceMedia,
  SourcePost,
} from '../instagram/instagram.source.js';
import { highlightIdOf } from '../instagram/highlight-id.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { mapLimit } from '../lib/map-limit.js';
import { resolvePlan } from '../billing/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { ContentRepository, ContentRow } from './content.repository.js';
import type { InstagramAccountRow, InstagramAccountsRepository } from './instagram-accounts.repository.js';
import { MediaCopier, type MediaStorePort } from '../media/media-copier.js';
import type { SnapshotService } from './snapshot.service.js';
import { merchantFacingMessage } from '../lib/system-error.js';
import { refreshDuration, refreshLag, refreshOutcomes } from '../metrics/metrics.js';

export const MIN_BACKOFF_MS = 60_000;

export interface RefreshEngineConfig {
  /** Accounts one tick claims at most. */
  batchSize: number;
  /** Accounts refreshed at once by one worker. */
  concurrency: number;
  /** Media downloads at once within one account. */
  mediaConcurrency: number;
  /** How long a claim holds without a heartbeat; a crashed worker's accounts come back after it. */
  leaseMs: number;
  /** How often a running batch renews its lease (a third of the lease: two beats may be late). */
  heartbeatMs: number;
  workerId: string;
}

export interface RefreshEngineDeps {
  accounts: InstagramAccountsRepository;
  content: ContentRepository;
  users: UsersRepository;
  subscriptions: SubscriptionsRepository;
  snapshots: SnapshotService;
  source: InstagramSource;
  mediaFetcher: MediaFetcher;
  mediaStore: MediaStorePort;
  clock: Clock;
  logger: Logger;
  /**
   * Reads the store's products linked to posts again (issue 17), after each successful content refresh;
   * its failure never fails the refresh.
   */
  refreshProducts?: (userId: string) => Promise<unknown>;
  /** [0, 1), injectable so schedules are reproducible in tests and the benchmark. */
  random: () => number;
  config: RefreshEngineConfig;
}

export type RefreshOutcome =
  | { accountId: string; ok: true; posts: number; highlights: number; mediaFailures: number }
  | {
      accountId: string;
      ok: false;
      error: string;
      /** Why, in a word for the metrics: the source's failure kind, `media`, or `system` (ours). */
      reason: string;
      nextRefreshAt: Date;
    };

/** Interval ±10 % so accounts connected together do not refresh in lockstep forever. */
export function nextRefreshAfterSuccess(now: Date, refreshHours: number, random: () => number): Date {
  const interval = refreshHours * 3_600_000;
  return new Date(now.getTime() + interval * (0.9 + 0.2 * random()));
}

/** 1 min, 2, 4, … capped at the plan interval, and never sooner than the source asked. */
export function backoffAfterFailure(
  now: Date,
  attempts: number,
  refreshHours: number,
  retryAfterMs?: number,
): Date {
  const capped = Math.min(MIN_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), refreshHours * 3_600_000);
  return new Date(now.getTime() + Math.max(capped, retryAfterMs ?? 0));
}

/**
 * Whether this refresh was asked for by a person (a merchant's or admin's "Refresh") rather than the
 * timetable: the account was made due before its schedule (every scheduled time is at least 90 % of the
 * plan interval after the last refresh) with no failure pending (a retry after a failure is the
 * timetable's own). Such refreshes call Instagram with merchant priority: they give way when the shared
 * budget is short. An account's first refresh is the timetable's: a new store should fill at once.
 */
export function isRequestedRefresh(account: InstagramAccountRow, refreshHours: number): boolean {
  if (!account.lastRefresh || account.refreshAttempts > 0) return false;
  const earliestScheduled = account.lastRefresh.getTime() + 0.9 * refreshHours * 3_600_000;
  return account.nextRefreshAt.getTime() < earliestScheduled - 1000;
}

class RefreshFailure extends Error {
  constructor(
    message: string,
    /** For the metrics: the source's failure kind, or `media` when nothing could be copied. */
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The refresh engine: claims due accounts, fetches their content, copies every media file into our
 * store, writes the content in one statement and rebuilds the merchant's widget snapshot. A failure
 * leaves the last good content in place.
 */
export class RefreshEngine {
  private stopping = false;

  constructor(private readonly deps: RefreshEngineDeps) {}

  /**
   * Shutting down: claim nothing more, and give back the accounts of the running batch that have not
   * started (refreshes already running finish, under their renewed lease).
   */
  stopClaiming(): void {
    this.stopping = true;
  }

  /** One tick: claim a batch of due accounts and refresh them with bounded concurrency. */
  async refreshDueAccounts(): Promise<RefreshOutcome[]> {
    const { accounts, clock, config } = this.deps;
    if (this.stopping) return [];
    const claimedAt = clock.now();
    const claimed = await accounts.claimDue({
      now: claimedAt,
      leaseMs: config.leaseMs,
      limit: config.batchSize,
      workerId: config.workerId,
    });
    if (claimed.length === 0) return [];
    for (const account of claimed) {
      refreshLag.observe(Math.max(0, (claimedAt.getTime() - account.nextRefreshAt.getTime()) / 1000));
    }
    // Claimed accounts still waiting their turn are leased too: the heartbeat covers all that are not done.
    const unfinished = new Set(claimed.map((a) => a.id));
    const heartbeat = setInterval(() => {
      accounts
        .extendLease({
          ids: [...unfinished],
          workerId: config.workerId,
          until: new Date(clock.now().getTime() + config.leaseMs),
        })
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'could not renew refresh leases'));
    }, config.heartbeatMs);
    heartbeat.unref();
    const released: string[] = [];
    try {
      const outcomes = await mapLimit(claimed, config.concurrency, async (account) => {
        if (this.stopping) {
          released.push(account.id);
          unfinished.delete(account.id);
          return undefined;
        }
        const started = performance.now();
        try {
          const outcome = await this.refreshClaimed(account);
          refreshOutcomes.labels(outcome.ok ? 'ok' : outcome.reason).inc();
          return outcome;
        } finally {
          refreshDuration.observe((performance.now() - started) / 1000);
          unfinished.delete(account.id);
        }
      });
      return outcomes.filter((o): o is RefreshOutcome => o !== undefined);
    } finally {
      clearInterval(heartbeat);
      if (released.length > 0) {
        await accounts
          .releaseClaims({ ids: released, workerId: config.workerId })
          .catch((error: unknown) =>
            this.deps.logger.warn({ err: error }, 'could not release refresh claims'),
          );
        this.deps.logger.info({ released: released.length }, 'released claims not started (shutting down)');
      }
    }
  }

  private async refreshClaimed(account: InstagramAccountRow): Promise<RefreshOutcome> {
    const { users, subscriptions, clock, logger } = this.deps;
    const user = await users.findById(account.userId);
    const plan = resolvePlan(
      {
        trialEndsAt: user?.trialEndsAt ?? null,
        subscription: await subscriptions.findActive(account.userId),
      },
      clock.now(),
    );
    try {
      const result = await this.fetchAndStore(account, plan.limits.contentLimit, plan.limits.highlights, {
        requested: isRequestedRefresh(account, plan.limits.refreshHours),
      });
      await this.deps
        .refreshProducts?.(account.userId)
        .catch((error: unknown) =>
          logger.warn({ accountId: account.id, err: error }, 'product refresh failed'),
        );
      // The store's snapshot first, then "ready": the dashboard (and a merchant opening their store at that
      // moment) must never be told the content is ready while the store still serves the empty feed.
      await this.deps.snapshots.rebuild(account.userId);
      const now = clock.now();
      await this.deps.accounts.recordSuccess({
        id: account.id,
        workerId: this.deps.config.workerId,
        now,
        nextRefreshAt: nextRefreshAfterSuccess(now, plan.limits.refreshHours, this.deps.random),
        externalId: result.externalId,
      });
      return {
        accountId: account.id,
        ok: true,
        posts: result.posts,
        highlights: result.highlights,
        mediaFailures: result.mediaFailures,
      };
    } catch (error) {
      // Disk and other system failures are ours: the merchant sees a generic line, the log the detail.
      const message = merchantFacingMessage(error);
      const detail = error instanceof Error ? error.message : String(error);
      const retryAfterMs = error instanceof RefreshFailure ? error.retryAfterMs : undefined;
      const attempts = account.refreshAttempts + 1;
      const now = clock.now();
      const nextRefreshAt = backoffAfterFailure(now, attempts, plan.limits.refreshHours, retryAfterMs);
      await this.deps.accounts.recordFailure({
        id: account.id,
        workerId: this.deps.config.workerId,
        now,
        nextRefreshAt,
        attempts,
        error: message.slice(0, 500),
      });
      logger.warn(
        { accountId: account.id, username: account.instagramUsername, attempts, err: detail },
        'refresh failed',
      );
      const reason = error instanceof RefreshFailure ? error.reason : 'system';
      return { accountId: account.id, ok: false, error: message, reason, nextRefreshAt };
    }
  }

  private async fetchAndStore(
    account: InstagramAccountRow,
    limit: number,
    highlightsAllowed: boolean,
    options: { requested: boolean },
  ) {
    const { source, content } = this.deps;
    const fetched = await source.fetchContent(account.instagramUsername, {
      limit,
      includeHighlights: highlightsAllowed && source.capabilities.highlights,
      userId: account.userId,
      priority: options.requested ? 'merchant' : 'scheduled',
    });
    if (!fetched.ok) {
      throw new RefreshFailure(fetched.error.message, fetched.error.kind, fetched.error.retryAfterMs);
    }
    const previous = await content.find(account.id);
    const copied = await this.copyContent(fetched.value, previous);
    if (fetched.value.posts.length > 0 && copied.posts.length === 0) {
      throw new RefreshFailure(
        `none of the ${fetched.value.posts.length} posts' media could be copied (${copied.firstError})`,
        'media',
      );
    }
    await content.save(account.id, {
      profile: copied.profile,
      posts: copied.posts,
      highlights: copied.highlights,
      source: source.name,
      fetchedAt: this.deps.clock.now(),
    });
    return {
      externalId: fetched.value.profile.externalId,
      posts: copied.posts.length,
      highlights: copied.highlights.length,
      mediaFailures: copied.failures,
    };
  }

  /**
   * Copies the media of everything new. Posts and stories already stored under the same id keep their
   * copies (Instagram's URLs change on every fetch, the media do not), so a refresh downloads only what
   * is new. A new post whose media cannot be copied is left out rather than shown broken.
   */
  private async copyContent(source: SourceContent, previous: ContentRow | undefined) {
    const copier = new MediaCopier(this.deps.mediaFetcher, this.deps.mediaStore);
    const concurrency = this.deps.config.mediaConcurrency;
    let failures = 0;
    let firstError = '';
    const fail = (message: string) => {
      failures++;
      firstError ||= message;
    };
    const oldPosts = new Map((previous?.posts ?? []).map((p) => [p.id, p]));
    const oldStories = new Map(
      (previous?.highlights ?? []).flatMap((h) => h.stories.map((s) => [s.id, s] as const)),
    );

    const item = async (media: SourceMedia): Promise<TStoredMediaItem | undefined> => {
      // Without media_url (licensed audio, downloads turned off) the thumbnail is what can be shown.
      const image = await copier.image(
        media.mediaType === 'VIDEO'
          ? (media.thumbnailUrl ?? media.mediaUrl)
          : (media.mediaUrl ?? media.thumbnailUrl),
      );
      if (!image.ok) {
        fail(image.error.message);
        return undefined;
      }
      if (media.mediaType !== 'VIDEO') return { type: 'image', image: image.value };
      // A withheld or failed video file still leaves a poster and the permalink (product §8 fallbacks).
      const video = media.mediaUrl ? await copier.video(media.mediaUrl) : undefined;
      if (video && !video.ok) fail(video.error.message);
      return { type: 'video', image: image.value, ...(video?.ok ? { video: video.value } : {}) };
    };

    const posts = await mapLimit(
      source.posts,
      concurrency,
      async (post): Promise<TStoredPost | undefined> => {
        const old = oldPosts.get(post.id);
        const base = {
          id: post.id,
          media_type: post.mediaType,
          caption: post.caption,
          username: source.profile.username,
          timestamp: post.timestamp,
          source_url: post.permalink,
          like_count: post.likeCount ?? null,
          comment_count: post.commentsCount ?? null,
        };
        if (old) return { ...old, ...base };
        const items = await this.postItems(post, item);
        const first = items[0];
        if (!first) return old;
        return {
          ...base,
          type: first.type,
          media: first,
          children: post.mediaType === 'CAROUSEL_ALBUM' ? items : [],
        };
      },
    );

    const highlights = await mapLimit(
      source.highlights,
      2,
      async (h: SourceHighlight): Promise<TStoredHighlight> => {
        const cover = await copier.image(h.coverUrl ?? h.stories[0]?.thumbnailUrl ?? h.stories[0]?.mediaUrl);
        if (!cover.ok) fail(cover.error.message);
        const stories = await mapLimit(
          h.stories,
          concurrency,
          async (s): Promise<TStoredStory | undefined> => {
            const kept = oldStories.get(s.id);
            if (kept) return kept;
            const copied = await item({
              id: s.id,
              mediaType: s.mediaType,
              mediaUrl: s.mediaUrl,
              thumbnailUrl: s.thumbnailUrl,
            });
            if (!copied) return undefined;
            return {
              id: s.id,
              media_type: copied.type,
              timestamp: s.timestamp,
              image: copied.image,
              ...(copied.video ? { video: copied.video } : {}),
              ...(s.durationSeconds ? { duration: s.durationSeconds } : {}),
            };
          },
        );
        return {
          id: highlightIdOf(h.id),
          external_id: h.id,
          title: h.title,
          cover: cover.ok ? cover.value : null,
          stories: stories.filter((s): s is TStoredStory => s !== undefined),
        };
      },
    );

    const picture = await copier.image(source.profile.profilePictureUrl);
    if (!picture.ok && source.profile.profilePictureUrl) fail(picture.error.message);
    const p = source.profile;
    const profile: TStoredProfile = {
      external_id: p.externalId,
      username: p.username,
      name: p.name ?? null,
      biography: p.biography ?? null,
      picture: picture.ok ? picture.value : (previous?.profile.picture ?? null),
      followers_count: p.followersCount ?? null,
      following_count: p.followsCount ?? null,
      media_count: p.mediaCount ?? null,
      is_verified: p.isVerified ?? false,
    };
    return {
      profile,
      posts: posts.filter((x): x is TStoredPost => x !== undefined),
      highlights: highlights.filter((h) => h.stories.length > 0 || h.cover !== null),
      failures,
      firstError,
    };
  }

  private async postItems(post: SourcePost, item: (m: SourceMedia) => Promise<TStoredMediaItem | undefined>) {
    const medias: SourceMedia[] =
      post.mediaType === 'CAROUSEL_ALBUM' && post.children.length > 0
        ? post.children
        : [
            {
              id: post.id,
              mediaType: post.mediaType === 'VIDEO' ? 'VIDEO' : 'IMAGE',
              mediaUrl: post.mediaUrl,
              thumbnailUrl: post.thumbnailUrl,
            },
          ];
    const items = await Promise.all(medias.map((m) => item(m)));
    return items.filter((i): i is TStoredMediaItem => i !== undefined);
  }
}
