import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { storeLinkRequests } from '../db/schema.js';
import type { Platform } from './platform-connections.repository.js';

export type StoreLinkRow = typeof storeLinkRequests.$inferSelect;
export type NewStoreLink = Omit<typeof storeLinkRequests.$inferInsert, 'id' | 'createdAt'>;

/** Installs waiting for the existing account's owner to confirm the link (see the table's comment). */
export class StoreLinksRepository {
  constructor(private readonly db: Database) {}

  async find(platform: Platform, storeId: string): Promise<StoreLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(storeLinkRequests)
      .where(and(eq(storeLinkRequests.platform, platform), eq(storeLinkRequests.storeId, storeId)))
      .limit(1);
    return row;
  }

  /** One request per store: a new install of the same store replaces the previous request. */
  async save(row: NewStoreLink): Promise<StoreLinkRow> {
    const { platform, storeId, ...rest } = row;
    const [saved] = await this.db
      .insert(storeLinkRequests)
      .values(row)
      .onConflictDoUpdate({
        target: [storeLinkRequests.platform, storeLinkRequests.storeId],
        set: { ...rest, createdAt: sql`now()` },
      })
      .returning();
    if (!saved) throw new Error(`store link upsert for ${platform}:${storeId} returned nothing`);
    return saved;
  }

  /** Keeps the request (and its e-mailed link) but stores the install's newer tokens. */
  async updateTokens(
    id: string,
    patch: Pick<NewStoreLink, 'accessTokenEnc' | 'refreshTokenEnc' | 'tokenExpiresAt' | 'scope'>,
  ): Promise<void> {
    await this.db.update(storeLinkRequests).set(patch).where(eq(storeLinkRequests.id, id));
  }

  /** The request behind a link, while it is still valid (read-only: the confirmation page shows it). */
  async findValid(tokenHash: string, now: Date): Promise<StoreLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(storeLinkRequests)
      .where(and(eq(storeLinkRequests.tokenHash, tokenHash), gt(storeLinkRequests.expiresAt, now)))
      .limit(1);
    return row;
  }

  /** Uses a link once, atomically: of two concurrent confirmations only one gets the row. */
  async consume(tokenHash: string, now: Date): Promise<StoreLinkRow | undefined> {
    const [row] = await this.db
      .delete(storeLinkRequests)
      .where(and(eq(storeLinkRequests.tokenHash, tokenHash), gt(storeLinkRequests.expiresAt, now)))
      .returning();
    return row;
  }

  /** Drops a store's request (the store uninstalled the app before anyone confirmed). */
  async cancel(platform: Platform, storeId: string): Promise<void> {
    await this.db
      .delete(storeLinkRequests)
      .where(and(eq(storeLinkRequests.platform, platform), eq(storeLinkRequests.storeId, storeId)));
  }

  /** An account's requests still waiting for confirmation, oldest first. */
  async pendingForUser(userId: string, now: Date): Promise<StoreLinkRow[]> {
    return this.db
      .select()
      .from(storeLinkRequests)
      .where(and(eq(storeLinkRequests.userId, userId), gt(storeLinkRequests.expiresAt, now)))
      .orderBy(asc(storeLinkRequests.createdAt));
  }
}
