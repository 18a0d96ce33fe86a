import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZMoyasarError,
  ZMoyasarInvoice,
  ZMoyasarPayment,
  ZMoyasarPaymentEventData,
  ZMoyasarToken,
  ZMoyasarVerificationData,
  ZMoyasarWebhook,
  ZMoyasarWebhookVerified,
} from '@app/shared';
import { MoyasarClient, paidPaymentIdOf } from '../../integrations/moyasar/moyasar.client.js';
import { cardOfPayment } from '../../billing/autorenew.service.js';
import { startFakeMoyasar } from '../fake-moyasar.js';
import { fixturesOf, loadFixtures, shapeMismatches } from './shape.js';

const fixtures = loadFixtures('moyasar');
const of = (endpoint: string) => fixturesOf(fixtures, endpoint);
/** Moyasar's metadata holds the caller's own keys: ours compare with the docs' example keys as one. */
const META = { freeKeys: ['metadata', 'data.metadata'] };

const SECRET_KEY = 'sk_test_contract_key';
const WEBHOOK_SECRET = 'moyasar-contract-webhook-secret';

describe('Moyasar: our schemas read every documented body', () => {
  it.each(Object.keys(fixtures).filter((n) => n.startsWith('invoice')))('%s is an invoice', (name) => {
    const invoice = ZMoyasarInvoice.parse(fixtures[name]);
    expect(Number.isInteger(invoice.amount)).toBe(true);
  });

  it('finds the paid payment of an invoice either way Moyasar names it', () => {
    expect(paidPaymentIdOf(ZMoyasarInvoice.parse(fixtures['invoice.php-sdk-paid']))).toBe(
      'ae5e8c6a-1622-45a5-b7ca-9ead69be722e',
    );
    expect(paidPaymentIdOf(ZMoyasarInvoice.parse(fixtures['invoice.docs']))).toBeNull();
    expect(
      paidPaymentIdOf(
        ZMoyasarInvoice.parse({ ...(fixtures['invoice.docs'] as object), status: 'paid', payment_id: 'p-1' }),
      ),
    ).toBe('p-1');
    // The Python SDK's amount comes as a string and is read as a number.
    expect(ZMoyasarInvoice.parse(fixtures['invoice.python-sdk']).amount).toBe(1000);
  });

  it.each(of('payment').map((f, i) => [i, f]))('payment fixture %i is a payment', (_i, body) => {
    expect(ZMoyasarPayment.parse(body).id).toBeTruthy();
  });

  it('reads both webhook events: a payment to confirm, a code to send back', () => {
    const paid = ZMoyasarWebhook.parse(fixtures['webhook.payment-paid']);
    expect(ZMoyasarPaymentEventData.parse(paid.data).id).toBe('611c028e-855c-425c-a4eb-ce1e06680000');
    const verification = ZMoyasarWebhook.parse(fixtures['webhook.verification']);
    expect(verification.type).toBe('webhook_verification');
    expect(ZMoyasarVerificationData.parse(verification.data)).toEqual({
      webhook_id: 'c4bc247d-5288-4673-9b40-39c082ac7fbb',
      verification_code: '482913',
    });
    // The verification event carries no payment: the old envelope schema (data.id required) refused it.
    expect(ZMoyasarPaymentEventData.safeParse(verification.data).success).toBe(false);
  });

  it('reads a saved card: the token, and the brand and last four of the payment that saved it', () => {
    expect(ZMoyasarToken.parse(fixtures['token.docs'])).toMatchObject({ brand: 'visa', last_four: '1111' });
    const saved = ZMoyasarPayment.parse(fixtures['payment.save-card']);
    expect(saved.source?.token).toBe('token_x6okRgkZJrhgDHyqJ9zztW2X1k');
    expect(cardOfPayment(saved)).toEqual({ brand: 'visa', last4: '1111' });
    expect(ZMoyasarPayment.parse(fixtures['payment.token-charge']).status).toBe('paid');
  });

  it('charges a token with the documented request, and deletes one (204, or 404 when already gone)', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    const answers = [
      new Response(JSON.stringify(fixtures['payment.token-charge']), { status: 201 }),
      new Response(null, { status: 204 }),
      new Response(JSON.stringify({ type: 'record_not_found', message: 'Object not found' }), {
        status: 404,
      }),
      new Response('{}', { status: 500 }),
    ];
    const client = new MoyasarClient({
      apiUrl: 'https://api.moyasar.test/v1',
      secretKey: SECRET_KEY,
      fetch: (input, init) => {
        sent.push({
          method: init?.method ?? 'GET',
          url: String(input),
          body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        });
        return Promise.resolve(answers.shift() ?? new Response('{}', { status: 500 }));
      },
    });
    const charged = await client.chargeToken({
      given_id: '0b7c3a52-0a8e-4f43-9d07-2d6a3f1f7b10',
      amount: 11_900,
      currency: 'SAR',
      description: 'Lamha Pro (monthly), automatic renewal',
      callback_url: 'https://feed.example.com/dashboard?tab=billing',
      token: 'token_abc',
      metadata: { checkout_id: 'c-1', user_id: 'u-1' },
    });
    expect(charged.ok).toBe(true);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'https://api.moyasar.test/v1/payments' });
    expect(shapeMismatches(sent[0]?.body, of('payment-request'), META)).toEqual([]);
    expect(sent[0]?.body).toMatchObject({ source: { type: 'token', token: 'token_abc', '3ds': false } });
    expect(await client.deleteToken('token_abc')).toEqual({ ok: true, value: true });
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: 'https://api.moyasar.test/v1/tokens/token_abc' });
    expect((await client.deleteToken('token_gone')).ok).toBe(true);
    expect((await client.deleteToken('token_x')).ok).toBe(false);
  });

  it('reads the verify answer and its refusal', () => {
    expect(ZMoyasarWebhookVerified.parse(fixtures['webhook-verify.docs']).verified).toBe(true);
    expect(ZMoyasarError.parse(fixtures['error.webhook-verification-invalid']).message).toBe(
      'Verification code is incorrect',
    );
  });
});

