import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Moyasar's error body (`contracts/moyasar/error.*.json`). */
const error = (type: string, message: string) => ({ type, message, errors: null });

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

/**
 * Moyasar on 127.0.0.1 as its documents and official SDK fixtures show it (`contracts/moyasar/`): hosted
 * invoices, payments, refunds, webhook verification (Basic auth with the secret key). The test plays the
 * payer with `pay()`, Moyasar's webhook notifier with `deliver()` and `createWebhook()`, and the invoice
 * notifier with `notifyInvoicePaid()`.
 *
 * An invoice names its payment the docs' way (`payment_id`, `paid_at`) or the SDKs' way (`payments: [...]`,
 * the default, which our first client did not read): `state.invoiceStyle` chooses.
 */
export async function startFakeMoyasar(options: { secretKey: string; webhookSecret: string }) {
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
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

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

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      state.requests.push({ method: req.method ?? 'GET', path });
      if (req.headers.authorization !== expectedAuth) {
        return json(res, 401, error('authentication_error', 'Invalid authorization credentials'));
      }
      if (state.failNext > 0) {
        state.failNext--;
        return json(res, 503, error('api_error', 'Service unavailable'));
      }
      if (req.method === 'POST' && path === '/v1/invoices') {
        const body = await readJson(req);
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || !body.description) {
          return json(res, 400, error('invalid_request_error', 'Validation Failed'));
        }
        const id = randomUUID();
        const now = new Date().toISOString();
        const invoice: FakeInvoice = {
          id,
          status: 'initiated',
          amount: body.amount,
          currency: String(body.currency ?? 'SAR'),
          description: String(body.description),
          url: `${url}/checkout/invoices/${id}?lang=en`,
          callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
          success_url: typeof body.success_url === 'string' ? body.success_url : null,
          back_url: typeof body.back_url === 'string' ? body.back_url : null,
          expired_at: null,
          created_at: now,
          updated_at: now,
          payment_id: null,
          paid_at: null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? null,
        };
        invoices.set(id, invoice);
        return json(res, 201, invoiceBody(invoice, 'docs'));
      }
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && invoiceMatch) {
        const invoice = invoices.get(decodeURIComponent(invoiceMatch[1] ?? ''));
        return invoice
          ? json(res, 200, invoiceBody(invoice))
          : json(res, 404, error('record_not_found', 'Object not found'));
      }
      const cancelMatch = /^\/v1\/invoices\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'PUT' && cancelMatch) {
        const invoice = invoices.get(decodeURIComponent(cancelMatch[1] ?? ''));
        if (!invoice) return json(res, 404, error('record_not_found', 'Object not found'));
        if (invoice.status !== 'initiated') {
          return json(res, 400, error('invalid_request_error', 'Invoice cannot be canceled'));
        }
        const cancelled = { ...invoice, status: 'canceled', updated_at: new Date().toISOString() };
        invoices.set(invoice.id, cancelled);
        return json(res, 200, invoiceBody(cancelled));
      }
      const verifyMatch = /^\/v1\/webhooks\/([^/]+)\/verify$/.exec(path);
      if (req.method === 'POST' && verifyMatch) {
        const id = decodeURIComponent(verifyMatch[1] ?? '');
        const webhook = webhooks.get(id);
        if (!webhook) return json(res, 404, error('record_not_found', 'Object not found'));
        const body = await readJson(req);
        if (body.code !== webhook.code || webhook.wrongCodes >= 5) {
          webhook.wrongCodes++;
          return json(res, 400, error('webhook_verification_invalid', 'Verification code is incorrect'));
        }
        webhook.verified = true;
        return json(res, 200, {
          id,
          http_method: 'post',
          url: webhook.url,
          created_at: new Date().toISOString(),
          events: ['payment_paid', 'payment_failed'],
          verified: true,
          verified_at: new Date().toISOString(),
        });
      }
      if (req.method === 'POST' && path === '/v1/payments') {
        const body = await readJson(req);
        const source = (body.source ?? {}) as Record<string, unknown>;
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || source.type !== 'token') {
          return json(res, 400, error('invalid_request_error', 'Validation Failed'));
        }
        const givenId = typeof body.given_id === 'string' ? body.given_id : null;
        const seen = givenId ? payments.get(byGivenId.get(givenId) ?? '') : undefined;
        if (seen) return json(res, 201, seen);
        const token = tokens.get(String(source.token));
        if (!token || token.status !== 'active') {
          return json(res, 400, error('invalid_request_error', 'Token is not active'));
        }
        const behaviour = cardBehaviour.get(token.id) ?? 'approve';
        const status = behaviour === 'approve' ? 'paid' : behaviour === 'decline' ? 'failed' : 'initiated';
        const payment = makePayment({
          status,
          amount: body.amount,
          currency: String(body.currency ?? 'SAR'),
          description: String(body.description ?? ''),
          invoiceId: null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? null,
          callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
          token: token.id,
          message: status === 'paid' ? 'APPROVED' : status === 'failed' ? 'Insufficient Funds' : null,
        });
        if (givenId) byGivenId.set(givenId, payment.id);
        return json(res, 201, payment);
      }
      const tokenMatch = /^\/v1\/tokens\/([^/]+)$/.exec(path);
      if (tokenMatch) {
        const token = tokens.get(decodeURIComponent(tokenMatch[1] ?? ''));
        if (!token) return json(res, 404, error('record_not_found', 'Object not found'));
        if (req.method === 'GET') return json(res, 200, token);
        if (req.method === 'DELETE') {
          tokens.delete(token.id);
          res.writeHead(204).end();
          return;
        }
      }
      const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
      if (paymentMatch) {
        const payment = payments.get(decodeURIComponent(paymentMatch[1] ?? ''));
        if (!payment) return json(res, 404, error('record_not_found', 'Object not found'));
        if (req.method === 'GET' && !paymentMatch[2]) return json(res, 200, payment);
        if (req.method === 'POST' && paymentMatch[2]) {
          const body = await readJson(req);
          const refunded = refundPayment(payment, typeof body.amount === 'number' ? body.amount : undefined);
          return refunded
            ? json(res, 200, refunded)
            : json(res, 400, error('invalid_request_error', 'Payment cannot be refunded'));
        }
      }
      json(res, 404, error('record_not_found', 'Object not found'));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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
  const post = (target: string, body: unknown) =>
    fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    url,
    /** The base URL to configure as MOYASAR_API_URL. */
    apiUrl: `${url}/v1`,
    state,
    invoices,
    payments,
    webhooks,
    tokens,
    cardBehaviour,
    invoiceBody,
    /** The payer on the hosted page: a payment of the invoice (or of another amount or currency). */
    pay(
      invoiceId: string,
      outcome: {
        status: 'paid' | 'failed';
        amount?: number;
        currency?: string;
        message?: string;
        /** Ticked "save card": the card is tokenized, answering later charges as told. */
        saveCard?: { behaviour?: FakeCardBehaviour; brand?: string; last4?: string };
      } = {
        status: 'paid',
      },
    ): FakePayment {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no fake invoice ${invoiceId}`);
      // The hosted page of a cancelled invoice takes no payment.
      if (invoice.status === 'canceled') throw new Error(`fake invoice ${invoiceId} is canceled`);
      const now = new Date().toISOString();
      // "Save card" on the payment form: a paid payment carries a new, active token.
      const token = outcome.saveCard && outcome.status === 'paid' ? saveToken(outcome.saveCard) : null;
      const payment = makePayment({
        status: outcome.status,
        amount: outcome.amount ?? invoice.amount,
        currency: outcome.currency ?? invoice.currency,
        description: invoice.description,
        invoiceId: invoice.id,
        metadata: invoice.metadata,
        callbackUrl: `${url}/checkout/invoices/${invoice.id}`,
        token: token?.id ?? null,
        message: outcome.message ?? (outcome.status === 'paid' ? 'APPROVED' : 'Insufficient Funds'),
      });
      if (outcome.status === 'paid') {
        invoices.set(invoice.id, {
          ...invoice,
          status: 'paid',
          payment_id: payment.id,
          paid_at: now,
          updated_at: now,
        });
      }
      return payment;
    },
    /** A refund made in Moyasar's dashboard (of `amount` halalas, or what is left); throws when refused. */
    refundInDashboard(paymentId: string, amount?: number): FakePayment {
      const payment = payments.get(paymentId);
      const refunded = payment ? refundPayment(payment, amount) : undefined;
      if (!refunded) throw new Error(`fake payment ${paymentId} cannot be refunded`);
      return refunded;
    },
    /** A void made in Moyasar's dashboard: the whole payment, before it settled. */
    voidInDashboard(paymentId: string): FakePayment {
      const payment = payments.get(paymentId);
      if (!payment || payment.status !== 'paid')
        throw new Error(`fake payment ${paymentId} cannot be voided`);
      const now = new Date().toISOString();
      const voided: FakePayment = { ...payment, status: 'voided', voided_at: now, updated_at: now };
      payments.set(paymentId, voided);
      return voided;
    },
    /**
     * A webhook created in Moyasar's dashboard for `target`: Moyasar sends it one `webhook_verification`
     * event with a 6-digit code, and nothing else until the code is sent back.
     */
    async createWebhook(target: string, secretToken = options.webhookSecret) {
      const id = randomUUID();
      const code = String(100_000 + Math.floor(Math.random() * 900_000));
      webhooks.set(id, { url: target, code, verified: false, wrongCodes: 0 });
      const eventId = randomUUID();
      const res = await post(target, {
        id: eventId,
        type: 'webhook_verification',
        created_at: new Date().toISOString(),
        secret_token: secretToken,
        account_name: 'Lamha',
        data: { webhook_id: id, verification_code: code },
      });
      return { res, webhookId: id, code, eventId };
    },
    delivers,
    /**
     * Moyasar's webhook notifier: posts an event (`payment_paid`, `payment_failed`, or any `type`) to `to`.
     * Throws for a webhook created with `createWebhook` and not verified: Moyasar sends it nothing.
     */
    async deliver(
      payment: FakePayment,
      event: {
        id?: string;
        type?: string;
        secretToken?: string;
        data?: Record<string, unknown>;
        to: string;
      },
    ) {
      const id = event.id ?? randomUUID();
      if (!delivers(event.to)) throw new Error(`the webhook at ${event.to} is not verified`);
      const res = await post(event.to, {
        id,
        type: event.type ?? (payment.status === 'paid' ? 'payment_paid' : 'payment_failed'),
        created_at: new Date().toISOString(),
        secret_token: event.secretToken ?? options.webhookSecret,
        account_name: 'Lamha',
        live: false,
        data: event.data ?? payment,
      });
      return { res, id };
    },
    /** The invoice notifier: the paid invoice, with its payments, POSTed to its callback_url (or `to`). */
    notifyInvoicePaid(invoiceId: string, to?: string) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no fake invoice ${invoiceId}`);
      const target = to ?? invoice.callback_url;
      if (!target) throw new Error('the invoice has no callback_url');
      return post(target, invoiceBody(invoice, 'sdk'));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
