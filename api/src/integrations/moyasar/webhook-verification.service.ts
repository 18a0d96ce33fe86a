import type { TAdminMoyasarWebhooks } from '@app/shared';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { err, ok, type Result } from '../../lib/result.js';
import type { WebhookVerifier } from './moyasar.client.js';
import type { VerificationRow, WebhookVerificationsRepository } from './webhook-verifications.repository.js';

/** How long Moyasar accepts a verification code (its Verify Webhook page). */
export const VERIFICATION_CODE_TTL_MS = 30 * 60 * 1000;

export interface WebhookVerificationDeps {
  repo: WebhookVerificationsRepository;
  /** Moyasar's API with the secret key; undefined on a machine without keys (nothing to verify with). */
  verifier: WebhookVerifier | undefined;
  clock: Clock;
  logger: Logger;
}

/**
 * Moyasar's `webhook_verification` event: a webhook created in Moyasar's dashboard (or API) may have to
 * be verified before it receives any event, and events it missed meanwhile are never delivered. The code
 * is kept and logged, sent back at once with the secret key (`POST /v1/webhooks/:id/verify`), and shown to
 * admins with the outcome, so a failed attempt can be repeated from the admin area or finished by hand.
 */
export class MoyasarWebhookVerification {
  constructor(private readonly deps: WebhookVerificationDeps) {}

  async received(event: {
    eventId: string;
    webhookId: string;
    code: string;
    live: boolean | null;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repo.save({
      webhookId: event.webhookId,
      eventId: event.eventId,
      verificationCode: event.code,
      live: event.live,
      receivedAt: now,
    });
    this.deps.logger.warn(
      { webhookId: event.webhookId, verificationCode: event.code, live: event.live },
      'Moyasar webhook verification code received: sending it back; admins see it under Admin → Users → Payments',
    );
    await this.verify(event.webhookId);
  }

  /** Sends the kept code back: at once when it arrives, and again when an admin asks. */
  async verify(webhookId: string): Promise<Result<TAdminMoyasarWebhooks['webhooks'][number], AppError>> {
    const { repo, verifier, clock, logger } = this.deps;
    const row = await repo.find(webhookId);
    if (!row) return err(new AppError('not_found', 'No verification code was received for this webhook.'));
    if (row.verifiedAt) return ok(this.view(row));
    const now = clock.now();
    if (!verifier) {
      await repo.recordAttempt(webhookId, {
        error: 'MOYASAR_SECRET_KEY is not set: the code cannot be sent back from here.',
      });
    } else if (now.getTime() - row.receivedAt.getTime() > VERIFICATION_CODE_TTL_MS) {
      await repo.recordAttempt(webhookId, {
        error: 'The code is older than 30 minutes: request a new one for this webhook in Moyasar.',
      });
    } else {
      const answer = await verifier.verifyWebhook(webhookId, row.verificationCode);
      if (answer.ok) {
        const at = answer.value.verifiedAt ? new Date(answer.value.verifiedAt) : now;
        await repo.recordAttempt(webhookId, { verifiedAt: Number.isNaN(at.getTime()) ? now : at });
        logger.info({ webhookId }, 'Moyasar webhook verified');
      } else {
        await repo.recordAttempt(webhookId, { error: answer.error });
        logger.error({ webhookId, err: answer.error }, 'Moyasar webhook not verified');
      }
    }
    const after = await repo.find(webhookId);
    return ok(this.view(after ?? row));
  }

  async list(): Promise<TAdminMoyasarWebhooks> {
    return { webhooks: (await this.deps.repo.list()).map((row) => this.view(row)) };
  }

  private view(row: VerificationRow): TAdminMoyasarWebhooks['webhooks'][number] {
    const expiresAt = new Date(row.receivedAt.getTime() + VERIFICATION_CODE_TTL_MS);
    const status = row.verifiedAt
      ? 'verified'
      : this.deps.clock.now() > expiresAt
        ? 'expired'
        : row.verifyError
          ? 'failed'
          : 'pending';
    return {
      webhook_id: row.webhookId,
      verification_code: row.verificationCode,
      live: row.live,
      received_at: row.receivedAt.toISOString(),
      code_expires_at: expiresAt.toISOString(),
      status,
      verified_at: row.verifiedAt?.toISOString() ?? null,
      error: row.verifyError,
    };
  }
}
