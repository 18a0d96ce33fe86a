import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TStoredImage, TStoredVideo } from '@app/shared';
import type { Database } from '../db/database.js';
import { PARKED_UNTIL } from '../billing/plan.js';
import {
  instagramConnections,
  instagramStories,
  merchantHighlights,
  merchantHighlightStories,
} from '../db/schema.js';

import {
  FACEBOOK_CONNECTIONS,
  type MetaConnectionsTable,
} from '../instagram/instagram-connections.repository.js';

export type StoryRow = typeof instagramStories.$inferSelect;
export type HighlightRow = typeof merchantHighlights.$inferSelect;
/** A story that still has its media (not deleted by the merchant). */
export type LiveStoryRow = StoryRow & { image: TStoredImage };

export interface NewStory {
  userId: string;
  igUserId: string;
  externalId: string;
  mediaType: 'image' | 'video';
  takenAt: Date;
  image: TStoredImage;
  video: TStoredVideo | null;
  durationSeconds: number | null;
  archivedAt: Date;
}

const live = and(isNull(instagramStories.deletedAt), isNotNull(instagramStories.image));
const isLive = (row: StoryRow): row is LiveStoryRow => row.deletedAt === null && row.image !== null;

/** The story archive, the merchants' highlights and the story poll's claims. */
export class StoriesRepository {
  constructor(private readonly db: Database) {}

  // ---------- the poll ----------

