import { and, arrayContains, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  instagramAccounts,
  instagramConnections,
  instagramDeletionRequests,
  instagramStories,
} from '../../db/schema.js';

export type InstagramConnectionRow = typeof instagramConnections.$inferSelect;

/** Merchants' Instagram Login connections (tokens sealed by the caller) and Meta's deletion requests. */
export class InstagramConnectionsRepository {
  constructor(private readonly db: Database) {}

  async findByUserId(userId: string): Promise<InstagramConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.userId, userId))
      .limit(1);
    return row;
  }

  /** Connections whose login named the person or account by this id (any of the ids it gave). */
  async findByAnyIgId(igId: string): Promise<InstagramConnectionRow[]> {
    return this.db.select().from(instagramConnections).where(matchesIgId(igId));
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
      .insert(instagramConnections)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: instagramConnections.userId, set: values })
      .returning();
    if (!row) throw new Error('instagram connection upsert returned nothing');
    return row;
  }

  async saveRefreshedToken(id: string, input: { accessTokenEnc: string; issuedAt: Date; expiresAt: Date }) {
    await this.db
      .update(instagramConnections)
      .set({
        accessTokenEnc: input.accessTokenEnc,
        tokenIssuedAt: input.issuedAt,
        tokenExpiresAt: input.expiresAt,
        updatedAt: input.issuedAt,
      })
      .where(and(eq(instagramConnections.id, id), eq(instagramConnections.status, 'active')));
  }

  /** Instagram refused the token (error 190) or a refresh failed: the merchant must reconnect. */
  async markNeedsReconnect(id: string, reason: string, now: Date, options: { dropToken?: boolean } = {}) {
    await this.db
      .update(instagramConnections)
      .set({
        status: 'needs_reconnect',
        lastError: reason.slice(0, 500),
        lastErrorAt: now,
        updatedAt: now,
        ...(options.dropToken ? { accessTokenEnc: null } : {}),
      })
      .where(eq(instagramConnections.id, id));
  }

  async deleteByUserId(userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(instagramConnections)
      .where(eq(instagramConnections.userId, userId))
      .returning({ id: instagramConnections.id });
    return rows.length > 0;
  }

  /** Active tokens at least `minAge` old that expire before `expiresBefore`: due for a refresh. */
  async dueForRefresh(input: { issuedBefore: Date; expiresBefore: Date; limit: number }) {
    return this.db
      .select()
      .from(instagramConnections)
      .where(
        and(
          eq(instagramConnections.status, 'active'),
          isNotNull(instagramConnections.accessTokenEnc),
          lte(instagramConnections.tokenIssuedAt, input.issuedBefore),
          lte(instagramConnections.tokenExpiresAt, input.expiresBefore),
        ),
      )
      .orderBy(instagramConnections.tokenExpiresAt)
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
        .delete(instagramConnections)
        .where(matchesIgId(igId))
        .returning({ userId: instagramConnections.userId, igIds: instagramConnections.igIds });
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
}

/** The connection's main id or any other id its login gave. */
function matchesIgId(igId: string) {
  return or(eq(instagramConnections.igUserId, igId), arrayContains(instagramConnections.igIds, [igId]))!;
}
