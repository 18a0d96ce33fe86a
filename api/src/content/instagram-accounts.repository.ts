import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { instagramAccounts, widgetSnapshots } from '../db/schema.js';
import { PARKED_UNTIL } from '../billing/plan.js';

export type InstagramAccountRow = typeof instagramAccounts.$inferSelect;

/** Public, unguessable, URL-safe: 18 random bytes → 24 characters. */
export const newWidgetKey = () => `wk_${randomBytes(18).toString('base64url')}`;

export class InstagramAccountsRepository {
  constructor(private readonly db: Database) {}

  async findByUserId(userId: string): Promise<InstagramAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(instagramAccounts)
      .where(eq(instagramAccounts.userId, userId))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<InstagramAccountRow | undefined> {
    const [row] = await this.db.select().from(instagramAccounts).where(eq(instagramAccounts.id, id)).limit(1);
    return row;
  }

  async findByWidgetKey(key: string): Promise<InstagramAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(instagramAccounts)
      .where(eq(instagramAccounts.publicWidgetKey, key))
      .limit(1);
    return row;
  }

  /**
   * Connects (or changes) the merchant's username. The widget key is made once and kept, so a pasted
   * snippet keeps working; a changed username is due for refresh at once.
   */
  async connect(input: {
    userId: string;
    username: string;
    externalId: string | null;
    now: Date;
  }): Promise<InstagramAccountRow> {
    const [row] = await this.db
      .insert(instagramAccounts)
      .values({
        userId: input.userId,
        instagramUsername: input.username,
        // The merchant's key survives their account row (Meta's data deletion removes it): the snapshot
        // keeps the key, so embedded snippets keep working after a reconnect.
        publicWidgetKey: sql`coalesce((select ws.public_widget_key from ${widgetSnapshots} ws where ws.merchant_id = ${input.userId}), ${newWidgetKey()})`,
        isValidated: input.externalId !== null,
        instagramUserId: input.externalId,
        nextRefreshAt: input.now,
      })
      .onConflictDoUpdate({
        target: instagramAccounts.userId,
        set: {
          instagramUsername: input.username,
          isValidated: input.externalId !== null,
          instagramUserId: input.externalId,
          nextRefreshAt: input.now,
          refreshAttempts: 0,
          lastError: null,
          // A different account's content must not be shown under the new name.
          widgetContentReady: sql`case when ${instagramAccounts.instagramUsername} = ${input.username} then ${instagramAccounts.widgetContentReady} else false end`,
          updatedAt: sql`now()`,
          version: sql`${instagramAccounts.version} + 1`,
        },
      })
      .returning();
    if (!row) throw new Error('instagram account upsert returned nothing');
    return row;
  }

  /**
   * Makes an account due now (manual refresh). A live claim is left alone: its refresh is running (the
   * worker's heartbeat keeps the lease ahead of the clock) and answers 'running'. An expired claim belongs
   * to a worker that died; it is released here, so the next tick takes the account at once and a late
   * write from the dead worker is refused (writes require the claim). An account parked at expiry is
   * left parked (answered 'running': nothing is queued).
   */
  async markDue(id: string, now: Date): Promise<'queued' | 'running'> {
    const rows = await this.db
      .update(instagramAccounts)
      .set({
        nextRefreshAt: sql`least(${instagramAccounts.nextRefreshAt}, ${now})`,
        refreshAttempts: 0,
        claimedUntil: null,
        claimedBy: null,
      })
      .where(
        and(
          eq(instagramAccounts.id, id),
          or(isNull(instagramAccounts.claimedUntil), lte(instagramAccounts.claimedUntil, now)),
          // An expired merchant's account stays parked until a payment.
          lt(instagramAccounts.nextRefreshAt, PARKED_UNTIL),
        ),
      )
      .returning({ id: instagramAccounts.id });
    return rows.length > 0 ? 'queued' : 'running';
  }

  /**
   * The heartbeat: pushes the lease of the accounts this worker is still refreshing to `until`. Accounts
   * another worker took meanwhile (this one stalled past its lease) are not touched.
   */
  async extendLease(input: { ids: string[]; workerId: string; until: Date }): Promise<void> {
    if (input.ids.length === 0) return;
    await this.db
      .update(instagramAccounts)
      .set({ claimedUntil: input.until })
      .where(and(inArray(instagramAccounts.id, input.ids), eq(instagramAccounts.claimedBy, input.workerId)));
  }

  /**
   * Gives back claims this worker took but will not work on (it is shutting down): the accounts are due
   * again for any worker at once instead of after their lease.
   */
  async releaseClaims(input: { ids: string[]; workerId: string }): Promise<void> {
    if (input.ids.length === 0) return;
    await this.db
      .update(instagramAccounts)
      .set({ claimedUntil: null, claimedBy: null })
      .where(and(inArray(instagramAccounts.id, input.ids), eq(instagramAccounts.claimedBy, input.workerId)));
  }

  /** Due accounts no worker holds, and how late the most overdue one is (for the metrics). */
  async refreshBacklog(now: Date): Promise<{ due: number; oldestDueSeconds: number }> {
    const [row] = await this.db
      .select({
        due: sql<number>`count(*)::int`,
        oldest: sql<Date | string | null>`min(${instagramAccounts.nextRefreshAt})`,
      })
      .from(instagramAccounts)
      .where(
        and(
          lte(instagramAccounts.nextRefreshAt, now),
          or(isNull(instagramAccounts.claimedUntil), lt(instagramAccounts.claimedUntil, now)),
        ),
      );
    const oldest = row?.oldest ? new Date(row.oldest) : undefined;
    return {
      due: Number(row?.due ?? 0),
      oldestDueSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    };
  }

  /**
   * Makes every account due now (admin bulk refresh); the tick's batch size paces them. Accounts parked
   * at expiry stay parked.
   */
  async markAllDue(now: Date): Promise<number> {
    const rows = await this.db
      .update(instagramAccounts)
      .set({ nextRefreshAt: now })
      .where(lt(instagramAccounts.nextRefreshAt, PARKED_UNTIL))
      .returning({ id: instagramAccounts.id });
    return rows.length;
  }

  /**
   * Claims up to `limit` due accounts for this worker with a lease. SKIP LOCKED makes concurrent workers
   * take disjoint sets; the lease makes a crashed worker's accounts due again once it passes.
   */
  async claimDue(input: {
    now: Date;
    leaseMs: number;
    limit: number;
    workerId: string;
  }): Promise<InstagramAccountRow[]> {
    return this.claimDueQuery(input);
  }

  /**
   * The claim statement itself (the benchmark EXPLAINs it). `= any(array(…))` rather than `in (…)`:
   * with `in`, PostgreSQL plans a hash semi-join over a sequential scan of every account, so the cost
   * of a tick would grow with the number of accounts instead of the number due.
   */
  claimDueQuery(input: { now: Date; leaseMs: number; limit: number; workerId: string }) {
    const due = this.db
      .select({ id: instagramAccounts.id })
      .from(instagramAccounts)
      .where(
        and(
          lte(instagramAccounts.nextRefreshAt, input.now),
          or(isNull(instagramAccounts.claimedUntil), lt(instagramAccounts.claimedUntil, input.now)),
        ),
      )
      .orderBy(instagramAccounts.nextRefreshAt)
      .limit(input.limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(instagramAccounts)
      .set({ claimedUntil: new Date(input.now.getTime() + input.leaseMs), claimedBy: input.workerId })
      .where(sql`${instagramAccounts.id} = any(array(${due}))`)
      .returning();
  }

  async recordSuccess(input: {
    id: string;
    workerId: string;
    now: Date;
    nextRefreshAt: Date;
    externalId: string;
  }): Promise<void> {
    await this.db
      .update(instagramAccounts)
      .set({
        lastRefresh: input.now,
        nextRefreshAt: input.nextRefreshAt,
        refreshAttempts: 0,
        lastError: null,
        lastErrorAt: null,
        claimedUntil: null,
        claimedBy: null,
        widgetContentReady: true,
        isValidated: true,
        instagramUserId: input.externalId,
      })
      .where(and(eq(instagramAccounts.id, input.id), eq(instagramAccounts.claimedBy, input.workerId)));
  }

  async recordFailure(input: {
    id: string;
    workerId: string;
    now: Date;
    nextRefreshAt: Date;
    attempts: number;
    error: string;
  }): Promise<void> {
    await this.db
      .update(instagramAccounts)
      .set({
        nextRefreshAt: input.nextRefreshAt,
        refreshAttempts: input.attempts,
        lastError: input.error,
        lastErrorAt: input.now,
        claimedUntil: null,
        claimedBy: null,
      })
      .where(and(eq(instagramAccounts.id, input.id), eq(instagramAccounts.claimedBy, input.workerId)));
  }

  /** Counts for the benchmark and admin views. */
  async countDue(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(instagramAccounts)
      .where(sql`${instagramAccounts.nextRefreshAt} <= ${now}`);
    return row?.n ?? 0;
  }
}
