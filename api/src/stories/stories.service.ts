import {
  MAX_MERCHANT_HIGHLIGHTS,
  type TArchivedStory,
  type THighlightCreate,
  type THighlightUpdate,
  type TMerchantHighlight,
  type TStoredStory,
  type TStoriesList,
} from '@app/shared';
import type { SnapshotService } from '../content/snapshot.service.js';
import { AppError } from '../http/errors.js';
import type { MediaFetcher, SourceStory } from '../instagram/instagram.source.js';
import type { InstagramLoginPort } from '../instagram/instagram-login.client.js';
import type { MetaConnectionsTable } from '../instagram/instagram-connections.repository.js';
import type { ConnectedTokens } from '../instagram/source.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { mapLimit } from '../lib/map-limit.js';
import { err, ok, type Result } from '../lib/result.js';
import { MediaCopier, storedImage, type MediaStorePort } from '../media/media-copier.js';
import { uploadFailureMessage, type UploadGate } from '../media/upload-gate.js';
import { resolvePlan } from '../billing/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { NewStory, StoriesRepository } from './stories.repository.js';
import { coverOf, latestSince, resolveStories, widgetHighlightsOf } from './highlight-stories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A story lives 24 h on Instagram; reading every 3 h keeps well inside "at least every 4 hours". */
export const STORY_POLL_INTERVAL_MS = 3 * HOUR;
/** After a failed read (Instagram busy or down), the account is due again this soon. */
export const STORY_POLL_RETRY_MS = 15 * 60_000;

/** The Latest highlight's default title, in the merchant's language. */
export const LATEST_TITLES = { ar: 'الأحدث', en: 'Latest' } as const;

export interface StoriesServiceDeps {
  stories: StoriesRepository;
  users: Pick<UsersRepository, 'findById'>;
  subscriptions: Pick<SubscriptionsRepository, 'findActive'>;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  /**
   * Where stories are read: Facebook Login (the documented source, `/{ig-user-id}/stories`) and Instagram
   * Login (`/me/stories`, used too when it answers). Only the available ones; none: nothing is polled.
   */
  readers: StoryReader[];
  mediaFetcher: MediaFetcher;
  mediaStore: MediaStorePort;
  /** Merchants' uploads: limited per merchant and across the process (media/upload-gate.ts). */
  uploads: Pick<UploadGate, 'storeUpload'>;
  clock: Clock;
  logger: Logger;
  config: { retentionDays: number; pollBatchSize: number; mediaConcurrency: number };
}

/** One connection kind whose accounts' stories the poll reads. */
export interface StoryReader {
  via: 'facebook' | 'instagram';
  login: Pick<InstagramLoginPort, 'stories'>;
  tokens: ConnectedTokens;
  /** The connections table its poll claims rows from. */
  table: MetaConnectionsTable;
}

export interface PollSummary {
  polled: number;
  archived: number;
  failed: number;
  purged: number;
}

/**
 * Stories archived into highlights: reads every connected account's stories at least every 4 hours
 * (whatever the plan), copies each new one into the media store, keeps them for the retention period,
 * and lets Pro merchants group them into highlights the widget shows.
 */
export class StoriesService {
  constructor(private readonly deps: StoriesServiceDeps) {}

  // ---------- the poll (cron) ----------

  /**
   * One tick's work: due accounts' stories batch after batch until none are left or `budgetMs` is spent
   * (the next tick carries on), then retention. One batch a tick would fall behind: at 20 a minute,
   * 10,000 accounts are read every 8 h instead of every 3.
   */
  async pollDue(budgetMs = 30_000): Promise<PollSummary> {
    const d = this.deps;
    const summary: PollSummary = { polled: 0, archived: 0, failed: 0, purged: 0 };
    const started = performance.now();
    for (const reader of d.readers) {
      for (;;) {
        const claimed = await d.stories.claimDuePolls(
          { now: d.clock.now(), intervalMs: STORY_POLL_INTERVAL_MS, limit: d.config.pollBatchSize },
          reader.table,
        );
        for (const connection of claimed) {
          summary.polled++;
          const result = await this.pollOne(reader, connection);
          if (result.ok) summary.archived += result.value;
          else summary.failed++;
        }
        if (claimed.length < d.config.pollBatchSize || performance.now() - started > budgetMs) break;
      }
    }
    summary.purged = await this.applyRetention();
    return summary;
  }

