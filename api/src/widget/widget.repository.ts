import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { instagramAccounts, sallaConnections, zidConnections } from '../db/schema.js';

export type StorePlatform = 'salla' | 'zid';

/** Finds the widget key of a store on a platform (the Salla/Zid snippets know only the store id). */
export class WidgetRepository {
  constructor(private readonly db: Database) {}

  async widgetKeyForStore(platform: StorePlatform, storeId: string): Promise<string | undefined> {
    const table = platform === 'salla' ? sallaConnections : zidConnections;
    const [row] = await this.db
      .select({ key: instagramAccounts.publicWidgetKey })
      .from(table)
      .innerJoin(instagramAccounts, eq(instagramAccounts.userId, table.userId))
      .where(and(eq(table.storeId, storeId), eq(table.status, 'active')))
      .limit(1);
    return row?.key;
  }
}
