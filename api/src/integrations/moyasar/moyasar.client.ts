import type { z } from 'zod';
import {
  ZMoyasarError,
  ZMoyasarInvoice,
  ZMoyasarPayment,
  ZMoyasarWebhookVerified,
  type TMoyasarInvoice,
  type TMoyasarPayment,
} from '@app/shared';
import { err, ok, type Result } from '../../lib/result.js';
import { callJson, type FetchLike } from '../platform-http.js';

export interface NewMoyasarInvoice {
  amount: number;
  currency: 'SAR';
  description: string;
  callback_url: string;
  success_url: string;
  back_url: string;
  metadata: Record<string, string>;
}

/** `POST /v1/payments` charging a saved card (merchant-initiated: the cardholder is not there). */
export interface NewTokenPayment {
  /** Moyasar's idempotency key: the same id never makes a second payment (we send the checkout's id). */
  given_id: string;
  amount: number;
  currency: 'SAR';
  description: string;
  callback_url: string;
  token: string;
  metadata: Record<string, string>;
}

/** What billing needs from a payment provider: Moyasar, or the dev stand-in on a machine without keys. */
export interface PaymentProvider {
  readonly kind: 'moyasar' | 'dev';
  createInvoice(input: NewMoyasarInvoice): Promise<Result<TMoyasarInvoice, string>>;
  fetchInvoice(id: string): Promise<Result<TMoyasarInvoice, string>>;
  fetchPayment(id: string): Promise<Result<TMoyasarPayment, string>>;
  refund(paymentId: string, amount: number): Promise<Result<TMoyasarPayment, string>>;
  /** Closes an unpaid hosted invoice, so its page takes no payment. */
  cancelInvoice(id: string): Promise<Result<TMoyasarInvoice, string>>;
  /**
   * Charges a saved card: the payment comes back `paid`, `failed`, or `initiated` with a
   * `source.transaction_url` when the bank wants 3-D Secure (the cardholder must complete it).
   */
  chargeToken(input: NewTokenPayment): Promise<Result<TMoyasarPayment, string>>;
  /** Removes a saved card at the provider (`DELETE /v1/tokens/:id`); one already gone counts as removed. */
  deleteToken(id: string): Promise<Result<true, string>>;
}

/**
 * The payment an invoice was paid with. Moyasar's docs name it in `payment_id`; its PHP and Python SDKs'
 * fixtures (and the body POSTed to an invoice's callback_url) list the invoice's payments instead.
 */
export function paidPaymentIdOf(invoice: TMoyasarInvoice): string | null {
  if (invoice.payment_id) return invoice.payment_id;
  return invoice.payments?.find((p) => p.status === 'paid')?.id ?? null;
}

/** Sends a webhook's verification code back (Moyasar delivers no event to an unverified webhook). */
export interface WebhookVerifier {
  verifyWebhook(webhookId: string, code: string): Promise<Result<{ verifiedAt: string | null }, string>>;
}

/**
 * Moyasar's REST API (docs/outside-services.md, Moyasar): HTTP Basic with the secret key and an empty password, amounts
 * in halalas, every answer read with a schema. The secret key never leaves this process.
 */
export class MoyasarClient implements PaymentProvider, WebhookVerifier {
  readonly kind = 'moyasar' as const;
  private readonly base: string;
  private readonly authorization: string;

  constructor(
    private readonly options: {
      apiUrl: string;
      secretKey: string;
      fetch: FetchLike;
      timeoutMs?: number;
    },
  ) {
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  }

  private call<S extends z.ZodType>(method: 'GET' | 'POST' | 'PUT', path: string, schema: S, body?: unknown) {
    return callJson(
      this.options.fetch,
      `${this.base}${path}`,
      {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      schema,
      this.options.timeoutMs ?? 10_000,
    );
  }

  createInvoice(input: NewMoyasarInvoice) {
    return this.call('POST', '/invoices', ZMoyasarInvoice, input);
  }

  fetchInvoice(id: string) {
    return this.call('GET', `/invoices/${encodeURIComponent(id)}`, ZMoyasarInvoice);
  }

  /**
   * `PUT /v1/invoices/:id/cancel` (Moyasar's Python SDK, moyasar/actions/cancel.py): the invoice answers
   * with status `canceled`; a paid one is refused.
   */
  cancelInvoice(id: string) {
    return this.call('PUT', `/invoices/${encodeURIComponent(id)}/cancel`, ZMoyasarInvoice);
  }

  fetchPayment(id: string) {
    return this.call('GET', `/payments/${encodeURIComponent(id)}`, ZMoyasarPayment);
  }

  /**
   * `POST /v1/webhooks/:id/verify {code}`. A refusal carries Moyasar's own message ("Verification code is
   * incorrect"), which admins see.
   */
  async verifyWebhook(
    webhookId: string,
    code: string,
  ): Promise<Result<{ verifiedAt: string | null }, string>> {
    const url = `${this.base}/webhooks/${encodeURIComponent(webhookId)}/verify`;
    const host = new URL(url).host;
    let res: Response;
    try {
      res = await this.options.fetch(url, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ code }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (e) {
      return err(`${host} did not answer (${e instanceof Error ? e.name : 'error'})`);
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const refusal = ZMoyasarError.safeParse(body);
      const message = refusal.success ? refusal.data.message : null;
      return err(`${host} answered HTTP ${res.status}${message ? `: ${message}` : ''}`);
    }
    const verified = ZMoyasarWebhookVerified.safeParse(body);
    if (!verified.success) return err(`${host} answered an unexpected shape`);
    return ok({ verifiedAt: verified.data.verified_at ?? null });
  }

  /**
   * `POST /v1/payments` with `source: {type: "token", token, 3ds: false, manual: false}` (docs.moyasar.com
   * tokenized-cards; `given_id` per docs.moyasar.com/api/idempotency). `3ds: false` because nobody is there
   * to authenticate; a bank that insists answers `initiated` with a `transaction_url`.
   */
  chargeToken(input: NewTokenPayment) {
    const { token, ...payment } = input;
    return this.call('POST', '/payments', ZMoyasarPayment, {
      ...payment,
      source: { type: 'token', token, '3ds': false, manual: false },
    });
  }

  /** `DELETE /v1/tokens/:id`: 204 with no body; a 404 (expired and gone, or deleted before) is success. */
  async deleteToken(id: string): Promise<Result<true, string>> {
    const url = `${this.base}/tokens/${encodeURIComponent(id)}`;
    const host = new URL(url).host;
    try {
      const res = await this.options.fetch(url, {
        method: 'DELETE',
        headers: { authorization: this.authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok || res.status === 404) return ok(true);
      return err(`${host} answered HTTP ${res.status}`);
    } catch (e) {
      return err(`${host} did not answer (${e instanceof Error ? e.name : 'error'})`);
    }
  }

  refund(paymentId: string, amount: number) {
    return this.call('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, ZMoyasarPayment, {
      amount,
    });
  }
}
