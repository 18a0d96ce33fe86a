import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { widgetPreferences } from '../db/schema.js';

export type WidgetPreferencesRow = typeof widgetPreferences.$inferSelect;
export type WidgetPreferencesPatch = Partial<
  Omit<typeof widgetPreferences.$inferInsert, 'merchantId' | 'createdAt' | 'updatedAt' | 'version'>
>;

export type SaveResult =
  { ok: true; row: WidgetPreferencesRow } | { ok: false; reason: 'conflict'; current: WidgetPreferencesRow };

export class WidgetPreferencesRepository {
  constructor(private readonly db: Database) {}

  async find(merchantId: string): Promise<WidgetPreferencesRow | undefined> {
    const [row] = await this.db
      .select()
      .from(widgetPreferences)
      .where(eq(widgetPreferences.merchantId, merchantId))
      .limit(1);
    return row;
  }

  /** The merchant's row, created with the defaults the first time. */
  async findOrCreate(merchantId: string): Promise<WidgetPreferencesRow> {
    await this.db.insert(widgetPreferences).values({ merchantId }).onConflictDoNothing();
    const row = await this.find(merchantId);
    if (!row) throw new Error(`widget preferences for ${merchantId} missing after insert`);
    return row;
  }

  /**
   * Saves a patch only if the row is still at `expectedVersion` (optimistic concurrency): a client that
   * edited an old copy gets the current one back instead of overwriting someone else's change.
   */
  async save(
    merchantId: string,
    expectedVersion: number,
    patch: WidgetPreferencesPatch,
  ): Promise<SaveResult> {
    await this.findOrCreate(merchantId);
    const [row] = await this.db
      .update(widgetPreferences)
      .set({ ...patch, updatedAt: sql`now()`, version: sql`${widgetPreferences.version} + 1` })
      .where(
        and(eq(widgetPreferences.merchantId, merchantId), eq(widgetPreferences.version, expectedVersion)),
      )
      .returning();
    if (row) return { ok: true, row };
    const current = await this.find(merchantId);
    if (!current) throw new Error(`widget preferences for ${merchantId} vanished`);
    return { ok: false, reason: 'conflict', current };
  }
}
