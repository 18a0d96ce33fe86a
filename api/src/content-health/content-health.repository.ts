import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { instagramAccounts, instagramConnections } from '../db/schema.js';

export interface HealthRow {
  connectionId: string | null;
  userId: string;
  username: string;
  connectionStatus: 'active' | 'needs_reconnect' | null;
  connectedAt: Date | null;
  lastRefresh: Date | null;
  accountCreatedAt: Date | null;
  healthNotifiedAt: Date | null;
}

const healthColumns = {
  connectionId: instagramConnections.id,
  userId: instagramConnections.userId,
  username: instagramConnections.username,
  connectionStatus: instagramConnections.status,
  connectedAt: instagramConnections.connectedAt,
  lastRefresh: instagramAccounts.lastRefresh,
  accountCreatedAt: instagramAccounts.createdAt,
  healthNotifiedAt: instagramConnections.healthNotifiedAt,
};

/** What content health reads: connections with their account's last good refresh, and the notice stamps. */
export class ContentHealthRepository {
  constructor(private readonly db: Database) {}

  /** The merchant's connection (if any) and account (if any). */
  async forUser(userId: string): Promise<HealthRow | undefined> {
    const [connection] = await this.db
      .select(healthColumns)
      .from(instagramConnections)
      .leftJoin(instagramAccounts, eq(instagramAccounts.userId, instagramConnections.userId))
      .where(eq(instagramConnections.userId, userId))
      .limit(1);
    if (connection) return connection;
    const [account] = await this.db
      .select({
        userId: instagramAccounts.userId,
        username: instagramAccounts.instagramUsername,
        lastRefresh: instagramAccounts.lastRefresh,
        accountCreatedAt: instagramAccounts.createdAt,
      })
      .from(instagramAccounts)
      .where(eq(instagramAccounts.userId, userId))
      .limit(1);
    return account
      ? { ...account, connectionId: null, connectionStatus: null, connectedAt: null, healthNotifiedAt: null }
      : undefined;
  }

  /**
   * Connections that may need a notice: refused, or not refreshed since `staleBefore` (the shortest plan's
   * threshold; the caller applies each plan's own), and not told within the last week.
   */
  async noticeCandidates(input: {
    staleBefore: Date;
    notifiedBefore: Date;
    limit: number;
  }): Promise<HealthRow[]> {
    return this.db
      .select(healthColumns)
      .from(instagramConnections)
      .leftJoin(instagramAccounts, eq(instagramAccounts.userId, instagramConnections.userId))
      .where(
        and(
          or(
            isNull(instagramConnections.healthNotifiedAt),
            lt(instagramConnections.healthNotifiedAt, input.notifiedBefore),
          ),
          or(
            eq(instagramConnections.status, 'needs_reconnect'),
            lt(
              sql`coalesce(${instagramAccounts.lastRefresh}, ${instagramConnections.connectedAt})`,
              input.staleBefore,
            ),
          ),
        ),
      )
      .orderBy(instagramConnections.healthNotifiedAt)
      .limit(input.limit) as Promise<HealthRow[]>;
  }

  /** Connections told about a problem: cleared once the problem is gone, so the next one is told at once. */
  async notified(limit: number): Promise<HealthRow[]> {
    return this.db
      .select(healthColumns)
      .from(instagramConnections)
      .leftJoin(instagramAccounts, eq(instagramAccounts.userId, instagramConnections.userId))
      .where(isNotNull(instagramConnections.healthNotifiedAt))
      .limit(limit) as Promise<HealthRow[]>;
  }

  /** Stamps the notice unless another process just did: true for the one that should send the e-mail. */
  async claimNotice(connectionId: string, now: Date, notifiedBefore: Date): Promise<boolean> {
    const rows = await this.db
      .update(instagramConnections)
      .set({ healthNotifiedAt: now })
      .where(
        and(
          eq(instagramConnections.id, connectionId),
          or(
            isNull(instagramConnections.healthNotifiedAt),
            lt(instagramConnections.healthNotifiedAt, notifiedBefore),
          ),
        ),
      )
      .returning({ id: instagramConnections.id });
    return rows.length > 0;
  }

  async clearNotice(connectionId: string): Promise<void> {
    await this.db
      .update(instagramConnections)
      .set({ healthNotifiedAt: null })
      .where(eq(instagramConnections.id, connectionId));
  }
}
