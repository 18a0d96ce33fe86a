import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { sallaConnections, users, zidConnections } from '../db/schema.js';

export type Platform = 'salla' | 'zid';
export type ConnectionRow = typeof sallaConnections.$inferSelect;
export type ConnectionPatch = Partial<Omit<typeof sallaConnections.$inferInsert, 'id' | 'createdAt'>>;

const tableOf = (platform: Platform) => (platform === 'salla' ? sallaConnections : zidConnections);

export class PlatformConnectionsRepository {
  constructor(private readonly db: Database) {}

  /** undefined: no Salla connection; null: connected without a known token expiry. */
  async sallaTokenExpiry(userId: string): Promise<Date | null | undefined> {
    const [row] = await this.db
      .select({ expiresAt: sallaConnections.tokenExpiresAt })
      .from(sallaConnections)
      .where(eq(sallaConnections.userId, userId))
      .limit(1);
    return row ? row.expiresAt : undefined;
  }

  /** True when the user's store uninstalled our app (their widget must stay hidden). */
  async isUninstalled(userId: string): Promise<boolean> {
    for (const table of [sallaConnections, zidConnections]) {
      const [row] = await this.db
        .select({ status: table.status })
        .from(table)
        .where(eq(table.userId, userId))
        .limit(1);
      if (row?.status === 'uninstalled') return true;
    }
    return false;
  }

  async find(platform: Platform, storeId: string): Promise<ConnectionRow | undefined> {
    const table = tableOf(platform);
    const [row] = await this.db.select().from(table).where(eq(table.storeId, storeId)).limit(1);
    return row;
  }

  /** Creates or updates the store's connection (an idempotent upsert on the store id). */
  async upsert(
    platform: Platform,
    storeId: string,
    userId: string,
    patch: ConnectionPatch,
  ): Promise<ConnectionRow> {
    const table = tableOf(platform);
    // One connection per user too: a merchant who moves to another store keeps one row.
    await this.db.delete(table).where(and(eq(table.userId, userId), sql`${table.storeId} <> ${storeId}`));
    const [row] = await this.db
      .insert(table)
      .values({ ...patch, storeId, userId })
      .onConflictDoUpdate({ target: table.storeId, set: { ...patch, userId, updatedAt: sql`now()` } })
      .returning();
    if (!row) throw new Error('connection upsert returned nothing');
    return row;
  }

  async update(
    platform: Platform,
    storeId: string,
    patch: ConnectionPatch,
  ): Promise<ConnectionRow | undefined> {
    const table = tableOf(platform);
    const [row] = await this.db
      .update(table)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(table.storeId, storeId))
      .returning();
    return row;
  }

  /** Store ids of active connections whose token expires before `before`. */
  async dueForTokenRefresh(platform: Platform, before: Date): Promise<string[]> {
    const table = tableOf(platform);
    const rows = await this.db
      .select({ storeId: table.storeId })
      .from(table)
      .where(and(eq(table.status, 'active'), lt(table.tokenExpiresAt, before)));
    return rows.map((r) => r.storeId);
  }

  /**
   * Runs `work` holding the connection's row lock (a per-merchant lock across every process). Another
   * process already holding it makes this return `undefined` at once: that one is doing the work.
   * Salla's refresh tokens are single-use, so two refreshes at once would revoke the chain.
   */
  async withConnectionLock<T>(
    platform: Platform,
    storeId: string,
    work: (row: ConnectionRow, save: (patch: ConnectionPatch) => Promise<void>) => Promise<T>,
  ): Promise<T | undefined> {
    const table = tableOf(platform);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(table)
        .where(eq(table.storeId, storeId))
        .for('update', { skipLocked: true })
        .limit(1);
      if (!row) return undefined;
      return work(row, async (patch) => {
        await tx
          .update(table)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(table.storeId, storeId));
      });
    });
  }

  /** The user's store connection (Salla first, as the merchant record reads it), with its platform. */
  async findByUser(userId: string): Promise<{ platform: Platform; row: ConnectionRow } | undefined> {
    for (const platform of ['salla', 'zid'] as const) {
      const table = tableOf(platform);
      const [row] = await this.db.select().from(table).where(eq(table.userId, userId)).limit(1);
      if (row) return { platform, row };
    }
    return undefined;
  }

  /** Zid stores whose storefront script is not registered yet and whose next attempt is due. */
  async dueForScriptRegistration(now: Date, limit = 50): Promise<string[]> {
    const rows = await this.db
      .select({ storeId: zidConnections.storeId })
      .from(zidConnections)
      .where(
        and(
          eq(zidConnections.status, 'active'),
          inArray(zidConnections.scriptStatus, ['pending', 'failed']),
          lte(zidConnections.scriptNextAttemptAt, now),
        ),
      )
      .orderBy(asc(zidConnections.scriptNextAttemptAt))
      .limit(limit);
    return rows.map((r) => r.storeId);
  }

  /**
   * Zid stores due for product-webhook registration: never subscribed (installed before webhooks were
   * registered, or just installed), or failed with their backoff passed.
   */
  async dueForWebhookRegistration(now: Date, limit = 50): Promise<string[]> {
    const rows = await this.db
      .select({ storeId: zidConnections.storeId })
      .from(zidConnections)
      .where(
        and(
          eq(zidConnections.status, 'active'),
          or(
            isNull(zidConnections.webhooksStatus),
            and(
              inArray(zidConnections.webhooksStatus, ['pending', 'failed']),
              lte(zidConnections.webhooksNextAttemptAt, now),
            ),
          ),
        ),
      )
      .orderBy(asc(zidConnections.webhooksNextAttemptAt))
      .limit(limit);
    return rows.map((r) => r.storeId);
  }

  /** Zid stores whose storefront script could not be registered, newest failure first (admins). */
  async scriptFailures(limit = 200) {
    return this.db
      .select({
        storeId: zidConnections.storeId,
        email: users.email,
        error: zidConnections.scriptError,
        attempts: zidConnections.scriptAttempts,
        nextAttemptAt: zidConnections.scriptNextAttemptAt,
        updatedAt: zidConnections.updatedAt,
      })
      .from(zidConnections)
      .innerJoin(users, eq(users.id, zidConnections.userId))
      .where(and(eq(zidConnections.scriptStatus, 'failed'), eq(zidConnections.status, 'active')))
      .orderBy(desc(zidConnections.updatedAt))
      .limit(limit);
  }
}
