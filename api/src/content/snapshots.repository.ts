import { eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { widgetSnapshots } from '../db/schema.js';

export type SnapshotRow = typeof widgetSnapshots.$inferSelect;

export class SnapshotsRepository {
  constructor(private readonly db: Database) {}

  async findByWidgetKey(key: string): Promise<SnapshotRow | undefined> {
    const [row] = await this.db
      .select()
      .from(widgetSnapshots)
      .where(eq(widgetSnapshots.publicWidgetKey, key))
      .limit(1);
    return row;
  }

  /** The ETag of a key's snapshot (is it still the one read before?), undefined when there is none. */
  async etagByWidgetKey(key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ etag: widgetSnapshots.etag })
      .from(widgetSnapshots)
      .where(eq(widgetSnapshots.publicWidgetKey, key))
      .limit(1);
    return row?.etag;
  }

  /** The widget keys of snapshots built since `since`, or of every snapshot without it. */
  async widgetKeysBuiltSince(since?: Date): Promise<string[]> {
    const rows = await this.db
      .select({ key: widgetSnapshots.publicWidgetKey })
      .from(widgetSnapshots)
      .where(since ? gte(widgetSnapshots.builtAt, since) : undefined);
    return rows.map((r) => r.key);
  }

  async findByMerchant(merchantId: string): Promise<SnapshotRow | undefined> {
    const [row] = await this.db
      .select()
      .from(widgetSnapshots)
      .where(eq(widgetSnapshots.merchantId, merchantId))
      .limit(1);
    return row;
  }

  async currentVersion(merchantId: string): Promise<number> {
    return (await this.findByMerchant(merchantId))?.version ?? 0;
  }

  async save(input: {
    merchantId: string;
    publicWidgetKey: string;
    body: string;
    etag: string;
    version: number;
    builtAt: Date;
  }): Promise<SnapshotRow> {
    const [row] = await this.db
      .insert(widgetSnapshots)
      .values(input)
      .onConflictDoUpdate({
        target: widgetSnapshots.merchantId,
        set: {
          publicWidgetKey: input.publicWidgetKey,
          body: input.body,
          etag: input.etag,
          version: input.version,
          builtAt: input.builtAt,
        },
        // Two rebuilds racing: the later version wins, an older one never overwrites it.
        setWhere: sql`${widgetSnapshots.version} < ${input.version}`,
      })
      .returning();
    return row ?? ((await this.findByMerchant(input.merchantId)) as SnapshotRow);
  }
}
