import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerMoyasarRequest } from './fake-moyasar-requests.js';
import { createMoyasarStore, type FakeCardBehaviour, type FakePayment } from './fake-moyasar-store.js';

/**
 * Moyasar on 127.0.0.1 as its documents and official SDK fixtures show it (`contracts/moyasar/`): hosted
 * invoices, payments, refunds, webhook verification (Basic auth with the secret key). The test plays the
 * payer with `pay()`, Moyasar's webhook notifier with `deliver()` and `createWebhook()`, and the invoice
 * notifier with `notifyInvoicePaid()`.
 *
 * An invoice names its payment the docs' way (`payment_id`, `paid_at`) or the SDKs' way (`payments: [...]`,
 * the default, which our first client did not read): `state.invoiceStyle` chooses.
 *
 * What it keeps is in fake-moyasar-store.ts, how it reads a request in fake-moyasar-requests.ts.
 */
export async function startFakeMoyasar(options: { secretKey: string; webhookSecret: string }) {
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const server = createServer((req, res) => {
    void answerMoyasarRequest(store, expectedAuth, url, req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = createMoyasarStore(url);
  const { state, invoices, payments, webhooks, tokens, cardBehaviour } = store;
  const { invoiceBody, refundPayment, makePayment, saveToken, delivers } = store;

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
