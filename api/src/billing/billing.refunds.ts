import { randomUUID } from 'node:crypto';
import { DAY_MS, MONEY_BACK_DAYS, vatOfInclusive } from '@app/shared';
import { z } from 'zod';
import { AppError } from '../http/errors.js';
import { err, ok, type Result } from '../lib/result.js';
import { automaticRefundEmail } from './billing.mail.js';
import { type CheckoutRow } from './billing.records.js';
import { type BillingServiceDeps, BillingPart, SEAL } from './billing.common.js';
import type { BillingDocuments } from './billing.documents.js';

/** Refunds we make: the money-back guarantee, and the automatic ones decided at confirmation. */
export class BillingRefunds extends BillingPart {
  constructor(
    deps: BillingServiceDeps,
    private readonly documents: BillingDocuments,
  ) {
    super(deps);
  }

  /**
   * Makes a refund we decided on (recorded as due first) at the provider, then tells the merchant. A
   * refusal leaves it due for cron and alerts admins once; true when it was made.
   */
  async makeDueRefund(checkout: CheckoutRow, alertOnFailure = true): Promise<boolean> {
    const d = this.deps;
    const due = checkout.refundDueHalalas;
    if (due <= 0 || !checkout.paymentId) return false;
    const refunded = await d.provider.refund(checkout.paymentId, due);
    if (!refunded.ok) {
      d.logger.error({ err: refunded.error, checkoutId: checkout.id }, 'automatic refund failed');
      await d.repo.deferRefund(checkout.id);
      if (alertOnFailure) await this.alert('refund_failed', checkout, `${due} halalas: ${refunded.error}`);
      return false;
    }
    if (!(await d.repo.settleRefund(checkout.id, due, d.clock.now()))) return false;
    const reason = checkout.refundReason;
    const user = await d.users.findById(checkout.userId);
    if (user && (reason === 'stale_quote' || reason === 'overpaid')) {
      try {
        await d.mailer.send(
          automaticRefundEmail(user.email, user.language, {
            amountHalalas: due,
            reason,
            link: this.appLink('/dashboard?tab=billing'),
          }),
        );
      } catch (error) {
        d.logger.warn({ err: error, checkoutId: checkout.id }, 'refund e-mail not sent');
      }
    }
    return true;
  }

  /**
   * Retries refunds still due a minute after they were decided (the provider could not be reached), for
   * cron; `minAgeMs` is only shortened by tests.
   */
  async processDueRefunds(minAgeMs = 60_000, limit = 50): Promise<number> {
    let made = 0;
    for (const checkout of await this.deps.repo.claimRefundsDue(limit, minAgeMs)) {
      if (await this.makeDueRefund(checkout, false)) made++;
    }
    return made;
  }

  /**
   * Refunds a first payment within the guarantee's days (terms: 7-day money-back guarantee) through
   * Moyasar, and ends the paid period it bought.
   */
  async refund(checkoutId: string): Promise<Result<{ refunded_halalas: number }, AppError>> {
    const d = this.deps;
    const now = d.clock.now();
    const checkout = z.uuid().safeParse(checkoutId).success
      ? await d.repo.findCheckout(checkoutId)
      : undefined;
    if (!checkout) return err(new AppError('checkout_not_found'));
    if (!(await this.isRefundable(checkout, now))) return err(new AppError('refund_not_allowed'));
    if (!checkout.paymentId) return err(new AppError('refund_not_allowed'));
    // What was kept: an overpaid part may already have been given back.
    const amount = checkout.amountHalalas - (checkout.refundedHalalas ?? 0) - checkout.refundDueHalalas;
    if (amount <= 0) return err(new AppError('refund_not_allowed'));
    // Recorded as ours before Moyasar is asked, so its payment_refunded event (which can arrive before
    // Moyasar answers) is not taken for a refund made in its dashboard.
    if (!(await d.repo.holdRefund(checkoutId, amount))) return err(new AppError('refund_not_allowed'));
    const refunded = await d.provider.refund(checkout.paymentId, amount);
    if (!refunded.ok) {
      d.logger.error({ err: refunded.error, checkoutId }, 'Moyasar refund failed');
      await d.repo.releaseRefund(checkoutId, amount);
      return err(new AppError('payment_provider_error'));
    }
    const done = await d.repo.refund({
      checkoutId,
      amount,
      now,
      seal: SEAL,
      note: (paid, invoice) => ({
        id: randomUUID(),
        sellerVatNumber: invoice.sellerVatNumber,
        sellerName: invoice.sellerName,
        sellerAddress: invoice.sellerAddress,
        issuedAt: now,
        reason: 'guarantee',
        lines: [
          {
            kind: 'refund',
            tier: paid.tier,
            period: paid.period,
            period_start: (paid.periodStart ?? now).toISOString(),
            period_end: (paid.periodEnd ?? now).toISOString(),
            amount_halalas: -amount,
          },
        ],
        totalHalalas: -amount,
        vatHalalas: -vatOfInclusive(amount),
      }),
    });
    await d.snapshots.rebuild(checkout.userId);
    if (done?.note) await this.documents.sendCreditNote(done.checkout, done.note, amount);
    return ok({ refunded_halalas: amount });
  }

  async isRefundable(checkout: CheckoutRow, now: Date): Promise<boolean> {
    if (checkout.status !== 'paid' || !checkout.paidAt) return false;
    if (now.getTime() - checkout.paidAt.getTime() > MONEY_BACK_DAYS * DAY_MS) return false;
    return (await this.deps.repo.firstPaidCheckout(checkout.userId))?.id === checkout.id;
  }
}