  /**
   * Claims connections whose stories are due (never read, or last read at least `intervalMs` ago) by
   * stamping `stories_polled_at`; rows another process holds are skipped, so no account is read twice.
   */
  async claimDuePolls(
    input: { now: Date; intervalMs: number; limit: number },
    table: MetaConnectionsTable = instagramConnections,
  ) {
    const dueBefore = new Date(input.now.getTime() - input.intervalMs);
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: table.id,
          userId: table.userId,
          igUserId: table.igUserId,
          previousPollAt: table.storiesPolledAt,
        })
        .from(table)
        .where(
          and(
            eq(table.status, 'active'),
            isNotNull(table.accessTokenEnc),
            or(isNull(table.storiesPolledAt), lte(table.storiesPolledAt, dueBefore)),
          ),
        )
        .orderBy(sql`${table.storiesPolledAt} asc nulls first`)
        .limit(input.limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      await tx
        .update(table)
        .set({ storiesPolledAt: input.now })
        .where(
          inArray(
            table.id,
            due.map((d) => d.id),
          ),
        );
      return due;
    });
  }

  /**
   * Makes the merchant's stories due now (a manual refresh): the next tick reads them. A poll parked at
   * expiry stays parked until a payment.
   */
  async markPollDue(userId: string) {
    for (const table of [instagramConnections, FACEBOOK_CONNECTIONS])
      await this.db
        .update(table)
        .set({ storiesPolledAt: null })
        .where(
          and(
            eq(table.userId, userId),
            eq(table.status, 'active'),
            or(isNull(table.storiesPolledAt), lt(table.storiesPolledAt, PARKED_UNTIL)),
          ),
        );
  }

  /** A poll that failed is stamped earlier, so it is due again soon instead of a whole interval later. */
  async restampPoll(
    connectionId: string,
    pollStampedAt: Date,
    table: MetaConnectionsTable = instagramConnections,
  ) {
    await this.db.update(table).set({ storiesPolledAt: pollStampedAt }).where(eq(table.id, connectionId));
  }

  /** The last read of the merchant's stories by either connection. */
  async lastPolledAt(userId: string): Promise<Date | null> {
    let last: Date | null = null;
    for (const table of [instagramConnections, FACEBOOK_CONNECTIONS]) {
      const [row] = await this.db
        .select({ at: table.storiesPolledAt })
        .from(table)
        .where(eq(table.userId, userId))
        .limit(1);
      if (row?.at && (!last || row.at > last)) last = row.at;
    }
    return last;
  }

  /** Which of these Instagram story ids the merchant's archive already has (deleted ones included). */
  async knownExternalIds(userId: string, externalIds: string[]): Promise<Set<string>> {
    if (externalIds.length === 0) return new Set();
    const rows = await this.db
      .select({ externalId: instagramStories.externalId })
      .from(instagramStories)
      .where(and(eq(instagramStories.userId, userId), inArray(instagramStories.externalId, externalIds)));
    return new Set(rows.map((r) => r.externalId));
  }

  /** Archives stories; one already archived (another process got there first) is left as it is. */
  async archive(stories: NewStory[]): Promise<number> {
    if (stories.length === 0) return 0;
    const rows = await this.db
      .insert(instagramStories)
      .values(stories)
      .onConflictDoNothing({ target: [instagramStories.userId, instagramStories.externalId] })
      .returning({ id: instagramStories.id });
    return rows.length;
  }

  /** Removes stories posted before `cutoff`; returns the merchants whose archive changed. */
  async deleteOlderThan(cutoff: Date, limit = 1000): Promise<string[]> {
    const old = this.db
      .select({ id: instagramStories.id })
      .from(instagramStories)
      .where(lt(instagramStories.takenAt, cutoff))
      .limit(limit);
    const rows = await this.db
      .delete(instagramStories)
      .where(sql`${instagramStories.id} = any(array(${old}))`)
      .returning({ userId: instagramStories.userId, deletedAt: instagramStories.deletedAt });
    return [...new Set(rows.filter((r) => r.deletedAt === null).map((r) => r.userId))];
  }

  /** Whether any live story of the merchant was posted in [from, to). */
  async anyTakenBetween(userId: string, from: Date, to: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: instagramStories.id })
      .from(instagramStories)
      .where(
        and(
          eq(instagramStories.userId, userId),
          live,
          gte(instagramStories.takenAt, from),
          lt(instagramStories.takenAt, to),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  // ---------- the archive ----------

  /** The merchant's live stories, newest first. */
  async listStories(userId: string): Promise<LiveStoryRow[]> {
    const rows = await this.db
      .select()
      .from(instagramStories)
      .where(and(eq(instagramStories.userId, userId), live))
      .orderBy(desc(instagramStories.takenAt), desc(instagramStories.id));
    return rows.filter(isLive);
  }

  /** Live stories posted since `since`, oldest first (the Latest highlight). */
  async storiesSince(userId: string, since: Date): Promise<LiveStoryRow[]> {
    const rows = await this.db
      .select()
      .from(instagramStories)
      .where(and(eq(instagramStories.userId, userId), live, gte(instagramStories.takenAt, since)))
      .orderBy(asc(instagramStories.takenAt), asc(instagramStories.id));
    return rows.filter(isLive);
  }

  async findStories(userId: string, ids: string[]): Promise<LiveStoryRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(instagramStories)
      .where(and(eq(instagramStories.userId, userId), live, inArray(instagramStories.id, ids)));
    return rows.filter(isLive);
  }

  /**
   * The merchant deletes a story: its media references go, it leaves every highlight and cover, and a
   * bare row stays so the poll does not archive it again while Instagram still shows it.
   */
  async deleteStory(userId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(instagramStories)
        .set({ deletedAt: sql`now()`, image: null, video: null })
        .where(and(eq(instagramStories.userId, userId), eq(instagramStories.id, id), live))
        .returning({ id: instagramStories.id });
      if (rows.length === 0) return false;
      await tx.delete(merchantHighlightStories).where(eq(merchantHighlightStories.storyId, id));
      await tx
        .update(merchantHighlights)
        .set({ coverStoryId: null })
        .where(eq(merchantHighlights.coverStoryId, id));
      return true;
    });
  }

  // ---------- highlights ----------

  async listHighlights(userId: string): Promise<HighlightRow[]> {
    return this.db
      .select()
      .from(merchantHighlights)
      .where(eq(merchantHighlights.userId, userId))
      .orderBy(asc(merchantHighlights.position), asc(merchantHighlights.createdAt));
  }

  async findHighlight(userId: string, id: string): Promise<HighlightRow | undefined> {
    const [row] = await this.db
      .select()
      .from(merchantHighlights)
      .where(and(eq(merchantHighlights.userId, userId), eq(merchantHighlights.id, id)))
      .limit(1);
    return row;
  }

  /** Story ids of the given highlights, each list in order. */
  async storyIdsOf(highlightIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(highlightIds.map((id) => [id, []]));
    if (highlightIds.length === 0) return map;
    const rows = await this.db
      .select({
        highlightId: merchantHighlightStories.highlightId,
        storyId: merchantHighlightStories.storyId,
      })
      .from(merchantHighlightStories)
      .where(inArray(merchantHighlightStories.highlightId, highlightIds))
      .orderBy(asc(merchantHighlightStories.highlightId), asc(merchantHighlightStories.position));
    for (const r of rows) map.get(r.highlightId)?.push(r.storyId);
    return map;
  }

  /** Creates the automatic Latest highlight (first in the strip) unless the merchant has it already. */
  async ensureLatest(userId: string, title: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [exists] = await tx
        .select({ id: merchantHighlights.id })
        .from(merchantHighlights)
        .where(and(eq(merchantHighlights.userId, userId), eq(merchantHighlights.kind, 'latest')))
        .limit(1);
      if (exists) return;
      await tx
        .update(merchantHighlights)
        .set({ position: sql`${merchantHighlights.position} + 1` })
        .where(eq(merchantHighlights.userId, userId));
      await tx
        .insert(merchantHighlights)
        .values({ userId, kind: 'latest', title, position: 0 })
        .onConflictDoNothing();
    });
  }

  async countHighlights(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(merchantHighlights)
      .where(eq(merchantHighlights.userId, userId));
    return row?.n ?? 0;
  }

  async createHighlight(input: {
    userId: string;
    title: string;
    coverStoryId: string | null;
    storyIds: string[];
    now: Date;
  }): Promise<HighlightRow> {
    return this.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ max: sql<number | null>`max(${merchantHighlights.position})` })
        .from(merchantHighlights)
        .where(eq(merchantHighlights.userId, input.userId));
      const [row] = await tx
        .insert(merchantHighlights)
        .values({
          userId: input.userId,
          kind: 'custom',
          title: input.title,
          position: (last?.max ?? -1) + 1,
          coverStoryId: input.coverStoryId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      if (!row) throw new Error('highlight insert returned nothing');
      if (input.storyIds.length > 0) {
        await tx
          .insert(merchantHighlightStories)
          .values(input.storyIds.map((storyId, position) => ({ highlightId: row.id, storyId, position })));
      }
      return row;
    });
  }

  /** Applies an edit in one transaction; `position` moves the highlight and renumbers the others. */
  async updateHighlight(
    userId: string,
    id: string,
    change: {
      title?: string | undefined;
      enabled?: boolean | undefined;
      cover?: { storyId: string | null; image: TStoredImage | null } | undefined;
      storyIds?: string[] | undefined;
      position?: number | undefined;
    },
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(merchantHighlights)
        .set({
          updatedAt: now,
          ...(change.title !== undefined ? { title: change.title } : {}),
          ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
          ...(change.cover !== undefined
            ? { coverStoryId: change.cover.storyId, coverImage: change.cover.image }
            : {}),
        })
        .where(and(eq(merchantHighlights.userId, userId), eq(merchantHighlights.id, id)));
      if (change.storyIds !== undefined) {
        await tx.delete(merchantHighlightStories).where(eq(merchantHighlightStories.highlightId, id));
        if (change.storyIds.length > 0) {
          await tx
            .insert(merchantHighlightStories)
            .values(change.storyIds.map((storyId, position) => ({ highlightId: id, storyId, position })));
        }
      }
      if (change.position !== undefined) {
        const rows = await tx
          .select({ id: merchantHighlights.id })
          .from(merchantHighlights)
          .where(eq(merchantHighlights.userId, userId))
          .orderBy(asc(merchantHighlights.position), asc(merchantHighlights.createdAt))
          .for('update');
        const order = rows.map((r) => r.id).filter((other) => other !== id);
        order.splice(Math.min(change.position, order.length), 0, id);
        for (const [position, highlightId] of order.entries()) {
          await tx.update(merchantHighlights).set({ position }).where(eq(merchantHighlights.id, highlightId));
        }
      }
    });
  }

  /** Deletes a custom highlight and closes the gap it leaves in the order. */
  async deleteHighlight(userId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(merchantHighlights)
        .where(
          and(
            eq(merchantHighlights.userId, userId),
            eq(merchantHighlights.id, id),
            eq(merchantHighlights.kind, 'custom'),
          ),
        )
        .returning({ position: merchantHighlights.position });
      if (!gone) return false;
      await tx
        .update(merchantHighlights)
        .set({ position: sql`${merchantHighlights.position} - 1` })
        .where(and(eq(merchantHighlights.userId, userId), gt(merchantHighlights.position, gone.position)));
      return true;
    });
  }
}
