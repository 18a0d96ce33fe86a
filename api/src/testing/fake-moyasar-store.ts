import { randomUUID } from 'node:crypto';

/**
 * What the fake Moyasar (fake-moyasar.ts) keeps: invoices, payments, saved cards and webhooks, and the
 * shapes it answers them in. The request reading is in fake-moyasar-requests.ts.
 */

/** Moyasar's error body (`contracts/moyasar/error.*.json`). */
export const error = (type: string, message: string) => ({ type, message, errors: null });

const riyals = (halalas: number) => `${(halalas / 100).toFixed(2)} SAR`;

/** A payment as `GET /v1/payments/:id` answers it (`contracts/moyasar/payment.*.json`). */
export interface FakePayment {
  id: string;
  status: string;
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  refunded_at: string | null;
  captured: number;
  captured_at: string | null;
  voided_at: string | null;
  description: string;
  amount_format: string;
  fee_format: string;
  refunded_format: string;
  captured_format: string;
  invoice_id: string | null;
  ip: string | null;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
  source: {
    type: string;
    company: string;
    name: string;
    number: string;
    gateway_id: string;
    reference_number: string | null;
    token: string | null;
    message: string;
    transaction_url: string;
  };
}

/** A saved card (`GET /v1/tokens/:id`, `contracts/moyasar/token.*.json`) and how it answers charges. */
export interface FakeToken {
  id: string;
  status: 'initiated' | 'active' | 'inactive' | 'expired';
  brand: string;
  funding: string;
  country: string;
  month: string;
  year: string;
  name: string;
  last_four: string;
  metadata: Record<string, string> | null;
  message: string | null;
  verification_url: string | null;
  created_at: string;
  updated_at: string;
}
export type FakeCardBehaviour = 'approve' | 'decline' | '3ds';

/** An invoice as the fake keeps it; `invoiceBody` answers it in one of Moyasar's documented shapes. */
export interface FakeInvoice {
  id: string;
  status: string;
  amount: number;
  currency: string;
  description: string;
  url: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
  payment_id: string | null;
  paid_at: string | null;
}

