import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { webhookDeliveries } from '../db/schema.js';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** The platforms whose webhooks the inbox accepts. */
export type WebhookPlatform = DeliveryRow['platform'];

/** The webhook inbox's log: every verified delivery, recorded once, with its processing state. */
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Database) {}

  /** Records a delivery; false when the same delivery was recorded before (a retry). */
  async recordDelivery(input: {
    id: string;
    platform: WebhookPlatform;
    event: string;
    storeId: string;
    payload: unknown;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(webhookDeliveries)
      .values(input)
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  }

  async findDelivery(id: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
    return row;
  }

  async finishDelivery(
    id: string,
    outcome: { ok: true } | { ok: false; error: string; giveUp: boolean },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set(
        outcome.ok
          ? {
              status: 'done',
              processedAt: now,
              lastError: null,
              attempts: sql`${webhookDeliveries.attempts} + 1`,
            }
          : {
              status: outcome.giveUp ? 'failed' : 'pending',
              lastError: outcome.error.slice(0, 500),
              attempts: sql`${webhookDeliveries.attempts} + 1`,
            },
      )
      .where(eq(webhookDeliveries.id, id));
  }

  /** Deliveries waiting to be processed, and the age of the oldest (for the metrics). */
  async backlog(now: Date): Promise<{ pending: number; oldestPendingSeconds: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*)::int`,
        oldest: sql<Date | string | null>`min(${webhookDeliveries.receivedAt})`,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'pending'));
    const oldest = row?.oldest ? new Date(row.oldest) : undefined;
    return {
      pending: Number(row?.pending ?? 0),
      oldestPendingSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    };
  }

  /** Pending deliveries received before `before` (their first processing failed or the process died). */
  async pendingDeliveries(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.receivedAt, before)))
      .orderBy(webhookDeliveries.receivedAt)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * A store's deliveries that never went through (still pending, or given up), back to pending with their
   * attempts reset, oldest first: they waited for the store's link to be confirmed.
   */
  async requeueForStore(platform: WebhookPlatform, storeId: string): Promise<string[]> {
    const rows = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0 })
      .where(
        and(
          eq(webhookDeliveries.platform, platform),
          eq(webhookDeliveries.storeId, storeId),
          inArray(webhookDeliveries.status, ['pending', 'failed']),
        ),
      )
      .returning({ id: webhookDeliveries.id, receivedAt: webhookDeliveries.receivedAt });
    return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).map((r) => r.id);
  }
}
