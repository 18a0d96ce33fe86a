import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMonths, DAY_MS, ZAdminPayments, ZApiError } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { billingServer, SECRET_KEY, SELLER, tlvFields } from '../testing/billing-server.js';
import { billingEvents, billingInvoices } from '../db/schema.js';
import { CHECKOUTS_PER_HOUR } from './billing.common.js';

// A checkout paid through fake Moyasar: the webhook, its checks, invoices and the checkout limit.
describe.each(databaseBackends)('billing checkouts and Moyasar’s payment webhooks on $name', (backend) => {
  const h = billingServer(backend);
  const { webhookUrl, signIn, signInAdmin, invoiceOf, settled, buy, eventCount } = h;

  it('without MOYASAR_TOKENIZATION no card is offered, kept or switched on', async () => {
    const m = await signIn('nocards@shop.sa');
    expect(await m.subscription()).toMatchObject({ card_saving: false, auto_renew: false, card: null });
    const refused = await m.call('POST', '/api/billing/checkout', {
      tier: 'pro',
      period: 'monthly',
      save_card: true,
    });
    expect(refused.status).toBe(409);
    expect(ZApiError.parse(await refused.json()).error.code).toBe('card_saving_unavailable');
    const off = await m.call('PUT', '/api/billing/auto-renew', { enabled: true });
    expect(ZApiError.parse(await off.json()).error.code).toBe('card_saving_unavailable');
    expect(await h.services.autoRenew.run()).toEqual({ notices: 0, charged: 0, declined: 0, pending3ds: 0 });
  });

  it('takes a paid webhook: the plan, its period and a numbered VAT invoice with the ZATCA QR', async () => {
    const m = await signIn('paid@shop.sa');
    expect((await m.subscription()).status).toBe('trial');
    const created = await m.checkout('pro', 'annual');
    expect(created.amount_halalas).toBe(120_000);
    const invoice = invoiceOf(created.checkout_id);
    expect(created.url).toBe(invoice.url);
    expect(invoice).toMatchObject({
      amount: 120_000,
      currency: 'SAR',
      callback_url: 'https://feed.example.com/api/billing/moyasar/invoice-callback',
      success_url: `https://feed.example.com/dashboard?tab=billing&checkout=${created.checkout_id}`,
      metadata: { checkout_id: created.checkout_id, user_id: m.userId },
    });
    expect((await m.status(created.checkout_id)).status).toBe('pending');

    const payment = h.moyasar.pay(invoice.id);
    const { res } = await h.moyasar.deliver(payment, { to: webhookUrl() });
    expect(res.status).toBe(200);
    await settled();

    const status = await m.status(created.checkout_id);
    expect(status).toMatchObject({ status: 'paid', failure_reason: null });
    const sub = await m.subscription();
    const now = h.clock.now();
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', period: 'annual', grace_ends_at: null });
    expect(sub.current_period_end).toBe(addMonths(now, 12).toISOString());

    const { invoices } = await m.invoices();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.id).toBe(status.invoice_id);
    const body = await m.invoice(status.invoice_id ?? '');
    expect(body).toMatchObject({
      total_halalas: 120_000,
      vat_halalas: 15_652,
      currency: 'SAR',
      seller: { name: SELLER.name, vat_number: SELLER.vat, address: SELLER.address },
      buyer: { email: 'paid@shop.sa' },
      lines: [{ kind: 'plan', tier: 'pro', period: 'annual', amount_halalas: 120_000 }],
    });
    expect(tlvFields(body.qr)).toEqual([
      SELLER.name,
      SELLER.vat,
      body.issued_at.replace(/\.\d{3}Z$/, 'Z'),
      '1200.00',
      '156.52',
    ]);
    // Another merchant cannot read it.
    const other = await signIn('nosy@shop.sa');
    expect((await other.call('GET', `/api/billing/invoices/${body.id}`)).status).toBe(404);
    expect((await other.call('GET', `/api/billing/checkout/${created.checkout_id}`)).status).toBe(404);
  });

  it('records a failed payment with its reason, activates nothing, and still takes a later paid attempt', async () => {
    const m = await signIn('declined@shop.sa');
    const created = await m.checkout('basic', 'monthly');
    const invoice = invoiceOf(created.checkout_id);
    const failed = h.moyasar.pay(invoice.id, { status: 'failed', message: 'Insufficient Funds' });
    expect((await h.moyasar.deliver(failed, { to: webhookUrl() })).res.status).toBe(200);
    await settled();
    expect(await m.status(created.checkout_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'payment_failed',
      failure_message: 'Insufficient Funds',
      invoice_id: null,
    });
    expect((await m.subscription()).status).toBe('trial');
    expect((await m.invoices()).invoices).toHaveLength(0);

    // The payer tries another card on the same hosted page.
    const paid = h.moyasar.pay(invoice.id);
    await h.moyasar.deliver(paid, { to: webhookUrl() });
    await settled();
    expect((await m.status(created.checkout_id)).status).toBe('paid');
    expect((await m.subscription()).tier).toBe('basic');
  });

  it('refuses a forged or missing secret token with 401, recording nothing', async () => {
    const m = await signIn('forged@shop.sa');
    const created = await m.checkout('pro', 'monthly');
    const payment = h.moyasar.pay(invoiceOf(created.checkout_id).id);
    const before = await eventCount();
    const forged = await h.moyasar.deliver(payment, {
      to: webhookUrl(),
      secretToken: 'guessed-secret-token!!',
    });
    expect(forged.res.status).toBe(401);
    expect(ZApiError.parse(await forged.res.json()).error.code).toBe('invalid_token');
    const missing = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt-x', type: 'payment_paid', data: { id: payment.id } }),
    });
    expect(missing.status).toBe(401);
    expect(await eventCount()).toBe(before);
    expect((await m.subscription()).status).toBe('trial');
  });

  it('answers a replayed event 200 and changes nothing the second time', async () => {
    const m = await signIn('replay@shop.sa');
    const created = await m.checkout('basic', 'monthly');
    const payment = h.moyasar.pay(invoiceOf(created.checkout_id).id);
    const first = await h.moyasar.deliver(payment, { to: webhookUrl() });
    expect(await first.res.json()).toEqual({ status: 'accepted' });
    await settled();
    const end = (await m.subscription()).current_period_end;
    const again = await h.moyasar.deliver(payment, { to: webhookUrl(), id: first.id });
    expect(again.res.status).toBe(200);
    expect(await again.res.json()).toEqual({ status: 'duplicate' });
    await settled();
    expect((await m.subscription()).current_period_end).toBe(end);
    expect((await m.invoices()).invoices).toHaveLength(1);
  });

  it('activates nothing on an amount mismatch or an unknown checkout, and shows both to admins', async () => {
    const m = await signIn('mismatch@shop.sa');
    const created = await m.checkout('pro', 'annual');
    const short = h.moyasar.pay(invoiceOf(created.checkout_id).id, { status: 'paid', amount: 100 });
    await h.moyasar.deliver(short, { to: webhookUrl() });
    // A payment for an invoice we never made.
    const stray = await fetch(`${h.moyasar.apiUrl}/invoices`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
      },
      body: JSON.stringify({
        amount: 5_900,
        currency: 'SAR',
        description: 'stray',
        callback_url: webhookUrl(),
      }),
    });
    const strayInvoice = (await stray.json()) as { id: string };
    await h.moyasar.deliver(h.moyasar.pay(strayInvoice.id), { to: webhookUrl() });
    await settled();

    expect(await m.status(created.checkout_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'amount_mismatch',
    });
    expect((await m.subscription()).status).toBe('trial');

    const admin = await signInAdmin('billing-admin@shop.sa');
    const payments = ZAdminPayments.parse(await (await admin.call('GET', '/api/admin/payments')).json());
    expect(payments.alerts.map((a) => a.outcome)).toEqual(
      expect.arrayContaining(['amount_mismatch', 'unknown_checkout']),
    );
    expect(payments.payments.find((p) => p.id === created.checkout_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'amount_mismatch',
      merchant_email: 'mismatch@shop.sa',
    });
    expect((await m.call('GET', '/api/admin/payments')).status).toBe(403);
  });

  it('activates once when the webhook arrives after the return page confirmed', async () => {
    const m = await signIn('late@shop.sa');
    const { created, status } = await buy(m, 'pro', 'monthly');
    const end = (await m.subscription()).current_period_end;
    const payment = h.moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    if (!payment) throw new Error('no payment');
    await h.moyasar.deliver(payment, { to: webhookUrl() });
    await settled();
    expect((await m.subscription()).current_period_end).toBe(end);
    expect((await m.invoices()).invoices.map((i) => i.id)).toEqual([status.invoice_id]);
    const [row] = await h.runtime.database.db
      .select({ outcome: billingEvents.outcome })
      .from(billingEvents)
      .where(eq(billingEvents.paymentId, payment.id));
    expect(row?.outcome).toBe('already_final');
  });

  it('extends the current plan from its end, with consecutive invoice numbers', async () => {
    const m = await signIn('extend@shop.sa');
    await buy(m, 'basic', 'monthly');
    const firstEnd = new Date((await m.subscription()).current_period_end ?? '');
    h.clock.advance(5 * DAY_MS);
    const quote = (await (await signIn('extend@shop.sa')).subscription()).options.find(
      (o) => o.tier === 'basic' && o.period === 'monthly',
    );
    expect(quote).toMatchObject({
      kind: 'extension',
      amount_halalas: 5_900,
      starts_at: firstEnd.toISOString(),
    });
    await buy(await signIn('extend@shop.sa'), 'basic', 'monthly');
    const sub = await (await signIn('extend@shop.sa')).subscription();
    expect(sub).toMatchObject({ tier: 'basic', status: 'active' });
    expect(sub.current_period_end).toBe(addMonths(firstEnd, 1).toISOString());
    const numbers = (await (await signIn('extend@shop.sa')).invoices()).invoices.map((i) => i.number);
    expect(numbers[0]).toBe((numbers[1] ?? 0) + 1);
  });

  it('numbers invoices per seller without gaps when payments are confirmed at once', async () => {
    const merchants = await Promise.all(['c1', 'c2', 'c3', 'c4'].map((n) => signIn(`${n}@shop.sa`)));
    const checkouts = await Promise.all(merchants.map((m) => m.checkout('basic', 'monthly')));
    const payments = checkouts.map((c) => h.moyasar.pay(invoiceOf(c.checkout_id).id));
    await Promise.all(payments.map((p) => h.services.billing.confirmPayment(p)));
    const numbers = (
      await h.runtime.database.db.select({ n: billingInvoices.number }).from(billingInvoices)
    ).map((r) => r.n);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, i) => i + 1));
    const hashes = await h.runtime.database.db
      .select({
        hash: billingInvoices.invoiceHash,
        previous: billingInvoices.previousInvoiceHash,
        n: billingInvoices.number,
      })
      .from(billingInvoices)
      .orderBy(billingInvoices.number);
    for (let i = 1; i < hashes.length; i++) expect(hashes[i]?.previous).toBe(hashes[i - 1]?.hash);
  });

  it('limits a merchant to 10 checkouts an hour, creating no invoice past it', async () => {
    const m = await signIn('many-checkouts@shop.sa');
    const invoicesBefore = h.moyasar.invoices.size;
    for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) await m.checkout('pro', 'monthly');
    expect(h.moyasar.invoices.size).toBe(invoicesBefore + CHECKOUTS_PER_HOUR);
    const refused = await m.call('POST', '/api/billing/checkout', { tier: 'pro', period: 'monthly' });
    expect(refused.status).toBe(429);
    const body = ZApiError.parse(await refused.json());
    expect(body.error.code).toBe('checkout_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(h.moyasar.invoices.size).toBe(invoicesBefore + CHECKOUTS_PER_HOUR);
    // Another merchant is not affected, and the limit lifts with the next hour.
    await (await signIn('other-checkout@shop.sa')).checkout('basic', 'monthly');
    h.clock.advance(retryAfter * 1000);
    const later = await signIn('many-checkouts@shop.sa'); // a session of the new hour
    expect((await later.checkout('pro', 'monthly')).checkout_id).toBeTruthy();
  });
});