  private async pollOne(
    reader: StoryReader,
    connection: { id: string; userId: string; igUserId: string; previousPollAt: Date | null },
  ): Promise<Result<number, string>> {
    const d = this.deps;
    const retrySoon = () =>
      d.stories.restampPoll(
        connection.id,
        new Date(d.clock.now().getTime() - STORY_POLL_INTERVAL_MS + STORY_POLL_RETRY_MS),
        reader.table,
      );
    const token = await reader.tokens.tokenFor(connection.userId);
    if (token?.status !== 'active') return err('not connected');
    const read = await reader.login.stories(token.token, connection.igUserId);
    if (!read.ok) {
      if (read.error.kind === 'invalid_token' || read.error.kind === 'permission') {
        await reader.tokens.markNeedsReconnect(connection.id, read.error.message);
      } else {
        await retrySoon();
      }
      d.logger.warn(
        { connectionId: connection.id, via: reader.via, kind: read.error.kind, detail: read.error.detail },
        'story poll failed',
      );
      return err(read.error.message);
    }
    try {
      const archived = await this.archiveNew(connection, read.value);
      const now = d.clock.now();
      // A story that left the Latest window since the last poll changes the strip too.
      const leftLatest =
        connection.previousPollAt !== null &&
        (await d.stories.anyTakenBetween(
          connection.userId,
          latestSince(connection.previousPollAt),
          latestSince(now),
        ));
      if (archived > 0) {
        const user = await d.users.findById(connection.userId);
        await d.stories.ensureLatest(connection.userId, LATEST_TITLES[user?.language ?? 'ar']);
      }
      if (archived > 0 || leftLatest) await d.snapshots.rebuild(connection.userId);
      return ok(archived);
    } catch (error) {
      await retrySoon();
      d.logger.warn({ connectionId: connection.id, err: error }, 'story archive failed');
      return err(error instanceof Error ? error.message : String(error));
    }
  }

  /** Copies the media of stories not archived yet and archives them; a story whose picture fails waits. */
  private async archiveNew(
    connection: { userId: string; igUserId: string },
    stories: SourceStory[],
  ): Promise<number> {
    const d = this.deps;
    const known = await d.stories.knownExternalIds(
      connection.userId,
      stories.map((s) => s.id),
    );
    const fresh = stories.filter((s) => !known.has(s.id) && !Number.isNaN(Date.parse(s.timestamp)));
    if (fresh.length === 0) return 0;
    const copier = new MediaCopier(d.mediaFetcher, d.mediaStore);
    const copied = await mapLimit(
      fresh,
      d.config.mediaConcurrency,
      async (s): Promise<NewStory | undefined> => {
        const video = s.mediaType === 'VIDEO';
        const image = await copier.image(video ? (s.thumbnailUrl ?? s.mediaUrl) : s.mediaUrl);
        if (!image.ok) {
          d.logger.warn({ storyId: s.id, err: image.error.message }, 'story picture not copied');
          return undefined;
        }
        // A video whose file cannot be copied still shows its poster, as posts do.
        const file = video ? await copier.video(s.mediaUrl) : undefined;
        return {
          userId: connection.userId,
          igUserId: connection.igUserId,
          externalId: s.id,
          mediaType: video && file?.ok ? 'video' : 'image',
          takenAt: new Date(s.timestamp),
          image: image.value,
          video: file?.ok ? file.value : null,
          durationSeconds: file?.ok ? (s.durationSeconds ?? null) : null,
          archivedAt: d.clock.now(),
        };
      },
    );
    return d.stories.archive(copied.filter((s): s is NewStory => s !== undefined));
  }

