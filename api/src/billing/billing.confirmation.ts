import { randomUUID } from 'node:crypto';
import { vatOfInclusive, type TInvoiceLine, type TMoyasarPayment } from '@app/shared';
import { z } from 'zod';
import { PARKED_UNTIL } from './plan.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import {
  FIRST_PREVIOUS_HASH,
  planChange,
  refundedTimeMs,
  takeBackPlanTime,
  type PaidPlan,
  type PlanChange,
} from './billing.rules.js';
import {
  type CheckoutRow,
  type CreditNoteDraft,
  type InvoiceDraft,
  type PaymentDecision,
  type SubscriptionWrite,
} from './billing.records.js';
import {
  type BillingServiceDeps,
  BillingPart,
  paidPlanOf,
  trialEndOf,
  providerRefundedOf,
  SEAL,
  type ConfirmOutcome,
} from './billing.common.js';
import type { BillingDocuments } from './billing.documents.js';
import type { BillingRefunds } from './billing.refunds.js';

/**
 * The one confirmation path of a payment (webhook, return page or dev page): it activates a checkout once,
 * issues its invoice, and takes back plan time for refunds made in Moyasar's dashboard.
 */
export class PaymentConfirmation extends BillingPart {
  constructor(
    deps: BillingServiceDeps,
    private readonly documents: BillingDocuments,
    private readonly refunds: BillingRefunds,
  ) {
    super(deps);
  }

  /**
   * The one confirmation path: a paid payment whose amount and currency equal the checkout's activates
   * it (once, however many confirmations arrive); anything else is recorded and activates nothing.
   */
  async confirmPayment(
    payment: TMoyasarPayment,
  ): Promise<{ outcome: ConfirmOutcome; detail: string | null; checkoutId: string | null }> {
    const d = this.deps;
    const byMetadata = payment.metadata?.checkout_id;
    const checkout =
      (byMetadata && z.uuid().safeParse(byMetadata).success
        ? await d.repo.findCheckout(byMetadata)
        : undefined) ??
      (payment.invoice_id ? await d.repo.findCheckoutByProviderInvoice(payment.invoice_id) : undefined);
    const done = (outcome: ConfirmOutcome, detail: string | null = null) => ({
      outcome,
      detail,
      checkoutId: checkout?.id ?? null,
    });
    if (!checkout)
      return done('unknown_checkout', `payment ${payment.id} (${payment.amount} ${payment.currency})`);
    if (payment.status === 'failed') {
      const message = payment.source?.message ?? null;
      await d.repo.failCheckout(checkout.id, { reason: 'payment_failed', message, paymentId: payment.id });
      return done('failed', message);
    }
    const providerRefunded = providerRefundedOf(payment);
    if (payment.status !== 'paid' && providerRefunded === 0) {
      return done('ignored', `payment status ${payment.status}`);
    }
    if (payment.currency !== checkout.currency) {
      await d.repo.failCheckout(checkout.id, {
        reason: 'currency_mismatch',
        message: null,
        paymentId: payment.id,
      });
      return done('currency_mismatch', `paid ${payment.currency}, expected ${checkout.currency}`);
    }
    if (payment.amount !== checkout.amountHalalas) {
      await d.repo.failCheckout(checkout.id, {
        reason: 'amount_mismatch',
        message: null,
        paymentId: payment.id,
      });
      return done('amount_mismatch', `paid ${payment.amount}, expected ${checkout.amountHalalas} halalas`);
    }
    if (providerRefunded > 0) {
      const result = await this.providerRefund(checkout, payment, providerRefunded);
      return done(result.outcome, result.detail);
    }
    const activated = await this.activate(checkout, payment.id);
    if (!activated) return done('already_final', `checkout was ${checkout.status}`);
    const after = activated.checkout;
    const quoted = checkout.quotedState ?? 'unknown';
    if (!activated.invoice) {
      const detail = `priced for state ${quoted}, paid in state ${activated.stateAtPayment}: ${after.amountHalalas} halalas refunded`;
      d.logger.warn({ checkoutId: checkout.id, userId: checkout.userId }, 'stale quote paid: refunding');
      await this.alert('refunded_stale_quote', after, detail);
      await this.refunds.makeDueRefund(after);
      return done('refunded_stale_quote', detail);
    }
    d.logger.info(
      { checkoutId: checkout.id, userId: checkout.userId, invoice: activated.invoice.number },
      'plan payment confirmed',
    );
    // Content parked at expiry is fetched again.
    await d.repo.resumeContent(checkout.userId, PARKED_UNTIL, d.clock.now());
    await d.snapshots.rebuild(checkout.userId);
    await this.documents.cancelInvoices(activated.cancelled);
    await d.cards.keepCard(after, payment);
    await this.documents.sendReceipt(after, activated.invoice);
    if (after.refundDueHalalas > 0) {
      const detail = `priced for state ${quoted} at ${after.amountHalalas} halalas, ${after.amountHalalas - after.refundDueHalalas} at payment in state ${activated.stateAtPayment}: ${after.refundDueHalalas} refunded`;
      await this.alert('refunded_overpaid', after, detail);
      await this.refunds.makeDueRefund(after);
      return done('repriced', detail);
    }
    return done('activated');
  }

