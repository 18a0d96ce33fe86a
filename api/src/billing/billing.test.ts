import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addMonths,
  DAY_MS,
  ZAdminPayments,
  ZAdminRevenue,
  ZApiError,
  ZBillingSubscription,
  ZCheckoutCreated,
  ZCheckoutStatus,
  ZInvoice,
  ZInvoiceList,
  ZWidgetInit,
  type TBillingPeriod,
  type TPlanId,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startFakeMoyasar } from '../testing/fake-moyasar.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import type { ManualClock } from '../lib/clock.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import { signInForTest } from '../testing/sign-in.js';
import { billingEvents, billingInvoices } from '../db/schema.js';
import { loopbackOnly } from '../http/loopback-only.js';
import { CHECKOUTS_PER_HOUR } from './billing.common.js';

const SECRET_KEY = 'sk_test_fake_moyasar_key';
const WEBHOOK_SECRET = 'moyasar-webhook-secret-for-tests';
const SELLER = { name: 'شركة لمحة للتقنية', vat: '310122393500003', address: 'الرياض، حي العليا' };

function tlvFields(base64: string): string[] {
  const bytes = Buffer.from(base64, 'base64');
  const values: string[] = [];
  for (let i = 0; i < bytes.length; i += 2 + (bytes[i + 1] as number)) {
    values.push(bytes.subarray(i + 2, i + 2 + (bytes[i + 1] as number)).toString('utf8'));
  }
  return values;
}

