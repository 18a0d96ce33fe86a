import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { sallaConnections } from '../db/schema.js';

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
}
