import type { z } from 'zod';
import { ZMoyasarInvoice, ZMoyasarPayment, type TMoyasarInvoice, type TMoyasarPayment } from '@app/shared';
import type { Result } from '../../lib/result.js';
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

/** What billing needs from a payment provider: Moyasar, or the dev stand-in on a machine without keys. */
export interface PaymentProvider {
  readonly kind: 'moyasar' | 'dev';
  createInvoice(input: NewMoyasarInvoice): Promise<Result<TMoyasarInvoice, string>>;
  fetchInvoice(id: string): Promise<Result<TMoyasarInvoice, string>>;
  fetchPayment(id: string): Promise<Result<TMoyasarPayment, string>>;
  refund(paymentId: string, amount: number): Promise<Result<TMoyasarPayment, string>>;
}

/**
 * Moyasar's REST API (reference/payments.md): HTTP Basic with the secret key and an empty password, amounts
 * in halalas, every answer read with a schema. The secret key never leaves this process.
 */
export class MoyasarClient implements PaymentProvider {
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

  private call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) {
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

  fetchPayment(id: string) {
    return this.call('GET', `/payments/${encodeURIComponent(id)}`, ZMoyasarPayment);
  }

  refund(paymentId: string, amount: number) {
    return this.call('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, ZMoyasarPayment, {
      amount,
    });
  }
}