describe.each(databaseBackends)('billing through Moyasar on $name', (backend) => {
  let runtime: Runtime;
  let clock: ManualClock;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let moyasar: Awaited<ReturnType<typeof startFakeMoyasar>>;
  const webhookUrl = () => `${http.url}/api/billing/moyasar/webhook`;

  async function signIn(email: string) {
    const { call, userId } = await signInForTest(runtime, http.url, email);
    const json = async <T>(schema: { parse(v: unknown): T }, method: string, url: string, body?: unknown) => {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return schema.parse(await res.json());
    };
    return {
      call,
      userId,
      subscription: () => json(ZBillingSubscription, 'GET', '/api/billing/subscription'),
      /** Starts now unless told (most tests are about the payment, not the trial's days). */
      checkout: (tier: TPlanId, period: TBillingPeriod, start: 'trial_end' | 'now' = 'now') =>
        json(ZCheckoutCreated, 'POST', '/api/billing/checkout', { tier, period, start }),
      status: (id: string) => json(ZCheckoutStatus, 'GET', `/api/billing/checkout/${id}`),
      invoices: () => json(ZInvoiceList, 'GET', '/api/billing/invoices'),
      invoice: (id: string) => json(ZInvoice, 'GET', `/api/billing/invoices/${id}`),
    };
  }
  type Merchant = Awaited<ReturnType<typeof signIn>>;
  const signInAdmin = async (email: string) => {
    await signIn(email);
    await repos.users.setAdmin(email, true);
    return signIn(email);
  };

  const invoiceOf = (checkoutId: string) => {
    const found = [...moyasar.invoices.values()].find((i) => i.metadata?.checkout_id === checkoutId);
    if (!found) throw new Error(`no Moyasar invoice for checkout ${checkoutId}`);
    return found;
  };
  /** Waits until every recorded event has been processed (processing runs after the 2xx answer). */
  /** The webhook's answer came after its job was queued: waits for this process's worker, then checks. */
  const settled = async () => {
    await services.jobs.idle();
    const [row] = (await runtime.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billingEvents)
      .where(eq(billingEvents.status, 'pending'))) as { n: number }[];
    if (row?.n !== 0) throw new Error('billing events still pending');
  };
  /** Pays a plan the way the return page sees it: hosted page paid, the dashboard asks for the checkout. */
  const buy = async (m: Merchant, tier: TPlanId, period: TBillingPeriod) => {
    const created = await m.checkout(tier, period);
    moyasar.pay(invoiceOf(created.checkout_id).id);
    const status = await m.status(created.checkout_id);
    expect(status.status).toBe('paid');
    return { created, status };
  };
  const eventCount = async () =>
    (
      (await runtime.database.db.select({ n: sql<number>`count(*)::int` }).from(billingEvents)) as {
        n: number;
      }[]
    )[0]?.n;

  beforeAll(async () => {
    moyasar = await startFakeMoyasar({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        APP_URL: 'https://feed.example.com',
        MOYASAR_SECRET_KEY: SECRET_KEY,
        MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MOYASAR_API_URL: moyasar.apiUrl,
        BILLING_SELLER_NAME: SELLER.name,
        BILLING_SELLER_VAT_NUMBER: SELLER.vat,
        BILLING_SELLER_ADDRESS: SELLER.address,
      },
    });
    clock = runtime.clock as ManualClock;
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await moyasar.close();
  });

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
    expect(await services.autoRenew.run()).toEqual({ notices: 0, charged: 0, declined: 0, pending3ds: 0 });
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

    const payment = moyasar.pay(invoice.id);
    const { res } = await moyasar.deliver(payment, { to: webhookUrl() });
    expect(res.status).toBe(200);
    await settled();

    const status = await m.status(created.checkout_id);
    expect(status).toMatchObject({ status: 'paid', failure_reason: null });
    const sub = await m.subscription();
    const now = clock.now();
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
    const failed = moyasar.pay(invoice.id, { status: 'failed', message: 'Insufficient Funds' });
    expect((await moyasar.deliver(failed, { to: webhookUrl() })).res.status).toBe(200);
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
    const paid = moyasar.pay(invoice.id);
    await moyasar.deliver(paid, { to: webhookUrl() });
    await settled();
    expect((await m.status(created.checkout_id)).status).toBe('paid');
    expect((await m.subscription()).tier).toBe('basic');
  });

  it('refuses a forged or missing secret token with 401, recording nothing', async () => {
    const m = await signIn('forged@shop.sa');
    const created = await m.checkout('pro', 'monthly');
    const payment = moyasar.pay(invoiceOf(created.checkout_id).id);
    const before = await eventCount();
    const forged = await moyasar.deliver(payment, {
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
    const payment = moyasar.pay(invoiceOf(created.checkout_id).id);
    const first = await moyasar.deliver(payment, { to: webhookUrl() });
    expect(await first.res.json()).toEqual({ status: 'accepted' });
    await settled();
    const end = (await m.subscription()).current_period_end;
    const again = await moyasar.deliver(payment, { to: webhookUrl(), id: first.id });
    expect(again.res.status).toBe(200);
    expect(await again.res.json()).toEqual({ status: 'duplicate' });
    await settled();
    expect((await m.subscription()).current_period_end).toBe(end);
    expect((await m.invoices()).invoices).toHaveLength(1);
  });

  it('activates nothing on an amount mismatch or an unknown checkout, and shows both to admins', async () => {
    const m = await signIn('mismatch@shop.sa');
    const created = await m.checkout('pro', 'annual');
    const short = moyasar.pay(invoiceOf(created.checkout_id).id, { status: 'paid', amount: 100 });
    await moyasar.deliver(short, { to: webhookUrl() });
    // A payment for an invoice we never made.
    const stray = await fetch(`${moyasar.apiUrl}/invoices`, {
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
    await moyasar.deliver(moyasar.pay(strayInvoice.id), { to: webhookUrl() });
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
    const payment = moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    if (!payment) throw new Error('no payment');
    await moyasar.deliver(payment, { to: webhookUrl() });
    await settled();
    expect((await m.subscription()).current_period_end).toBe(end);
    expect((await m.invoices()).invoices.map((i) => i.id)).toEqual([status.invoice_id]);
    const [row] = await runtime.database.db
      .select({ outcome: billingEvents.outcome })
      .from(billingEvents)
      .where(eq(billingEvents.paymentId, payment.id));
    expect(row?.outcome).toBe('already_final');
  });

  it('extends the current plan from its end, with consecutive invoice numbers', async () => {
    const m = await signIn('extend@shop.sa');
    await buy(m, 'basic', 'monthly');
    const firstEnd = new Date((await m.subscription()).current_period_end ?? '');
    clock.advance(5 * DAY_MS);
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
    const payments = checkouts.map((c) => moyasar.pay(invoiceOf(c.checkout_id).id));
    await Promise.all(payments.map((p) => services.billing.confirmPayment(p)));
    const numbers = (
      await runtime.database.db.select({ n: billingInvoices.number }).from(billingInvoices)
    ).map((r) => r.n);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, i) => i + 1));
    const hashes = await runtime.database.db
      .select({
        hash: billingInvoices.invoiceHash,
        previous: billingInvoices.previousInvoiceHash,
        n: billingInvoices.number,
      })
      .from(billingInvoices)
      .orderBy(billingInvoices.number);
    for (let i = 1; i < hashes.length; i++) expect(hashes[i]?.previous).toBe(hashes[i - 1]?.hash);
  });

  it('upgrades Basic to Pro now, charging the Pro price less the unused Basic days', async () => {
    let m = await signIn('upgrade@shop.sa');
    await buy(m, 'basic', 'monthly');
    const basic = await m.subscription();
    const end = new Date(basic.current_period_end ?? '');
    clock.advance(10 * DAY_MS + 3_600_000);
    m = await signIn('upgrade@shop.sa');
    const now = clock.now();
    const totalDays = Math.round((end.getTime() - (now.getTime() - 10 * DAY_MS - 3_600_000)) / DAY_MS);
    const daysLeft = Math.floor((end.getTime() - now.getTime()) / DAY_MS);
    const credit = Math.round((5_900 * daysLeft) / totalDays);
    const option = (await m.subscription()).options.find((o) => o.tier === 'pro' && o.period === 'monthly');
    expect(option).toMatchObject({
      kind: 'upgrade',
      credit_halalas: credit,
      amount_halalas: 11_900 - credit,
    });
    const { created, status } = await buy(m, 'pro', 'monthly');
    expect(created.amount_halalas).toBe(11_900 - credit);
    const sub = await m.subscription();
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', period: 'monthly' });
    expect(sub.current_period_end).toBe(addMonths(now, 1).toISOString());
    const invoice = await m.invoice(status.invoice_id ?? '');
    expect(invoice.total_halalas).toBe(11_900 - credit);
    expect(invoice.lines.map((l) => [l.kind, l.tier, l.amount_halalas])).toEqual([
      ['plan', 'pro', 11_900],
      ['credit', 'basic', -credit],
    ]);
  });

  it('refunds the second of two Pro upgrades priced with one Basic credit (the attack), closing other checkouts', async () => {
    let m = await signIn('two-upgrades@shop.sa');
    await buy(m, 'basic', 'annual');
    clock.advance(2 * DAY_MS);
    m = await signIn('two-upgrades@shop.sa'); // a session of the new day
    // Two tabs, each an upgrade priced with the same unused Basic days, and a third left open.
    const first = await m.checkout('pro', 'annual');
    const second = await m.checkout('pro', 'annual');
    const third = await m.checkout('basic', 'monthly');
    expect(second.amount_halalas).toBe(first.amount_halalas);
    expect(first.amount_halalas).toBeLessThan(120_000);
    // Both hosted pages are paid before either webhook arrives.
    const p1 = moyasar.pay(invoiceOf(first.checkout_id).id);
    const p2 = moyasar.pay(invoiceOf(second.checkout_id).id);
    const now = clock.now();
    await moyasar.deliver(p1, { to: webhookUrl() });
    await settled();
    await moyasar.deliver(p2, { to: webhookUrl() });
    await settled();

    const sub = await m.subscription();
    expect(sub).toMatchObject({ tier: 'pro', period: 'annual', status: 'active' });
    expect(sub.current_period_end).toBe(addMonths(now, 12).toISOString());
    // The second payment bought nothing and came back in full, at Moyasar.
    expect(moyasar.payments.get(p2.id)).toMatchObject({
      status: 'refunded',
      refunded: second.amount_halalas,
    });
    expect(moyasar.payments.get(p1.id)).toMatchObject({ status: 'paid', refunded: 0 });
    expect(await m.status(second.checkout_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'refunded',
      invoice_id: null,
    });
    expect((await m.invoices()).invoices.map((i) => [i.tier, i.period])).toEqual([
      ['pro', 'annual'],
      ['basic', 'annual'],
    ]);
    // The open checkout was closed, here and at Moyasar.
    expect((await m.status(third.checkout_id)).status).toBe('cancelled');
    expect(moyasar.invoices.get(invoiceOf(third.checkout_id).id)?.status).toBe('canceled');
    expect(() => moyasar.pay(invoiceOf(third.checkout_id).id)).toThrow(/canceled/);
    // The merchant is told, admins see it.
    const mails = (await (runtime.mailer as DevMailbox).list()).filter(
      (x) => x.to === 'two-upgrades@shop.sa',
    );
    const refundMail = mails.find((x) => x.subject.includes('refunded') || x.subject.includes('أعدنا'));
    expect(refundMail?.subject).toContain(
      `${Math.floor(second.amount_halalas / 100)}.${String(second.amount_halalas % 100).padStart(2, '0')}`,
    );
    const admin = await signInAdmin('attack-admin@shop.sa');
    const payments = ZAdminPayments.parse(await (await admin.call('GET', '/api/admin/payments')).json());
    expect(payments.alerts.find((a) => a.payment_id === p2.id)).toMatchObject({
      outcome: 'refunded_stale_quote',
    });
    expect(payments.payments.find((p) => p.id === second.checkout_id)).toMatchObject({
      status: 'refunded',
      refundable: false,
    });
    // The guarantee still covers the first purchase, not the refunded payment.
    expect(payments.payments.find((p) => p.id === third.checkout_id)?.status).toBe('cancelled');
  });

  it('re-prices a payment to a cheaper state (a Basic extension paid first) and refunds the difference', async () => {
    let m = await signIn('repriced@shop.sa');
    await buy(m, 'basic', 'monthly');
    const basicStart = clock.now().getTime();
    clock.advance(5 * DAY_MS);
    m = await signIn('repriced@shop.sa');
    const upgrade = await m.checkout('pro', 'monthly');
    const extension = await m.checkout('basic', 'monthly');
    expect(extension.amount_halalas).toBe(5_900);
    const pUpgrade = moyasar.pay(invoiceOf(upgrade.checkout_id).id);
    const pExtension = moyasar.pay(invoiceOf(extension.checkout_id).id);
    await moyasar.deliver(pExtension, { to: webhookUrl() });
    await settled();
    // The upgrade's checkout was closed by that payment, but its page had been paid already.
    await moyasar.deliver(pUpgrade, { to: webhookUrl() });
    await settled();

    const now = clock.now().getTime();
    const end = addMonths(addMonths(new Date(basicStart), 1), 1).getTime();
    const totalDays = Math.round((end - basicStart) / DAY_MS);
    const daysLeft = Math.floor((end - now) / DAY_MS);
    const credit = Math.round((11_800 * daysLeft) / totalDays);
    const price = 11_900 - credit;
    expect(price).toBeLessThan(upgrade.amount_halalas);
    const status = await m.status(upgrade.checkout_id);
    expect(status.status).toBe('paid');
    const invoice = await m.invoice(status.invoice_id ?? '');
    expect(invoice.total_halalas).toBe(price);
    expect(invoice.lines.map((l) => [l.kind, l.amount_halalas])).toEqual([
      ['plan', 11_900],
      ['credit', -credit],
    ]);
    expect(moyasar.payments.get(pUpgrade.id)).toMatchObject({
      status: 'refunded',
      refunded: upgrade.amount_halalas - price,
    });
    const sub = await m.subscription();
    expect(sub).toMatchObject({ tier: 'pro', period: 'monthly' });
    expect(sub.current_period_end).toBe(addMonths(new Date(now), 1).toISOString());
  });

  it('keeps a refund Moyasar refused due, and makes it on a later cron tick', async () => {
    const m = await signIn('refund-later@shop.sa');
    const first = await m.checkout('pro', 'monthly');
    const second = await m.checkout('pro', 'monthly');
    const p1 = moyasar.pay(invoiceOf(first.checkout_id).id);
    const p2 = moyasar.pay(invoiceOf(second.checkout_id).id);
    await services.billing.confirmPayment(p1);
    // Two same-plan payments: the second is an extension at the same price, applied.
    await services.billing.confirmPayment(p2);
    const sub = await m.subscription();
    expect(sub.current_period_end).toBe(addMonths(addMonths(clock.now(), 1), 1).toISOString());
    // Two upgrades priced with one Basic credit; Moyasar is down when the second must be refunded.
    const m2 = await signIn('refund-later-2@shop.sa');
    await buy(m2, 'basic', 'monthly');
    const up1 = await m2.checkout('pro', 'monthly');
    const up2 = await m2.checkout('pro', 'monthly');
    const pUp1 = moyasar.pay(invoiceOf(up1.checkout_id).id);
    const pUp2 = moyasar.pay(invoiceOf(up2.checkout_id).id);
    await services.billing.confirmPayment(pUp1);
    moyasar.state.failNext = 1;
    await services.billing.confirmPayment(pUp2);
    expect(moyasar.payments.get(pUp2.id)?.status).toBe('paid');
    const amount = up2.amount_halalas;
    const due = await repos.billing.findCheckout(up2.checkout_id);
    expect(due).toMatchObject({ status: 'refunded', refundDueHalalas: amount, refundReason: 'stale_quote' });
    // Not before a minute has passed: the confirmation that decided it may still be making it.
    expect(await services.billing.processDueRefunds()).toBe(0);
    expect(await services.billing.processDueRefunds(0)).toBe(1);
    expect(moyasar.payments.get(pUp2.id)).toMatchObject({ status: 'refunded', refunded: amount });
    expect(await repos.billing.findCheckout(up2.checkout_id)).toMatchObject({
      refundDueHalalas: 0,
      refundedHalalas: amount,
    });
    expect(await services.billing.processDueRefunds(0)).toBe(0);
  });

  it('keeps a lapsed widget for the grace days, then renders nothing until a payment; data kept', async () => {
    const m = await signIn('grace@shop.sa');
    expect((await m.call('PUT', '/api/merchant/account', { instagram_username: 'grace_store' })).status).toBe(
      200,
    );
    const key = (await repos.accounts.findByUserId(m.userId))?.publicWidgetKey ?? '';
    expect(key).not.toBe('');
    const widget = async () =>
      ZWidgetInit.parse(await (await fetch(`${http.url}/api/widget/init?key=${key}`)).json()).data;
    expect((await widget()).config.widgetEnabled).toBe(true);

    const user = await repos.users.findById(m.userId);
    const trialEnd = user?.trialEndsAt ?? new Date();
    clock.advance(trialEnd.getTime() - clock.now().getTime() + DAY_MS);
    const inGrace = await (await signIn('grace@shop.sa')).subscription();
    expect(inGrace).toMatchObject({ status: 'grace' });
    expect(inGrace.grace_ends_at).toBe(new Date(trialEnd.getTime() + 3 * DAY_MS).toISOString());
    // Two cron processes at once: one grace e-mail.
    const second = createServices(runtime, { random: () => 0.5 });
    await Promise.all([services.billing.runNotices(), second.billing.runNotices()]);
    await services.billing.runNotices();
    const mails = (await (runtime.mailer as DevMailbox).list()).filter((x) => x.to === 'grace@shop.sa');
    expect(mails.filter((x) => /ended|انتهت/.test(x.subject))).toHaveLength(1);
    expect((await widget()).config.widgetEnabled).toBe(true);

    clock.advance(3 * DAY_MS);
    // The serving process rebuilds here (another process's rebuild reaches it within its memory TTL).
    expect((await services.billing.runNotices()).expired).toBeGreaterThan(0);
    expect((await second.billing.runNotices()).expired).toBe(0);
    const hidden = await widget();
    expect(hidden.config.widgetEnabled).toBe(false);
    expect(hidden.content.feed).toEqual([]);
    const again = await signIn('grace@shop.sa');
    expect((await again.subscription()).status).toBe('expired');
    // Settings and the widget key are kept; a payment brings the widget back.
    const merchant = (await (await again.call('GET', '/api/merchant')).json()) as {
      display_settings: { widgetEnabled: boolean };
      public_widget_key: string;
    };
    expect(merchant).toMatchObject({ display_settings: { widgetEnabled: true }, public_widget_key: key });
    await buy(again, 'basic', 'monthly');
    expect((await widget()).config.widgetEnabled).toBe(true);
  });

  it('sends each renewal reminder once, 7 days and 1 day before the end, even from two cron processes', async () => {
    const m = await signIn('remind@shop.sa');
    await buy(m, 'pro', 'monthly');
    const end = new Date((await m.subscription()).current_period_end ?? '');
    const second = createServices(runtime, { random: () => 0.5 });
    const run = () => Promise.all([services.billing.runNotices(), second.billing.runNotices()]);
    const reminders = async () =>
      (await (runtime.mailer as DevMailbox).list()).filter(
        (x) => x.to === 'remind@shop.sa' && /ends|تنتهي/.test(x.subject),
      );
    clock.advance(end.getTime() - clock.now().getTime() - 6.5 * DAY_MS);
    await run();
    await run();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.link).toBe('https://feed.example.com/dashboard?tab=billing');
    clock.advance(6 * DAY_MS);
    await run();
    await run();
    expect(await reminders()).toHaveLength(2);
  });

  it('limits a merchant to 10 checkouts an hour, creating no invoice past it', async () => {
    const m = await signIn('many-checkouts@shop.sa');
    const invoicesBefore = moyasar.invoices.size;
    for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) await m.checkout('pro', 'monthly');
    expect(moyasar.invoices.size).toBe(invoicesBefore + CHECKOUTS_PER_HOUR);
    const refused = await m.call('POST', '/api/billing/checkout', { tier: 'pro', period: 'monthly' });
    expect(refused.status).toBe(429);
    const body = ZApiError.parse(await refused.json());
    expect(body.error.code).toBe('checkout_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(moyasar.invoices.size).toBe(invoicesBefore + CHECKOUTS_PER_HOUR);
    // Another merchant is not affected, and the limit lifts with the next hour.
    await (await signIn('other-checkout@shop.sa')).checkout('basic', 'monthly');
    clock.advance(retryAfter * 1000);
    const later = await signIn('many-checkouts@shop.sa'); // a session of the new hour
    expect((await later.checkout('pro', 'monthly')).checkout_id).toBeTruthy();
  });

  it('refunds a first payment within 7 days (admin), ending the paid period', async () => {
    const m = await signIn('refund@shop.sa');
    const { created } = await buy(m, 'pro', 'monthly');
    const admin = await signInAdmin('refund-admin@shop.sa');
    const revenue = ZAdminRevenue.parse(await (await admin.call('GET', '/api/admin/revenue')).json());
    expect(revenue.paying_merchants).toBeGreaterThan(0);
    expect(revenue.mrr_halalas).toBeGreaterThanOrEqual(11_900 - 1_552);

    const list = ZAdminPayments.parse(await (await admin.call('GET', '/api/admin/payments')).json());
    expect(list.payments.find((p) => p.id === created.checkout_id)?.refundable).toBe(true);
    expect((await m.call('POST', `/api/admin/payments/${created.checkout_id}/refund`)).status).toBe(403);
    const refunded = await admin.call('POST', `/api/admin/payments/${created.checkout_id}/refund`);
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toEqual({ refunded_halalas: 11_900 });
    const payment = moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    expect(payment).toMatchObject({ status: 'refunded', refunded: 11_900 });
    const sub = await m.subscription();
    expect(sub.tier).toBeNull();
    expect(sub.status).not.toBe('active');
    const again = await admin.call('POST', `/api/admin/payments/${created.checkout_id}/refund`);
    expect(again.status).toBe(409);
    expect(ZApiError.parse(await again.json()).error.code).toBe('refund_not_allowed');
    // A later payment is not a first payment.
    const { created: later } = await buy(m, 'basic', 'monthly');
    const late = await admin.call('POST', `/api/admin/payments/${later.checkout_id}/refund`);
    expect(late.status).toBe(409);
  });

  it('keeps the trial’s days: a plan paid during the trial starts when it ends, unless started now', async () => {
    const m = await signIn('keeps-trial@shop.sa');
    const trial = await m.subscription();
    expect(trial.status).toBe('trial');
    const trialEnd = trial.current_period_end ?? '';
    // The options say when each plan would start: a new plan after the trial.
    const option = trial.options.find((o) => o.tier === 'basic' && o.period === 'monthly');
    expect(option).toMatchObject({ kind: 'new', starts_at: trialEnd });
    expect(option?.ends_at).toBe(addMonths(new Date(trialEnd), 1).toISOString());
    // The default keeps the trial's days (the body names no start).
    const res = await m.call('POST', '/api/billing/checkout', { tier: 'basic', period: 'monthly' });
    const created = ZCheckoutCreated.parse(await res.json());
    moyasar.pay(invoiceOf(created.checkout_id).id);
    expect((await m.status(created.checkout_id)).status).toBe('paid');
    const sub = await m.subscription();
    // Still the trial (with its Pro features) until it ends; the paid plan is shown as starting then.
    expect(sub).toMatchObject({
      status: 'trial',
      tier: null,
      current_period_end: trialEnd,
      scheduled: {
        tier: 'basic',
        period: 'monthly',
        starts_at: trialEnd,
        ends_at: addMonths(new Date(trialEnd), 1).toISOString(),
      },
    });
    const { invoices } = await m.invoices();
    const body = await m.invoice(invoices[0]?.id ?? '');
    expect(body.lines[0]).toMatchObject({ period_start: trialEnd });
    // Once the trial is over, the paid plan runs to its end.
    clock.advance(new Date(trialEnd).getTime() - clock.now().getTime() + 60_000);
    expect(await (await signIn('keeps-trial@shop.sa')).subscription()).toMatchObject({
      status: 'active',
      tier: 'basic',
      current_period_end: addMonths(new Date(trialEnd), 1).toISOString(),
      scheduled: null,
    });

    // "Start now" gives up the trial's remaining days.
    const n = await signIn('starts-now@shop.sa');
    const now = clock.now();
    await buy(n, 'pro', 'monthly');
    expect(await n.subscription()).toMatchObject({
      status: 'active',
      tier: 'pro',
      current_period_end: addMonths(now, 1).toISOString(),
    });
  });

  /** A refund made in Moyasar's dashboard, and the payment_refunded delivery Moyasar sends for it. */
  const refundAtMoyasar = async (checkoutId: string, amount?: number) => {
    const paymentId = invoiceOf(checkoutId).payment_id ?? '';
    const payment = moyasar.refundInDashboard(paymentId, amount);
    const delivery = await moyasar.deliver(payment, { type: 'payment_refunded', to: webhookUrl() });
    expect(delivery.res.status).toBe(200);
    await settled();
    return delivery;
  };
  const mailsTo = async (to: string) =>
    (await (runtime.mailer as DevMailbox).list()).filter((x) => x.to === to);

  it('ends the plan on a full refund made in Moyasar’s dashboard, with a credit note, e-mail and alert', async () => {
    const m = await signIn('moyasar-refund@shop.sa');
    const { created, status } = await buy(m, 'pro', 'annual');
    const original = await m.invoice(status.invoice_id ?? '');
    const delivery = await refundAtMoyasar(created.checkout_id);

    const sub = await m.subscription();
    expect(sub.tier).toBeNull();
    expect(sub.status).not.toBe('active');
    const { invoices } = await m.invoices();
    expect(invoices.map((i) => i.type)).toEqual(['credit_note', 'invoice']);
    const [listed] = invoices;
    expect(listed).toMatchObject({
      type: 'credit_note',
      reference: { id: original.id, number: original.number },
      total_halalas: -120_000,
      vat_halalas: -15_652,
    });
    const note = await m.invoice(listed?.id ?? '');
    expect(note).toMatchObject({
      type: 'credit_note',
      reference: { id: original.id, number: original.number },
      seller: { vat_number: SELLER.vat },
      buyer: { email: 'moyasar-refund@shop.sa' },
      lines: [{ kind: 'refund', tier: 'pro', period: 'annual', amount_halalas: -120_000 }],
      total_halalas: -120_000,
      vat_halalas: -15_652,
    });
    // Its QR is made as the invoice's, with the negative totals; it continues the seller's hash chain.
    expect(tlvFields(note.qr)).toEqual([
      SELLER.name,
      SELLER.vat,
      note.issued_at.replace(/\.\d{3}Z$/, 'Z'),
      '-1200.00',
      '-156.52',
    ]);
    expect(note.previous_invoice_hash).not.toBe(original.previous_invoice_hash);
    const mail = (await mailsTo('moyasar-refund@shop.sa')).find((x) => x.subject.includes('1200.00'));
    expect(mail?.subject).toMatch(new RegExp(`(credit note|إشعار دائن رقم) ${note.number}`));
    const admin = await signInAdmin('moyasar-refund-admin@shop.sa');
    const payments = ZAdminPayments.parse(await (await admin.call('GET', '/api/admin/payments')).json());
    expect(
      payments.alerts.find(
        (a) => a.outcome === 'provider_refund' && a.detail?.includes(`credit note ${note.number}`),
      ),
    ).toBeTruthy();
    expect(payments.payments.find((p) => p.id === created.checkout_id)?.status).toBe('refunded');

    // The same delivery again, and a payment_paid re-sent for the refunded payment, change nothing.
    const payment = moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    if (!payment) throw new Error('no payment');
    await moyasar.deliver(payment, { id: delivery.id, type: 'payment_refunded', to: webhookUrl() });
    await moyasar.deliver(payment, { type: 'payment_paid', to: webhookUrl() });
    await settled();
    expect((await m.invoices()).invoices).toHaveLength(2);
  });

  it('shortens the plan in proportion to partial refunds, which add up at Moyasar, never past what was paid', async () => {
    const m = await signIn('partial-refund@shop.sa');
    const { created } = await buy(m, 'pro', 'annual');
    const before = await m.subscription();
    const start = clock.now().getTime();
    const end = new Date(before.current_period_end ?? '').getTime();
    const year = end - start;

    await refundAtMoyasar(created.checkout_id, 30_000); // a quarter
    const payment = moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    expect(payment).toMatchObject({ refunded: 30_000 });
    const after = await m.subscription();
    expect(after).toMatchObject({ tier: 'pro', status: 'active' });
    expect(new Date(after.current_period_end ?? '').getTime()).toBe(end - Math.ceil(year / 4));
    // An upgrade's credit (none here: Pro) and the plan's worth count only what was kept.
    await refundAtMoyasar(created.checkout_id, 30_000); // another quarter: half of it is left
    expect(moyasar.payments.get(payment?.id ?? '')).toMatchObject({ refunded: 60_000 });
    const half = await m.subscription();
    expect(new Date(half.current_period_end ?? '').getTime()).toBe(end - 2 * Math.ceil(year / 4));
    const notes = (await m.invoices()).invoices.filter((i) => i.type === 'credit_note');
    expect(notes.map((n) => n.total_halalas)).toEqual([-30_000, -30_000]);
    expect(notes[0]?.number).toBe((notes[1]?.number ?? 0) + 1);
    // More than is left is refused at Moyasar; the rest ends the plan.
    expect(() => moyasar.refundInDashboard(payment?.id ?? '', 60_001)).toThrow();
    await refundAtMoyasar(created.checkout_id);
    expect((await m.subscription()).tier).toBeNull();
  });

  it('ends the plan on a void made in Moyasar’s dashboard', async () => {
    const m = await signIn('voided@shop.sa');
    const { created } = await buy(m, 'basic', 'monthly');
    const voided = moyasar.voidInDashboard(invoiceOf(created.checkout_id).payment_id ?? '');
    await moyasar.deliver(voided, { type: 'payment_voided', to: webhookUrl() });
    await settled();
    expect((await m.subscription()).tier).toBeNull();
    const [note] = (await m.invoices()).invoices;
    expect(note).toMatchObject({ type: 'credit_note', total_halalas: -5_900 });
  });

  it('takes the refund event of a refund of ours for ours: the guarantee’s credit note, none from the webhook', async () => {
    const m = await signIn('own-refund@shop.sa');
    const { created } = await buy(m, 'pro', 'monthly');
    const admin = await signInAdmin('own-refund-admin@shop.sa');
    expect((await admin.call('POST', `/api/admin/payments/${created.checkout_id}/refund`)).status).toBe(200);
    const payment = moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    if (!payment) throw new Error('no payment');
    await moyasar.deliver(payment, { type: 'payment_refunded', to: webhookUrl() });
    await settled();
    const notes = (await m.invoices()).invoices.filter((i) => i.type === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.total_halalas).toBe(-11_900);
  });
});

