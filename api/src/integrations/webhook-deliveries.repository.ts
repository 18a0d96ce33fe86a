import { and, eq, lt, sql } from 'drizzle-orm';
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
}