  /**
   * A refund or void made in Moyasar's dashboard (seen in a webhook, or when a paid payment is fetched
   * again): what is new of it takes back the same share of the plan time the payment bought (all of it
   * for a full refund or a void), is documented by a credit note, and is told to the merchant and admins.
   * A payment refunded in full before we saw it paid gave nothing and is recorded as such.
   */
  private async providerRefund(
    checkout: CheckoutRow,
    payment: TMoyasarPayment,
    providerTotal: number,
  ): Promise<{ outcome: ConfirmOutcome; detail: string }> {
    const d = this.deps;
    const reason = payment.status === 'voided' ? 'provider_void' : 'provider_refund';
    const now = d.clock.now();
    if (!checkout.periodStart && checkout.status !== 'paid' && checkout.status !== 'refunded') {
      if (providerTotal >= payment.amount) {
        await d.repo.failCheckout(checkout.id, { reason: 'refunded', message: null, paymentId: payment.id });
        const detail = `payment ${payment.id} was ${payment.status} at Moyasar before it was applied: no plan given`;
        await this.alert(reason, { ...checkout, paymentId: payment.id }, detail);
        return { outcome: 'refunded_unapplied', detail };
      }
      // Partly refunded before we saw it paid: applied as paid, then the refund takes its share back.
      await this.confirmPayment({ ...payment, status: 'paid', refunded: 0 });
    }
    const taken = await d.repo.takeBack({
      checkoutId: checkout.id,
      providerTotal,
      now,
      seal: SEAL,
      decide: ({ checkout: paid, current, invoice, external, priorTakenBack }) => {
        // Refunds of ours (an overpaid part) paid for no time; what is left paid for the period.
        const kept =
          paid.amountHalalas - ((paid.refundedHalalas ?? 0) + paid.refundDueHalalas - priorTakenBack);
        const start = paid.periodStart ?? now;
        const end = paid.periodEnd ?? now;
        const removeMs = refundedTimeMs({
          periodMs: end.getTime() - start.getTime(),
          refundHalalas: external,
          paidHalalas: kept,
        });
        const note: CreditNoteDraft = {
          id: randomUUID(),
          sellerVatNumber: invoice.sellerVatNumber,
          sellerName: invoice.sellerName,
          sellerAddress: invoice.sellerAddress,
          issuedAt: now,
          reason,
          lines: [
            {
              kind: 'refund',
              tier: paid.tier,
              period: paid.period,
              period_start: start.toISOString(),
              period_end: end.toISOString(),
              amount_halalas: -external,
            },
          ],
          totalHalalas: -external,
          vatHalalas: -vatOfInclusive(external),
        };
        return {
          time: current?.source === 'direct' ? takeBackPlanTime(current, removeMs, external, now) : null,
          note,
        };
      },
    });
    if (!taken) {
      return { outcome: 'ignored', detail: `${providerTotal} halalas refunded at Moyasar: already recorded` };
    }
    const detail = `${taken.external} halalas ${reason === 'provider_void' ? 'voided' : 'refunded'} in Moyasar's dashboard: credit note ${taken.note.number}`;
    d.logger.warn({ checkoutId: checkout.id, userId: checkout.userId }, 'refund made at Moyasar taken back');
    await this.alert(reason, taken.checkout, detail);
    await d.snapshots.rebuild(checkout.userId);
    await this.documents.sendCreditNote(taken.checkout, taken.note, taken.external);
    return { outcome: reason, detail };
  }