/** The fake's state, for the server at `url` (payments' 3-D Secure links point there). */
export function createMoyasarStore(url: string) {
  const invoices = new Map<string, FakeInvoice>();
  const payments = new Map<string, FakePayment>();
  /** Webhooks created with `createWebhook`: their verification code and whether it was sent back. */
  const webhooks = new Map<string, { url: string; code: string; verified: boolean; wrongCodes: number }>();
  const tokens = new Map<string, FakeToken>();
  /** How each saved card answers a token charge (approve unless told otherwise). */
  const cardBehaviour = new Map<string, FakeCardBehaviour>();
  /** Payments by Moyasar's idempotency key (`given_id`): a repeated request answers the same payment. */
  const byGivenId = new Map<string, string>();
  const state = {
    requests: [] as { method: string; path: string }[],
    failNext: 0,
    invoiceStyle: 'sdk' as 'docs' | 'sdk',
  };
  const paymentInInvoice = (p: FakePayment) => ({
    id: p.id,
    status: p.status,
    amount: p.amount,
    fee: p.fee,
    currency: p.currency,
    refunded: p.refunded,
    refunded_at: p.refunded_at,
    description: p.description,
    amount_format: p.amount_format,
    fee_format: p.fee_format,
    refunded_format: p.refunded_format,
    invoice_id: p.invoice_id,
    ip: p.ip,
    callback_url: p.callback_url,
    created_at: p.created_at,
    updated_at: p.updated_at,
    source: {
      type: p.source.type,
      company: p.source.company,
      name: p.source.name,
      number: p.source.number,
      message: p.source.message,
      transaction_url: p.source.transaction_url,
    },
  });

  /** The invoice as Moyasar answers it: the docs' shape or the SDKs'. */
  const invoiceBody = (invoice: FakeInvoice, style = state.invoiceStyle) => {
    const common = {
      id: invoice.id,
      status: invoice.status,
      amount: invoice.amount,
      currency: invoice.currency,
      description: invoice.description,
      amount_format: riyals(invoice.amount),
      url: invoice.url,
      callback_url: invoice.callback_url,
      expired_at: invoice.expired_at,
      created_at: invoice.created_at,
      updated_at: invoice.updated_at,
    };
    if (style === 'docs') {
      return {
        ...common,
        back_url: invoice.back_url,
        success_url: invoice.success_url,
        payment_id: invoice.payment_id,
        paid_at: invoice.paid_at,
        metadata: invoice.metadata,
      };
    }
    return {
      ...common,
      payments: [...payments.values()].filter((p) => p.invoice_id === invoice.id).map(paymentInInvoice),
    };
  };

  /**
   * A refund of `amount` (what is left when absent), through the API or the dashboard. Refunds add up:
   * `refunded` is the total, so a partial refund leaves the rest refundable; any refund makes the status
   * `refunded` (the dashboard shows the refunded amount beside it).
   */
  const refundPayment = (payment: FakePayment, amount?: number): FakePayment | undefined => {
    const left = payment.amount - payment.refunded;
    const take = amount ?? left;
    if ((payment.status !== 'paid' && payment.status !== 'refunded') || take <= 0 || take > left) {
      return undefined;
    }
    const now = new Date().toISOString();
    const refunded: FakePayment = {
      ...payment,
      status: 'refunded',
      refunded: payment.refunded + take,
      refunded_at: now,
      refunded_format: riyals(payment.refunded + take),
      updated_at: now,
    };
    payments.set(payment.id, refunded);
    return refunded;
  };
  /** A payment as Moyasar answers it; one waiting for 3-D Secure (`initiated`) has a transaction_url. */
  function makePayment(p: {
    status: string;
    amount: number;
    currency: string;
    description: string;
    invoiceId: string | null;
    metadata: Record<string, string> | null;
    callbackUrl: string | null;
    token: string | null;
    message: string | null;
  }): FakePayment {
    const now = new Date().toISOString();
    const id = randomUUID();
    const card = p.token ? tokens.get(p.token) : undefined;
    const payment: FakePayment = {
      id,
      status: p.status,
      amount: p.amount,
      fee: 0,
      currency: p.currency,
      refunded: 0,
      refunded_at: null,
      captured: 0,
      captured_at: null,
      voided_at: null,
      description: p.description,
      amount_format: riyals(p.amount),
      fee_format: riyals(0),
      refunded_format: riyals(0),
      captured_format: riyals(0),
      invoice_id: p.invoiceId,
      ip: '127.0.0.1',
      callback_url: p.callbackUrl,
      created_at: now,
      updated_at: now,
      metadata: p.metadata,
      source: {
        type: 'creditcard',
        company: card?.brand ?? 'mada',
        name: 'Test Payer',
        number: `XXXX-XXXX-XXXX-${card?.last_four ?? '1111'}`,
        gateway_id: `moyasar_cc_${id.slice(0, 8)}`,
        reference_number: null,
        token: p.token,
        message: p.message ?? '',
        transaction_url: `${url}/v1/transaction_auths/${id}/form`,
      },
    };
    payments.set(payment.id, payment);
    return payment;
  }

  function saveToken(card: { behaviour?: FakeCardBehaviour; brand?: string; last4?: string }): FakeToken {
    const now = new Date().toISOString();
    const token: FakeToken = {
      id: `token_${randomUUID().replace(/-/g, '')}`,
      status: 'active',
      brand: card.brand ?? 'mada',
      funding: 'debit',
      country: 'SA',
      month: '09',
      year: '2030',
      name: 'Test Payer',
      last_four: card.last4 ?? '1111',
      metadata: null,
      message: null,
      verification_url: null,
      created_at: now,
      updated_at: now,
    };
    tokens.set(token.id, token);
    cardBehaviour.set(token.id, card.behaviour ?? 'approve');
    return token;
  }

  /** Whether Moyasar sends events to `to`: not to a webhook created with `createWebhook` until verified. */
  const delivers = (to: string): boolean => {
    const registered = [...webhooks.values()].find((w) => w.url === to);
    return !registered || registered.verified;
  };
  return {
    state,
    invoices,
    payments,
    webhooks,
    tokens,
    cardBehaviour,
    byGivenId,
    invoiceBody,
    refundPayment,
    makePayment,
    saveToken,
    delivers,
  };
}

export type MoyasarStore = ReturnType<typeof createMoyasarStore>;