describe('Moyasar: the fake answers only documented shapes', () => {
  let moyasar: Awaited<ReturnType<typeof startFakeMoyasar>>;
  /** A stand-in for our endpoints: keeps what Moyasar posts. */
  const received: unknown[] = [];
  let sink: ReturnType<typeof createServer>;
  let sinkUrl = '';
  const auth = { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}` };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${moyasar.apiUrl}${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    moyasar = await startFakeMoyasar({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    sink = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await moyasar.close();
    await new Promise<void>((r) => sink.close(() => r()));
  });

  it('invoices, payments, refunds, verification and deliveries all keep to the fixtures', async () => {
    const created = await api('POST', '/invoices', {
      amount: 6900,
      currency: 'SAR',
      description: 'Lamha Basic (monthly)',
      callback_url: sinkUrl,
      success_url: 'https://feed.example.com/back',
      back_url: 'https://feed.example.com/back',
      metadata: { checkout_id: 'c-1', user_id: 'u-1' },
    });
    expect(created.status).toBe(201);
    expect(shapeMismatches(created.body, of('invoice'), META)).toEqual([]);
    const invoice = ZMoyasarInvoice.parse(created.body);

    const payment = moyasar.pay(invoice.id);
    for (const style of ['docs', 'sdk'] as const) {
      moyasar.state.invoiceStyle = style;
      const fetched = await api('GET', `/invoices/${invoice.id}`);
      expect(shapeMismatches(fetched.body, of('invoice'), META), style).toEqual([]);
      expect(paidPaymentIdOf(ZMoyasarInvoice.parse(fetched.body))).toBe(payment.id);
    }

    const fetchedPayment = await api('GET', `/payments/${payment.id}`);
    expect(shapeMismatches(fetchedPayment.body, of('payment'), META)).toEqual([]);
    ZMoyasarPayment.parse(fetchedPayment.body);
    // Refunds add up: a partial one leaves the rest refundable, and no more than the payment is given back.
    const partly = await api('POST', `/payments/${payment.id}/refund`, { amount: 1000 });
    expect(shapeMismatches(partly.body, of('payment'), META)).toEqual([]);
    expect(partly.body).toMatchObject({ status: 'refunded', refunded: 1000 });
    expect((await api('POST', `/payments/${payment.id}/refund`, { amount: 5901 })).status).toBe(400);
    const refunded = await api('POST', `/payments/${payment.id}/refund`, {});
    expect(refunded.body).toMatchObject({ status: 'refunded', refunded: 6900 });

    const webhook = await moyasar.createWebhook(sinkUrl);
    const wrong = await api('POST', `/webhooks/${webhook.webhookId}/verify`, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(shapeMismatches(wrong.body, of('error'))).toEqual([]);
    const verified = await api('POST', `/webhooks/${webhook.webhookId}/verify`, { code: webhook.code });
    expect(shapeMismatches(verified.body, of('webhook-verify'))).toEqual([]);

    await moyasar.deliver(moyasar.pay(invoice.id, { status: 'failed' }), { to: sinkUrl });
    await moyasar.notifyInvoicePaid(invoice.id);
    // Saved cards: a payment that saved one, the token, a token charge (paid or waiting for 3-D Secure).
    const saving = moyasar.pay(invoice.id, { status: 'paid', saveCard: { behaviour: '3ds' } });
    expect(shapeMismatches(saving, of('payment'), META)).toEqual([]);
    const token = await api('GET', `/tokens/${saving.source.token}`);
    expect(shapeMismatches(token.body, of('token'))).toEqual([]);
    const charge = {
      given_id: '5d7f0d0e-3f1a-4a43-8f3e-0c1a2b3c4d5e',
      amount: 100,
      currency: 'SAR',
      description: 'renewal',
      callback_url: 'https://feed.example.com/back',
      metadata: { checkout_id: 'c-2' },
      source: { type: 'token', token: saving.source.token, '3ds': false, manual: false },
    };
    const waiting = await api('POST', '/payments', charge);
    expect(waiting.status).toBe(201);
    expect(shapeMismatches(waiting.body, of('payment'), META)).toEqual([]);
    expect(ZMoyasarPayment.parse(waiting.body)).toMatchObject({ status: 'initiated' });
    // The same given_id answers the same payment: no second charge.
    expect((await api('POST', '/payments', charge)).body).toEqual(waiting.body);
    const deleted = await fetch(`${moyasar.apiUrl}/tokens/${saving.source.token}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(deleted.status).toBe(204);
    expect((await api('GET', `/tokens/${saving.source.token}`)).status).toBe(404);

    const refundedPayment = moyasar.payments.get(payment.id);
    if (!refundedPayment) throw new Error('the refunded payment is gone');
    await moyasar.deliver(refundedPayment, { type: 'payment_refunded', to: sinkUrl });
    const [verification, event, callback, refundEvent] = received;
    expect(shapeMismatches(verification, of('webhook'))).toEqual([]);
    expect(shapeMismatches(event, of('webhook'), META)).toEqual([]);
    expect(shapeMismatches(callback, of('invoice-callback'), META)).toEqual([]);
    expect(shapeMismatches(refundEvent, of('webhook'), META)).toEqual([]);
    expect(refundEvent).toMatchObject({ type: 'payment_refunded', data: { refunded: 6900 } });
  });

  it('catches a fake that drifts from the docs', () => {
    // What our first fake answered: payments inside an invoice with metadata, amounts as strings.
    const drifted = {
      ...(fixtures['invoice.php-sdk-paid'] as Record<string, unknown>),
      payments: [{ id: 'p', status: 'paid', amount: '7000', metadata: { checkout_id: 'c' } }],
    };
    expect(shapeMismatches(drifted, of('invoice'), META)).toEqual([
      'payments[].amount: string, the fixtures show number',
      'payments[].metadata: not in any fixture',
      'payments[].metadata.checkout_id: not in any fixture',
    ]);
  });
});
