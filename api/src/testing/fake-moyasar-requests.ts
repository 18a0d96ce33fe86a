import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { error, type FakeInvoice, type MoyasarStore } from './fake-moyasar-store.js';

/** The fake Moyasar's reading of a request (fake-moyasar.ts): the API's routes over its store. */

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

/** Answers one request to the fake at `url` whose secret key makes `expectedAuth`. */
export async function answerMoyasarRequest(
  store: MoyasarStore,
  expectedAuth: string,
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const { state, invoices, payments, webhooks, tokens, cardBehaviour, byGivenId } = store;
  const { invoiceBody, refundPayment, makePayment } = store;
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
}