  private async activate(checkout: CheckoutRow, paymentId: string) {
    const d = this.deps;
    const now = d.clock.now();
    const seller = d.config.seller;
    // Chosen at checkout: a trial still running at payment keeps its days.
    const user = checkout.startMode === 'trial_end' ? await d.users.findById(checkout.userId) : undefined;
    const trialEnd = user ? trialEndOf(user, now) : null;
    return d.repo.activate({
      checkoutId: checkout.id,
      userId: checkout.userId,
      paymentId,
      paidAt: now,
      firstPreviousHash: FIRST_PREVIOUS_HASH,
      decide: (row, claimed): PaymentDecision => {
        // The price is made again for the state the payment meets: as quoted when nothing changed, lower
        // or higher when something did (a credit already used, a refund, another payment, days passed).
        const paid = paidPlanOf(row, now);
        const change = planChange(paid, { tier: claimed.tier, period: claimed.period }, now, trialEnd);
        const paidHalalas = claimed.amountHalalas;
        if (change.unavailable || change.amountHalalas > paidHalalas) return { kind: 'refund' };
        const write = subscriptionWrite(row, paid, change, claimed);
        const lines: TInvoiceLine[] = [
          {
            kind: 'plan',
            tier: claimed.tier,
            period: claimed.period,
            period_start: change.startsAt.toISOString(),
            period_end: change.endsAt.toISOString(),
            amount_halalas: change.listHalalas,
          },
        ];
        if (change.creditHalalas > 0 && paid) {
          lines.push({
            kind: 'credit',
            tier: paid.tier,
            period: paid.period,
            period_start: now.toISOString(),
            period_end: paid.endsAt.toISOString(),
            amount_halalas: -change.creditHalalas,
          });
        }
        const invoice: InvoiceDraft = {
          id: randomUUID(),
          sellerVatNumber: seller.vatNumber,
          sellerName: seller.name,
          sellerAddress: seller.address,
          issuedAt: now,
          lines,
          totalHalalas: change.amountHalalas,
          vatHalalas: vatOfInclusive(change.amountHalalas),
        };
        return {
          kind: 'apply',
          write,
          periodStart: change.startsAt,
          periodEnd: change.endsAt,
          creditHalalas: change.creditHalalas,
          overpaidHalalas: paidHalalas - change.amountHalalas,
          invoice,
        };
      },
      hash: SEAL.hash,
      qr: SEAL.qr,
    });
  }
}

/** How a confirmed payment changes the subscription row, from the rules' decision. */
function subscriptionWrite(
  row: SubscriptionRow | undefined,
  paid: PaidPlan | null,
  change: PlanChange,
  checkout: CheckoutRow,
): SubscriptionWrite {
  // What the new period is worth: its price, paid partly with the credit of the period it replaces.
  const worth = change.listHalalas;
  const replace: SubscriptionWrite = {
    kind: 'replace',
    tier: checkout.tier,
    period: checkout.period,
    startsAt: change.startsAt,
    endsAt: change.endsAt,
    paid: worth,
  };
  if (!row || !paid) return replace;
  // The running period is the downgrade that followed the row's own: make it the row before changing it.
  const rolledOver =
    row.endDate !== null &&
    row.endDate <= change.startsAt &&
    paid.startsAt.getTime() === row.endDate.getTime();
  switch (change.kind) {
    case 'extension':
      if (rolledOver) return { ...replace, startsAt: paid.startsAt, paid: paid.paidHalalas + worth };
      return paid.next
        ? { kind: 'extend-next', endsAt: change.endsAt, addPaid: worth }
        : { kind: 'extend', endsAt: change.endsAt, addPaid: worth };
    case 'downgrade':
      return rolledOver
        ? replace
        : {
            kind: 'schedule',
            tier: checkout.tier,
            period: checkout.period,
            endsAt: change.endsAt,
            paid: worth,
          };
    default:
      return replace;
  }
}
