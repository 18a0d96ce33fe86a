import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TMoyasarInvoice, TMoyasarPayment } from '@app/shared';

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

type FakeInvoice = TMoyasarInvoice & {
  callback_url: string;
  success_url: string | null;
  back_url: string | null;
};

/**
 * Moyasar as reference/payments.md describes it, on 127.0.0.1: hosted invoices, payments, refunds (Basic
 * auth with the secret key), and webhook deliveries to an invoice's callback_url with a secret token. The
 * test plays the payer with `pay()` and Moyasar's notifier with `deliver()`.
 */
export async function startFakeMoyasar(options: { secretKey: string; webhookSecret: string }) {
  const invoices = new Map<string, FakeInvoice>();
  const payments = new Map<string, TMoyasarPayment>();
  const state = { requests: [] as { method: string; path: string }[], failNext: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      state.requests.push({ method: req.method ?? 'GET', path });
      if (req.headers.authorization !== expectedAuth) {
        return json(res, 401, { type: 'authentication_error', message: 'Invalid authorization credentials' });
      }
      if (state.failNext > 0) {
        state.failNext--;
        return json(res, 503, { type: 'api_error', message: 'Service unavailable' });
      }
      if (req.method === 'POST' && path === '/v1/invoices') {
        const body = await readJson(req);
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || !body.description) {
          return json(res, 400, { type: 'invalid_request_error', message: 'Validation Failed' });
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
          callback_url: String(body.callback_url ?? ''),
          success_url: typeof body.success_url === 'string' ? body.success_url : null,
          back_url: typeof body.back_url === 'string' ? body.back_url : null,
          payment_id: null,
          paid_at: null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? null,
        };
        invoices.set(id, invoice);
        return json(res, 201, { ...invoice, amount_format: `${invoice.amount / 100} SAR`, created_at: now });
      }
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && invoiceMatch) {
        const invoice = invoices.get(decodeURIComponent(invoiceMatch[1] ?? ''));
        return invoice ? json(res, 200, invoice) : json(res, 404, { type: 'record_not_found' });
      }
      const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
      if (paymentMatch) {
        const payment = payments.get(decodeURIComponent(paymentMatch[1] ?? ''));
        if (!payment) return json(res, 404, { type: 'record_not_found', message: 'Object not found' });
        if (req.method === 'GET' && !paymentMatch[2]) return json(res, 200, payment);
        if (req.method === 'POST' && paymentMatch[2]) {
          const body = await readJson(req);
          const amount = typeof body.amount === 'number' ? body.amount : payment.amount;
          if (payment.status !== 'paid' || amount > payment.amount) {
            return json(res, 400, { type: 'invalid_request_error', message: 'Payment cannot be refunded' });
          }
          const refunded = { ...payment, status: 'refunded', refunded: amount };
          payments.set(payment.id, refunded);
          return json(res, 200, refunded);
        }
      }
      json(res, 404, { type: 'record_not_found' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The base URL to configure as MOYASAR_API_URL. */
    apiUrl: `${url}/v1`,
    state,
    invoices,
    payments,
    /** The payer on the hosted page: a payment of the invoice (or of another amount or currency). */
    pay(
      invoiceId: string,
      outcome: { status: 'paid' | 'failed'; amount?: number; currency?: string; message?: string } = {
        status: 'paid',
      },
    ): TMoyasarPayment {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no fake invoice ${invoiceId}`);
      const payment: TMoyasarPayment = {
        id: randomUUID(),
        status: outcome.status,
        amount: outcome.amount ?? invoice.amount,
        currency: outcome.currency ?? invoice.currency,
        refunded: 0,
        invoice_id: invoice.id,
        metadata: invoice.metadata ?? null,
        source: {
          type: 'creditcard',
          company: 'mada',
          message: outcome.message ?? (outcome.status === 'paid' ? 'APPROVED' : 'Insufficient Funds'),
        },
      };
      payments.set(payment.id, payment);
      if (outcome.status === 'paid') {
        invoices.set(invoice.id, {
          ...invoice,
          status: 'paid',
          payment_id: payment.id,
          paid_at: new Date().toISOString(),
        });
      }
      return payment;
    },
    /** Moyasar's notifier: posts an event for a payment to its invoice's callback_url. */
    deliver(
      payment: TMoyasarPayment,
      event: {
        id?: string;
        type?: string;
        secretToken?: string;
        data?: Record<string, unknown>;
        /** Where to post instead of the callback_url (the app under test listens on a free port). */
        to?: string;
      } = {},
    ) {
      const invoice = payment.invoice_id ? invoices.get(payment.invoice_id) : undefined;
      const target = event.to ?? invoice?.callback_url;
      if (!target) throw new Error('the payment has no invoice callback_url');
      const id = event.id ?? randomUUID();
      return fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id,
          type: event.type ?? (payment.status === 'paid' ? 'payment_paid' : 'payment_failed'),
          created_at: new Date().toISOString(),
          secret_token: event.secretToken ?? options.webhookSecret,
          account_name: 'Lamha',
          live: false,
          data: event.data ?? payment,
        }),
      }).then((res) => ({ res, id }));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
