import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZAdminMoyasarWebhooks, ZCheckoutCreated, ZCheckoutStatus } from '@app/shared';
import { billingEvents } from '../../db/schema.js';
import type { ManualClock } from '../../lib/clock.js';
import type { Runtime } from '../../runtime.js';
import { startHttpServer, type RunningServer } from '../../server.js';
import { createServices } from '../../services.js';
import { databaseBackends } from '../backends.js';
import { startFakeMoyasar } from '../fake-moyasar.js';
import { testRepositories } from '../repositories.js';
import { createTestRuntime } from '../runtime.js';
import { signInForTest } from '../sign-in.js';
import { loadFixtures } from './shape.js';

// Moyasar through our server: webhooks verified and confirmed, callbacks, admins' view of the codes.
const fixtures = loadFixtures('moyasar');

const SECRET_KEY = 'sk_test_contract_key';
const WEBHOOK_SECRET = 'moyasar-contract-webhook-secret';

describe.each(databaseBackends)('Moyasar end to end on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;
  let moyasar: Awaited<ReturnType<typeof startFakeMoyasar>>;
  const webhookUrl = () => `${http.url}/api/billing/moyasar/webhook`;

  const waitFor = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out waiting');
  };

  beforeAll(async () => {
    moyasar = await startFakeMoyasar({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        MOYASAR_SECRET_KEY: SECRET_KEY,
        MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MOYASAR_API_URL: moyasar.apiUrl,
      },
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services: createServices(runtime) });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await moyasar.close();
  });

  it('verifies a new webhook from its verification event, then confirms a paid invoice', async () => {
    const repos = testRepositories(runtime);
    await signInForTest(runtime, http.url, 'ops@lamha.test');
    await repos.users.setAdmin('ops@lamha.test', true);
    const admin = await signInForTest(runtime, http.url, 'ops@lamha.test');

    // 1. The webhook is created in Moyasar's dashboard: its verification event arrives (no payment in it).
    const webhook = await moyasar.createWebhook(webhookUrl());
    expect(webhook.res.status).toBe(200);
    expect(moyasar.delivers(webhookUrl())).toBe(false);
    // The code is sent back with the secret key at once, so Moyasar starts delivering events.
    await waitFor(
      async () => moyasar.webhooks.get(webhook.webhookId)?.verified,
      (v) => v === true,
    );
    const listed = ZAdminMoyasarWebhooks.parse(
      await (await admin.call('GET', '/api/admin/billing/moyasar-webhooks')).json(),
    );
    expect(listed.webhooks[0]).toMatchObject({
      webhook_id: webhook.webhookId,
      verification_code: webhook.code,
      status: 'verified',
      error: null,
    });

    // 2. A merchant pays; the payment_paid event reaches us now that the webhook is verified.
    const merchant = await signInForTest(runtime, http.url, 'payer@shop.sa');
    const checkout = ZCheckoutCreated.parse(
      await (
        await merchant.call('POST', '/api/billing/checkout', { tier: 'basic', period: 'monthly' })
      ).json(),
    );
    const invoice = [...moyasar.invoices.values()].find(
      (i) => i.metadata?.checkout_id === checkout.checkout_id,
    );
    expect(invoice?.callback_url).toMatch(/\/api\/billing\/moyasar\/invoice-callback$/);
    const payment = moyasar.pay(invoice!.id);
    const { res } = await moyasar.deliver(payment, { to: webhookUrl() });
    expect(res.status).toBe(200);
    const paid = await waitFor(
      async () =>
        ZCheckoutStatus.parse(
          await (await merchant.call('GET', `/api/billing/checkout/${checkout.checkout_id}`)).json(),
        ),
      (s) => s.status === 'paid',
    );
    expect(paid.invoice_id).toBeTruthy();
  });

  it('confirms a paid invoice from its callback POST alone, by fetching it back', async () => {
    const merchant = await signInForTest(runtime, http.url, 'callback@shop.sa');
    const checkout = ZCheckoutCreated.parse(
      await (await merchant.call('POST', '/api/billing/checkout', { tier: 'pro', period: 'monthly' })).json(),
    );
    const invoice = [...moyasar.invoices.values()].find(
      (i) => i.metadata?.checkout_id === checkout.checkout_id,
    )!;
    moyasar.pay(invoice.id);
    const before = moyasar.state.requests.length;
    // APP_URL is not this server in tests: post to the same path on it.
    const res = await moyasar.notifyInvoicePaid(
      invoice.id,
      `${http.url}/api/billing/moyasar/invoice-callback`,
    );
    expect(res.status).toBe(200);
    const row = await waitFor(
      () => testRepositories(runtime).billing.findCheckout(checkout.checkout_id),
      (c) => c?.status === 'paid',
    );
    expect(row?.paymentId).toBeTruthy();
    // It was confirmed by asking Moyasar, not by believing the POST.
    expect(moyasar.state.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toContain(
      `GET /v1/invoices/${invoice.id}`,
    );
  });

  it('takes a forged invoice callback as a hint only: nothing is paid', async () => {
    const merchant = await signInForTest(runtime, http.url, 'forged@shop.sa');
    const checkout = ZCheckoutCreated.parse(
      await (await merchant.call('POST', '/api/billing/checkout', { tier: 'pro', period: 'monthly' })).json(),
    );
    const invoice = [...moyasar.invoices.values()].find(
      (i) => i.metadata?.checkout_id === checkout.checkout_id,
    )!;
    const forged = { ...moyasar.invoiceBody({ ...invoice, status: 'paid' }, 'sdk') };
    const res = await fetch(`${http.url}/api/billing/moyasar/invoice-callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(res.status).toBe(200);
    await waitFor(
      async () => moyasar.state.requests.some((r) => r.path === `/v1/invoices/${invoice.id}`),
      (v) => v,
    );
    expect((await testRepositories(runtime).billing.findCheckout(checkout.checkout_id))?.status).toBe(
      'pending',
    );
  });

  it('answers any other event type 2xx and records it', async () => {
    for (const type of ['payment_refunded', 'payment_voided', 'balance_transferred']) {
      const id = `evt-${type}`;
      const res = await fetch(webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id,
          type,
          created_at: '2026-01-01T00:00:00Z',
          secret_token: WEBHOOK_SECRET,
          account_name: 'Lamha',
          live: false,
          data: type.startsWith('payment_') ? fixtures['payment.docs'] : { amount: 1 },
        }),
      });
      expect(res.status, type).toBe(200);
      const [row] = await runtime.database.db.select().from(billingEvents).where(eq(billingEvents.id, id));
      expect(row?.type).toBe(type);
    }
    const [count] = (await runtime.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billingEvents)
      .where(eq(billingEvents.type, 'balance_transferred'))) as { n: number }[];
    expect(count?.n).toBe(1);
  });

  it('shows an admin a code it could not send back, with the reason, and tries again on request', async () => {
    const clock = runtime.clock as ManualClock;
    const before = moyasar.webhooks.size;
    // A code for a webhook Moyasar no longer knows (deleted meanwhile): sending it back fails.
    const res = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(fixtures['webhook.verification'] as object),
        id: 'evt-verification-unknown',
        secret_token: WEBHOOK_SECRET,
      }),
    });
    expect(res.status).toBe(200);
    expect(moyasar.webhooks.size).toBe(before);
    const admin = await signInForTest(runtime, http.url, 'ops@lamha.test');
    const list = () =>
      admin
        .call('GET', '/api/admin/billing/moyasar-webhooks')
        .then(async (r) => ZAdminMoyasarWebhooks.parse(await r.json()));
    const failed = await waitFor(list, (l) =>
      l.webhooks.some(
        (w) => w.webhook_id === 'c4bc247d-5288-4673-9b40-39c082ac7fbb' && w.status === 'failed',
      ),
    );
    const row = failed.webhooks.find((w) => w.webhook_id === 'c4bc247d-5288-4673-9b40-39c082ac7fbb')!;
    expect(row.verification_code).toBe('482913');
    expect(row.error).toMatch(/HTTP 404/);
    // Half an hour later the code is dead: the admin is told to ask Moyasar for a new one.
    clock.advance(31 * 60 * 1000);
    const again = await admin.call(
      'POST',
      '/api/admin/billing/moyasar-webhooks/c4bc247d-5288-4673-9b40-39c082ac7fbb/verify',
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      status: 'expired',
      error: expect.stringMatching(/30 minutes/),
    });
  });
});