describe('the dev checkout (no Moyasar keys)', () => {
  let runtime: Runtime;
  let services: Services;
  let http: RunningServer;

  beforeAll(async () => {
    runtime = await createTestRuntime({ env: { APP_URL: 'http://localhost:3000' } });
    services = createServices(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('shows Pay and Fail on loopback and confirms through the webhook path', async () => {
    const token = await signInForTest(runtime, http.url, 'dev@shop.sa');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` };
    const created = ZCheckoutCreated.parse(
      await (
        await fetch(`${http.url}/api/billing/checkout`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ tier: 'pro', period: 'annual' }),
        })
      ).json(),
    );
    expect(created.url).toBe(`http://localhost:3000/dev/checkout/${created.checkout_id}`);
    const page = await fetch(`${http.url}/dev/checkout/${created.checkout_id}`);
    const html = await page.text();
    expect(html).toContain('1200.00 SAR');
    expect(html).toMatch(/>Pay</);
    expect(html).toMatch(/>Fail</);

    const post = (outcome: string) =>
      fetch(`${http.url}/api/dev/checkout/${created.checkout_id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome }),
      });
    expect((await post('maybe')).status).toBe(400);
    expect(await (await post('failed')).json()).toMatchObject({ status: 'failed' });
    // The page's form: paid, then back to the dashboard as Moyasar's success_url would send the payer.
    const form = await fetch(`${http.url}/api/dev/checkout/${created.checkout_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(
      `http://localhost:3000/dashboard?tab=billing&checkout=${created.checkout_id}`,
    );
    const status = ZCheckoutStatus.parse(
      await (
        await fetch(`${http.url}/api/billing/checkout/${created.checkout_id}`, { headers: auth })
      ).json(),
    );
    expect(status).toMatchObject({ status: 'paid' });
    expect(status.invoice_id).not.toBeNull();
  });

  it('refunds a dev payment as Moyasar’s dashboard would: partly, then the rest, through the webhook path', async () => {
    const token = await signInForTest(runtime, http.url, 'dev-refund@shop.sa');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` };
    const created = ZCheckoutCreated.parse(
      await (
        await fetch(`${http.url}/api/billing/checkout`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ tier: 'basic', period: 'monthly' }),
        })
      ).json(),
    );
    const devPost = (path: string, body: unknown) =>
      fetch(`${http.url}/api/dev/checkout/${created.checkout_id}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await devPost('/refund', {})).status).toBe(409); // nothing paid yet
    expect((await devPost('', { outcome: 'paid' })).status).toBe(200);
    expect((await devPost('/refund', { amount: -1 })).status).toBe(400);
    expect(await (await devPost('/refund', { amount: 1_900 })).json()).toEqual({
      status: 'paid',
      refunded_halalas: 1_900,
    });
    expect((await devPost('/refund', { amount: 4_001 })).status).toBe(409);
    expect(await (await devPost('/refund', {})).json()).toEqual({
      status: 'refunded',
      refunded_halalas: 5_900,
    });
    const list = ZInvoiceList.parse(
      await (await fetch(`${http.url}/api/billing/invoices`, { headers: auth })).json(),
    );
    expect(list.invoices.map((i) => [i.type, i.total_halalas])).toEqual([
      ['credit_note', -4_000],
      ['credit_note', -1_900],
      ['invoice', 5_900],
    ]);
    const sub = ZBillingSubscription.parse(
      await (await fetch(`${http.url}/api/billing/subscription`, { headers: auth })).json(),
    );
    expect(sub.tier).toBeNull();
  });

  it('answers callers that are not on this machine with a plain 404', () => {
    const call = (remoteAddress: string) => {
      let passed = false;
      try {
        loopbackOnly(
          { socket: { remoteAddress }, headers: {}, method: 'GET', path: '/dev/checkout/x' } as never,
          {} as never,
          () => {
            passed = true;
          },
        );
      } catch (error) {
        return (error as { status: number }).status;
      }
      return passed ? 200 : 0;
    };
    expect(call('127.0.0.1')).toBe(200);
    expect(call('::1')).toBe(200);
    expect(call('10.0.0.7')).toBe(404);
    expect(call('203.0.113.9')).toBe(404);
  });

  it('POST /api/user/subscription no longer grants a plan', async () => {
    expect((await fetch(`${http.url}/api/user/subscription`, { method: 'POST' })).status).toBe(401);
  });
});
