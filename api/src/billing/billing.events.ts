import { randomUUID } from 'node:crypto';
import {
  ZMoyasarPaymentEventData,
  ZMoyasarVerificationData,
  ZMoyasarWebhook,
  ZNulFreeJson,
  type TMoyasarPayment,
} from '@app/shared';
import { z } from 'zod';
import { AppError } from '../http/errors.js';
import { err, ok, type Result } from '../lib/result.js';
import { type CheckoutRow } from './billing.records.js';
import {
  type BillingServiceDeps,
  BillingPart,
  tokensMatch,
  MAX_EVENT_ATTEMPTS,
  type ReceivedWebhook,
} from './billing.common.js';
import type { PaymentConfirmation } from './billing.confirmation.js';
import type { BillingRefunds } from './billing.refunds.js';

/** Moyasar's webhook deliveries: recorded once, processed after the answer, retried by cron; and the dev page's. */
export class BillingEvents extends BillingPart {
  constructor(
    deps: BillingServiceDeps,
    private readonly confirmation: PaymentConfirmation,
    private readonly refunds: BillingRefunds,
  ) {
    super(deps);
  }

  /**
   * Reads a Moyasar webhook delivery: the secret token first (401 when it does not match), then the
   * envelope; the event id is recorded once, so a repeated delivery is answered and changes nothing. Every
   * event type is accepted: a `payment_*` event names a payment to confirm, `webhook_verification` carries
   * a code to send back, and any other type is recorded and left alone.
   */
  async receiveWebhook(body: unknown): Promise<Result<ReceivedWebhook, AppError>> {
    const d = this.deps;
    const token = z.object({ secret_token: z.string() }).safeParse(body);
    if (!token.success || !tokensMatch(token.data.secret_token, d.config.webhookSecret)) {
      return err(new AppError('invalid_token', 'The webhook could not be verified.'));
    }
    return this.recordDelivery(body);
  }

  /** A delivery whose token was checked: its envelope read and its event recorded once. */
  private async recordDelivery(body: unknown): Promise<Result<ReceivedWebhook, AppError>> {
    const d = this.deps;
    if (!ZNulFreeJson.safeParse(body).success) {
      return err(new AppError('invalid_characters', 'The webhook body contains NUL characters.'));
    }
    const event = ZMoyasarWebhook.safeParse(body);
    if (!event.success) return err(new AppError('invalid_payload'));
    const { id, type, data } = event.data;
    const verification =
      type === 'webhook_verification' ? ZMoyasarVerificationData.safeParse(data) : undefined;
    const payment = type.startsWith('payment_') ? ZMoyasarPaymentEventData.safeParse(data) : undefined;
    if (payment?.success) {
      const inserted = await d.repo.recordEvent({ id, type, paymentId: payment.data.id });
      return ok({ id, duplicate: !inserted, kind: 'payment' });
    }
    const inserted = await d.repo.recordEvent({
      id,
      type,
      paymentId: null,
      done: {
        outcome: verification?.success ? 'recorded' : 'ignored',
        detail: verification?.success
          ? `webhook ${verification.data.webhook_id}`
          : `no payment in a ${type} event: recorded, nothing to do`,
        now: d.clock.now(),
      },
    });
    if (!verification?.success) return ok({ id, duplicate: !inserted, kind: 'other' });
    return ok({
      id,
      duplicate: !inserted,
      kind: 'verification',
      verification: {
        webhookId: verification.data.webhook_id,
        code: verification.data.verification_code,
        live: event.data.live ?? null,
      },
    });
  }

