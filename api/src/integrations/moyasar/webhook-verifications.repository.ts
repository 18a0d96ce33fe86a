import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { moyasarWebhookVerifications } from '../../db/schema.js';

export type VerificationRow = typeof moyasarWebhookVerifications.$inferSelect;

/** Moyasar's webhook verification codes, by webhook, with the outcome of sending each back. */
export class WebhookVerificationsRepository {
  constructor(private readonly db: Database) {}

  /** Keeps the newest code a webhook was sent (a resent code replaces the old one and its outcome). */
  async save(input: {
    webhookId: string;
    eventId: string;
    verificationCode: string;
    live: boolean | null;
    receivedAt: Date;
  }): Promise<void> {
    await this.db
      .insert(moyasarWebhookVerifications)
      .values(input)
      .onConflictDoUpdate({
        target: moyasarWebhookVerifications.webhookId,
        set: {
          eventId: input.eventId,
          verificationCode: input.verificationCode,
          live: input.live,
          receivedAt: input.receivedAt,
          verifiedAt: null,
          verifyError: null,
          attempts: 0,
        },
      });
  }

  async find(webhookId: string): Promise<VerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(moyasarWebhookVerifications)
      .where(eq(moyasarWebhookVerifications.webhookId, webhookId))
      .limit(1);
    return row;
  }

  /** The outcome of one attempt to send the code back. */
  async recordAttempt(webhookId: string, outcome: { verifiedAt: Date } | { error: string }): Promise<void> {
    await this.db
      .update(moyasarWebhookVerifications)
      .set({
        attempts: sql`${moyasarWebhookVerifications.attempts} + 1`,
        verifiedAt: 'verifiedAt' in outcome ? outcome.verifiedAt : null,
        verifyError: 'error' in outcome ? outcome.error.slice(0, 300) : null,
      })
      .where(eq(moyasarWebhookVerifications.webhookId, webhookId));
  }

  /** The newest first, for admins. */
  async list(limit = 20): Promise<VerificationRow[]> {
    return this.db
      .select()
      .from(moyasarWebhookVerifications)
      .orderBy(desc(moyasarWebhookVerifications.receivedAt))
      .limit(limit);
  }
}
