import { and, arrayContains, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  facebookConnections,
  instagramAccounts,
  instagramConnections,
  instagramDeletionRequests,
  instagramStories,
} from '../db/schema.js';

export type InstagramConnectionRow = typeof instagramConnections.$inferSelect;

/**
 * A table of Meta login connections: `instagram_connections` (Instagram Login) or `facebook_connections`
 * (Facebook Login), which have the same columns (db/schema.ts, metaConnectionColumns).
 */
export type MetaConnectionsTable = typeof instagramConnections;

/** The Facebook Login connections, read and written by the same repository. */
export const FACEBOOK_CONNECTIONS = facebookConnections as unknown as MetaConnectionsTable;

/**
 * Merchants' Meta login connections (tokens sealed by the caller), one table each for Instagram Login and
 * Facebook Login, and Meta's deletion requests.
 */
export class InstagramConnectionsRepository {
  constructor(
    private readonly db: Database,
    private readonly table: MetaConnectionsTable = instagramConnections,
  ) {}

  async findByUserId(userId: string): Promise<InstagramConnectionRow | undefined> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.userId, userId)).limit(1);
    return row;
  }

  /** Connections whose login named the person or account by this id (any of the ids it gave). */
  async findByAnyIgId(igId: string): Promise<InstagramConnectionRow[]> {
    return this.db.select().from(this.table).where(this.matchesIgId(igId));
  }

  /** Connects (or reconnects) the merchant's account with a fresh token. */
  async upsert(input: {
    userId: string;
    igUserId: string;
    /** Every id the login gave (igUserId among them). */
    igIds: readonly string[];
    username: string;
    accountType: string | null;
    demo: boolean;
    accessTokenEnc: string;
    tokenIssuedAt: Date;
    tokenExpiresAt: Date;
    now: Date;
  }): Promise<InstagramConnectionRow> {
    const values = {
      igUserId: input.igUserId,
      igIds: [...new Set([input.igUserId, ...input.igIds])],
      username: input.username,
      accountType: input.accountType,
      demo: input.demo,
      accessTokenEnc: input.accessTokenEnc,
      tokenIssuedAt: input.tokenIssuedAt,
      tokenExpiresAt: input.tokenExpiresAt,
      status: 'active' as const,
      lastError: null,
      lastErrorAt: null,
      healthNotifiedAt: null,
      connectedAt: input.now,
      updatedAt: input.now,
    };
    const [row] = await this.db
      .insert(this.table)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: this.table.userId, set: values })
      .returning();
    if (!row) throw new Error('instagram connection upsert returned nothing');
    return row;
  }

  async saveRefreshedToken(id: string, input: { accessTokenEnc: string; issuedAt: Date; expiresAt: Date }) {
    await this.db
      .update(this.table)
      .set({
        accessTokenEnc: input.accessTokenEnc,
        tokenIssuedAt: input.issuedAt,
        tokenExpiresAt: input.expiresAt,
        updatedAt: input.issuedAt,
      })
      .where(and(eq(this.table.id, id), eq(this.table.status, 'active')));
  }

  /** Instagram refused the token (error 190) or a refresh failed: the merchant must reconnect. */
  async markNeedsReconnect(id: string, reason: string, now: Date, options: { dropToken?: boolean } = {}) {
    await this.db
      .update(this.table)
      .set({
        status: 'needs_reconnect',
        lastError: reason.slice(0, 500),
        lastErrorAt: now,
        updatedAt: now,
        ...(options.dropToken ? { accessTokenEnc: null } : {}),
      })
      .where(eq(this.table.id, id));
  }

  async deleteByUserId(userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(this.table)
      .where(eq(this.table.userId, userId))
      .returning({ id: this.table.id });
    return rows.length > 0;
  }

  /** Active tokens at least `minAge` old that expire before `expiresBefore`: due for a refresh. */
  async dueForRefresh(input: { issuedBefore: Date; expiresBefore: Date; limit: number }) {
    return this.db
      .select()
      .from(this.table)
      .where(
        and(
          eq(this.table.status, 'active'),
          isNotNull(this.table.accessTokenEnc),
          lte(this.table.tokenIssuedAt, input.issuedBefore),
          lte(this.table.tokenExpiresAt, input.expiresBefore),
        ),
      )
      .orderBy(this.table.tokenExpiresAt)
      .limit(input.limit);
  }

  /**
   * Meta's data-deletion request for one Instagram user, named by any id their login gave us: their
   * connections, and the content and media references of the accounts those merchants showed, and the
   * stories archived from it, go in one transaction. Returns the users touched.
   */
  async deleteDataOf(igId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(this.table)
        .where(this.matchesIgId(igId))
        .returning({ userId: this.table.userId, igIds: this.table.igIds });
      // The account is stored under one of its ids (the professional account's): all of them are tried.
      const ids = [...new Set([igId, ...rows.flatMap((r) => r.igIds)])];
      // The account rows go too (their content and media references cascade): a username left behind
      // would be fetched again by the next refresh.
      const accounts = await tx
        .delete(instagramAccounts)
        .where(inArray(instagramAccounts.instagramUserId, ids))
        .returning({ userId: instagramAccounts.userId });
      // Archived stories (and, through them, their places in highlights) of that Instagram account.
      const stories = await tx
        .delete(instagramStories)
        .where(inArray(instagramStories.igUserId, ids))
        .returning({ userId: instagramStories.userId });
      return [
        ...new Set([
          ...rows.map((r) => r.userId),
          ...accounts.map((a) => a.userId),
          ...stories.map((s) => s.userId),
        ]),
      ];
    });
  }

  async recordDeletion(input: { code: string; igUserId: string; accounts: number; now: Date }) {
    await this.db.insert(instagramDeletionRequests).values({
      confirmationCode: input.code,
      igUserId: input.igUserId,
      status: 'completed',
      accounts: input.accounts,
      requestedAt: input.now,
      completedAt: input.now,
    });
  }

  async findDeletion(code: string) {
    const [row] = await this.db
      .select()
      .from(instagramDeletionRequests)
      .where(eq(instagramDeletionRequests.confirmationCode, code))
      .limit(1);
    return row;
  }

  /** The connection's main id or any other id its login gave. */
  private matchesIgId(igId: string) {
    return or(eq(this.table.igUserId, igId), arrayContains(this.table.igIds, [igId]))!;
  }
}