  /**
   * Processes a recorded event: the payment is fetched from Moyasar (the delivery's body is never trusted)
   * and confirmed. A failure to reach Moyasar leaves the event pending for cron.
   */
  async processEvent(id: string): Promise<void> {
    const d = this.deps;
    const event = await d.repo.findEvent(id);
    if (!event || event.status !== 'pending') return;
    const now = d.clock.now();
    if (!event.paymentId) {
      await d.repo.finishEvent(id, { outcome: 'ignored', detail: 'no payment named', checkoutId: null, now });
      return;
    }
    const payment = await d.provider.fetchPayment(event.paymentId);
    if (!payment.ok) {
      d.logger.warn({ eventId: id, err: payment.error }, 'payment of a billing event could not be fetched');
      await d.repo.retryEvent(id, payment.error, MAX_EVENT_ATTEMPTS, now);
      return;
    }
    try {
      const result = await this.confirmation.confirmPayment(payment.value);
      await d.repo.finishEvent(id, { ...result, now });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      d.logger.error({ eventId: id, err: message }, 'billing event processing failed');
      await d.repo.retryEvent(id, message, MAX_EVENT_ATTEMPTS, now);
    }
  }

  /**
   * The dev checkout page's buttons: the dev provider makes the payment, and it goes through the webhook's
   * path (recorded as an event, fetched back from the provider, confirmed).
   */
  async devConfirm(
    checkoutId: string,
    makePayment: (checkout: CheckoutRow) => TMoyasarPayment,
  ): Promise<Result<{ status: CheckoutRow['status']; return_url: string }, AppError>> {
    const d = this.deps;
    const checkout = z.uuid().safeParse(checkoutId).success
      ? await d.repo.findCheckout(checkoutId)
      : undefined;
    if (!checkout || checkout.provider !== 'dev') return err(new AppError('checkout_not_found'));
    const payment = makePayment(checkout);
    const eventId = `dev_evt_${randomUUID()}`;
    await d.repo.recordEvent({
      id: eventId,
      type: payment.status === 'paid' ? 'payment_paid' : 'payment_failed',
      paymentId: payment.id,
    });
    await this.processEvent(eventId);
    const after = await d.repo.findCheckout(checkout.id);
    return ok({
      status: after?.status ?? checkout.status,
      return_url: this.appLink(`/dashboard?tab=billing&checkout=${checkout.id}`),
    });
  }

  /**
   * A refund "made in Moyasar's dashboard" of a dev checkout's payment: the dev provider refunds it, and
   * the `payment_refunded` delivery Moyasar would send (its envelope, the payment as data) goes through
   * the webhook's path.
   */
  async devRefund(
    checkoutId: string,
    makeRefund: (paymentId: string) => Result<TMoyasarPayment, string>,
  ): Promise<Result<{ status: CheckoutRow['status']; refunded_halalas: number }, AppError>> {
    const d = this.deps;
    const checkout = await this.devCheckout(checkoutId);
    if (!checkout || checkout.provider !== 'dev') return err(new AppError('checkout_not_found'));
    if (!checkout.paymentId) return err(new AppError('refund_not_allowed'));
    const payment = makeRefund(checkout.paymentId);
    if (!payment.ok) return err(new AppError('refund_not_allowed', payment.error));
    const received = await this.recordDelivery({
      id: `dev_evt_${randomUUID()}`,
      type: 'payment_refunded',
      created_at: d.clock.now().toISOString(),
      secret_token: d.config.webhookSecret ?? '',
      account_name: 'Lamha (dev)',
      live: false,
      data: payment.value,
    });
    if (!received.ok) return received;
    await this.processEvent(received.value.id);
    const after = await d.repo.findCheckout(checkout.id);
    return ok({ status: after?.status ?? checkout.status, refunded_halalas: after?.refundedHalalas ?? 0 });
  }

  /** A checkout for the dev page to describe (any merchant's: the page is on this machine only). */
  devCheckout(checkoutId: string): Promise<CheckoutRow | undefined> {
    return z.uuid().safeParse(checkoutId).success
      ? this.deps.repo.findCheckout(checkoutId)
      : Promise.resolve(undefined);
  }

  /** Retries events still pending a minute after they arrived (cron). */
  async processPendingEvents(): Promise<number> {
    const ids = await this.deps.repo.pendingEvents(new Date(this.deps.clock.now().getTime() - 60_000), 50);
    for (const id of ids) await this.processEvent(id);
    // Refunds decided while the provider could not be reached.
    return ids.length + (await this.refunds.processDueRefunds());
  }
}
