import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { instagramAccounts, sallaConnections, zidConnections } from '../db/schema.js';

export type StorePlatform = 'salla' | 'zid';

/** Finds the widget key of a store on a platform (the Salla/Zid snippets know only the store id). */
export class WidgetRepository {
  constructor(private readonly db: Database) {}

  /**
   * The widget key of an installed store; `null` when the store has the app but no Instagram account
   * connected yet; undefined when the store is unknown (or uninstalled the app).
   */
  async widgetKeyForStore(platform: StorePlatform, storeId: string): Promise<string | null | undefined> {
    const table = platform === 'salla' ? sallaConnections : zidConnections;
    const [row] = await this.db
      .select({ key: instagramAccounts.publicWidgetKey })
      .from(table)
      .leftJoin(instagramAccounts, eq(instagramAccounts.userId, table.userId))
      .where(and(eq(table.storeId, storeId), eq(table.status, 'active')))
      .limit(1);
    return row ? row.key : undefined;
  }
}
