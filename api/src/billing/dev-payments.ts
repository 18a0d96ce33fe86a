import { randomUUID } from 'node:crypto';
import type { TMoyasarInvoice, TMoyasarPayment } from '@app/shared';
import { err, ok, type Result } from '../lib/result.js';
import type {
  NewMoyasarInvoice,
  NewTokenPayment,
  PaymentProvider,
} from '../integrations/moyasar/moyasar.client.js';

/** How a saved dev card answers later charges: approved, declined, or wanting 3-D Secure. */
export type DevCardBehaviour = 'approve' | 'decline' | '3ds';

/**
 * Stands in for Moyasar on a machine without MOYASAR_SECRET_KEY (never in production): its "hosted page"
 * is /dev/checkout/:id, whose Pay and Fail buttons make a payment here and send it through the same
 * confirmation as a webhook. Kept in memory: `npm start` runs one process.
 */
export class DevPaymentProvider implements PaymentProvider {
  readonly kind = 'dev' as const;
  private readonly invoices = new Map<string, TMoyasarInvoice>();
  private readonly payments = new Map<string, TMoyasarPayment>();
  /** Saved cards: their tokens and how each answers a charge. */
  readonly tokens = new Map<string, { behaviour: DevCardBehaviour }>();

  constructor(private readonly appUrl: string) {}

  createInvoice(input: NewMoyasarInvoice) {
    const id = `dev_inv_${randomUUID()}`;
    const invoice: TMoyasarInvoice = {
      id,
      status: 'initiated',
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      url: `${this.appUrl.replace(/\/$/, '')}/dev/checkout/${input.metadata.checkout_id ?? ''}`,
      payment_id: null,
      metadata: input.metadata,
    };
    this.invoices.set(id, invoice);
    return Promise.resolve(ok(invoice));
  }

  fetchInvoice(id: string) {
    const invoice = this.invoices.get(id);
    return Promise.resolve(invoice ? ok(invoice) : err(`no dev invoice ${id}`));
  }

  fetchPayment(id: string) {
    const payment = this.payments.get(id);
    return Promise.resolve(payment ? ok(payment) : err(`no dev payment ${id}`));
  }

  refund(paymentId: string, amount: number) {
    return Promise.resolve(this.refundNow(paymentId, amount));
  }

  /**
   * A refund as Moyasar makes one (from our API call or its dashboard): refunds add up in `refunded`, a
   * partial one leaves the rest refundable, and none may exceed what is left.
   */
  refundNow(paymentId: string, amount?: number): Result<TMoyasarPayment, string> {
    const payment = this.payments.get(paymentId);
    if (!payment) return err(`no dev payment ${paymentId}`);
    const before = Number(payment.refunded ?? 0);
    const left = payment.amount - before;
    const take = amount ?? left;
    if ((payment.status !== 'paid' && payment.status !== 'refunded') || take <= 0 || take > left) {
      return err(`dev payment ${paymentId} cannot be refunded ${take} halalas (${left} left)`);
    }
    const refunded = { ...payment, status: 'refunded', refunded: before + take };
    this.payments.set(paymentId, refunded);
    return ok(refunded);
  }

  cancelInvoice(id: string) {
    const invoice = this.invoices.get(id);
    if (!invoice) return Promise.resolve(err(`no dev invoice ${id}`));
    if (invoice.status !== 'initiated') return Promise.resolve(err(`dev invoice ${id} is ${invoice.status}`));
    const cancelled = { ...invoice, status: 'canceled' };
    this.invoices.set(id, cancelled);
    return Promise.resolve(ok(cancelled));
  }

  /** A saved card charged: as its behaviour says (a 3-D Secure one waits on the dev page). */
  chargeToken(input: NewTokenPayment) {
    const card = this.tokens.get(input.token);
    if (!card) return Promise.resolve(err(`no dev token ${input.token}`));
    // Moyasar's given_id: the same id answers the same payment.
    const existing = this.payments.get(`dev_pay_${input.given_id}`);
    if (existing) return Promise.resolve(ok(existing));
    const status =
      card.behaviour === 'approve' ? 'paid' : card.behaviour === 'decline' ? 'failed' : 'initiated';
    const payment: TMoyasarPayment = {
      id: `dev_pay_${input.given_id}`,
      status,
      amount: input.amount,
      currency: input.currency,
      refunded: 0,
      invoice_id: null,
      metadata: input.metadata,
      source: {
        type: 'token',
        company: 'mada',
        number: 'XXXX-XXXX-XXXX-1111',
        token: input.token,
        message: status === 'failed' ? 'Declined by the dev card' : status === 'paid' ? 'APPROVED' : null,
        transaction_url:
          status === 'initiated'
            ? `${this.appUrl.replace(/\/$/, '')}/dev/checkout/${input.metadata.checkout_id ?? ''}`
            : null,
      },
    };
    this.payments.set(payment.id, payment);
    return Promise.resolve(ok(payment));
  }

  deleteToken(id: string) {
    this.tokens.delete(id);
    return Promise.resolve(ok(true as const));
  }

  /**
   * What the dev page's buttons do: a payment of the checkout's amount, paid or declined; with "save card"
   * ticked, a paid one carries a new token (as Moyasar's `save_card: true` does).
   */
  pay(
    checkout: { id: string; amountHalalas: number; currency: string; providerInvoiceId: string | null },
    outcome: 'paid' | 'failed',
    saveCard?: { behaviour: DevCardBehaviour },
  ): TMoyasarPayment {
    const token = saveCard && outcome === 'paid' ? `token_dev_${randomUUID().replace(/-/g, '')}` : null;
    if (token && saveCard) this.tokens.set(token, saveCard);
    const payment: TMoyasarPayment = {
      id: `dev_pay_${randomUUID()}`,
      status: outcome,
      amount: checkout.amountHalalas,
      currency: checkout.currency,
      refunded: 0,
      invoice_id: checkout.providerInvoiceId,
      metadata: { checkout_id: checkout.id },
      source: {
        type: 'creditcard',
        company: 'mada',
        number: 'XXXX-XXXX-XXXX-1111',
        token,
        message: outcome === 'paid' ? 'APPROVED' : 'Declined on the dev checkout page',
      },
    };
    this.payments.set(payment.id, payment);
    const invoice = checkout.providerInvoiceId ? this.invoices.get(checkout.providerInvoiceId) : undefined;
    if (invoice && outcome === 'paid') {
      this.invoices.set(invoice.id, { ...invoice, status: 'paid', payment_id: payment.id });
    }
    return payment;
  }
}