  /** Removes stories older than the retention period and rebuilds the widgets that showed them. */
  private async applyRetention(): Promise<number> {
    const d = this.deps;
    const cutoff = new Date(d.clock.now().getTime() - d.config.retentionDays * DAY);
    const users = await d.stories.deleteOlderThan(cutoff);
    for (const userId of users) await d.snapshots.rebuild(userId);
    return users.length;
  }

  // ---------- the merchant's archive and highlights ----------

  /** Highlights are a Pro feature (trial included); a lapsed or basic plan is refused. */
  private async requirePro(userId: string): Promise<Result<void, AppError>> {
    const d = this.deps;
    const user = await d.users.findById(userId);
    const plan = resolvePlan(
      { trialEndsAt: user?.trialEndsAt ?? null, subscription: await d.subscriptions.findActive(userId) },
      d.clock.now(),
    );
    return plan.limits.highlights && plan.status !== 'expired'
      ? ok(undefined)
      : err(new AppError('plan_required'));
  }

  async listStories(userId: string): Promise<Result<TStoriesList, AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const [rows, highlights, polledAt] = await Promise.all([
      d.stories.listStories(userId),
      d.stories.listHighlights(userId),
      d.stories.lastPolledAt(userId),
    ]);
    const idsOf = await d.stories.storyIdsOf(highlights.filter((h) => h.kind === 'custom').map((h) => h.id));
    const inHighlights = new Map<string, string[]>();
    for (const [highlightId, ids] of idsOf)
      for (const id of ids) inHighlights.set(id, [...(inHighlights.get(id) ?? []), highlightId]);
    const tokens = await Promise.all(d.readers.map((r) => r.tokens.tokenFor(userId)));
    return ok({
      stories: rows.map((s): TArchivedStory => ({
        id: s.id,
        media_type: s.mediaType,
        taken_at: s.takenAt.toISOString(),
        image: s.image,
        video: s.video ?? null,
        duration: s.durationSeconds ?? null,
        highlight_ids: inHighlights.get(s.id) ?? [],
      })),
      retention_days: d.config.retentionDays,
      archiving: tokens.some((t) => t !== undefined),
      last_polled_at: polledAt?.toISOString() ?? null,
    });
  }

  async deleteStory(userId: string, storyId: string): Promise<Result<void, AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    if (!(await this.deps.stories.deleteStory(userId, storyId))) return err(new AppError('story_not_found'));
    await this.deps.snapshots.rebuild(userId);
    return ok(undefined);
  }

  async listHighlights(userId: string): Promise<Result<TMerchantHighlight[], AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const user = await d.users.findById(userId);
    await d.stories.ensureLatest(userId, LATEST_TITLES[user?.language ?? 'ar']);
    return ok(await this.highlightsOf(userId));
  }

  private async highlightsOf(userId: string): Promise<TMerchantHighlight[]> {
    const d = this.deps;
    const highlights = await d.stories.listHighlights(userId);
    const resolved = await resolveStories(d.stories, userId, highlights, d.clock.now());
    return highlights.map((h) => {
      const stories = resolved.stories.get(h.id) ?? [];
      const coverStory = h.coverStoryId ? resolved.covers.get(h.coverStoryId) : undefined;
      return {
        id: h.id,
        kind: h.kind,
        title: h.title,
        position: h.position,
        enabled: h.enabled,
        cover_source: h.coverImage ? 'upload' : coverStory ? 'story' : 'auto',
        cover_story_id: h.coverImage ? null : (coverStory?.id ?? null),
        cover: coverOf(h, stories, resolved.covers),
        story_ids: stories.map((s) => s.id),
      };
    });
  }

  private async highlight(userId: string, id: string): Promise<Result<TMerchantHighlight, AppError>> {
    const found = (await this.highlightsOf(userId)).find((h) => h.id === id);
    return found ? ok(found) : err(new AppError('merchant_highlight_not_found'));
  }

  /** Every id must be a live story of this merchant. */
  private async checkStories(userId: string, ids: string[]): Promise<Result<void, AppError>> {
    if (ids.length === 0) return ok(undefined);
    const found = await this.deps.stories.findStories(userId, ids);
    return found.length === new Set(ids).size ? ok(undefined) : err(new AppError('unknown_stories'));
  }

  async createHighlight(
    userId: string,
    input: THighlightCreate,
  ): Promise<Result<TMerchantHighlight, AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const storyIds = input.story_ids ?? [];
    const checked = await this.checkStories(userId, [
      ...storyIds,
      ...(input.cover_story_id ? [input.cover_story_id] : []),
    ]);
    if (!checked.ok) return checked;
    if ((await d.stories.countHighlights(userId)) >= MAX_MERCHANT_HIGHLIGHTS)
      return err(new AppError('highlights_limit'));
    const row = await d.stories.createHighlight({
      userId,
      title: input.title,
      coverStoryId: input.cover_story_id ?? null,
      storyIds,
      now: d.clock.now(),
    });
    await d.snapshots.rebuild(userId);
    return this.highlight(userId, row.id);
  }

  async updateHighlight(
    userId: string,
    id: string,
    input: THighlightUpdate,
  ): Promise<Result<TMerchantHighlight, AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const row = await d.stories.findHighlight(userId, id);
    if (!row) return err(new AppError('merchant_highlight_not_found'));
    if (row.kind === 'latest' && input.story_ids !== undefined)
      return err(new AppError('highlight_automatic'));
    if (row.kind === 'custom' && input.enabled === false) return err(new AppError('highlight_automatic'));
    const checked = await this.checkStories(userId, [
      ...(input.story_ids ?? []),
      ...(input.cover_story_id ? [input.cover_story_id] : []),
    ]);
    if (!checked.ok) return checked;
    await d.stories.updateHighlight(
      userId,
      id,
      {
        title: input.title,
        enabled: input.enabled,
        // Choosing a story (or the automatic cover, null) replaces an uploaded image.
        cover:
          input.cover_story_id !== undefined ? { storyId: input.cover_story_id, image: null } : undefined,
        storyIds: input.story_ids,
        position: input.position,
      },
      d.clock.now(),
    );
    await d.snapshots.rebuild(userId);
    return this.highlight(userId, id);
  }

  /** An uploaded cover: stored with the same renditions as every other picture. */
  async uploadCover(
    userId: string,
    id: string,
    bytes: Buffer,
    contentType: string,
  ): Promise<Result<TMerchantHighlight, AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    if (!(await d.stories.findHighlight(userId, id)))
      return err(new AppError('merchant_highlight_not_found'));
    const gated = await d.uploads.storeUpload(userId, bytes, contentType);
    if (!gated.ok) return gated;
    const stored = gated.value;
    if (!stored.ok || stored.value.kind !== 'image')
      return err(new AppError('invalid_image', uploadFailureMessage(stored)));
    const image = storedImage(stored.value);
    await d.stories.updateHighlight(userId, id, { cover: { storyId: null, image } }, d.clock.now());
    await d.snapshots.rebuild(userId);
    return this.highlight(userId, id);
  }

  async deleteHighlight(userId: string, id: string): Promise<Result<void, AppError>> {
    const allowed = await this.requirePro(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const row = await d.stories.findHighlight(userId, id);
    if (!row) return err(new AppError('merchant_highlight_not_found'));
    if (row.kind === 'latest') return err(new AppError('highlight_automatic'));
    await d.stories.deleteHighlight(userId, id);
    await d.snapshots.rebuild(userId);
    return ok(undefined);
  }

  /** The stories of one of the merchant's highlights for the public widget (its rules checked by the caller). */
  async widgetStories(userId: string, highlightId: string): Promise<TStoredStory[] | undefined> {
    const highlights = await widgetHighlightsOf(this.deps.stories, userId, this.deps.clock.now());
    return highlights.find((h) => h.id === highlightId)?.stories;
  }
}
