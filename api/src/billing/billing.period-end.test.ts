import { describe, expect, it } from 'vitest';
import { DAY_MS, ZAdminPayments, ZAdminRevenue, ZApiError, ZWidgetInit } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { billingServer, SELLER, tlvFields } from '../testing/billing-server.js';
import { createServices } from '../services.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';

// How a paid period ends: lapse and grace, renewal reminders, the guarantee refund, refunds and voids.
describe.each(databaseBackends)('billing period ends: grace, reminders, refunds on $name', (backend) => {
  const h = billingServer(backend);
  const { webhookUrl, signIn, signInAdmin, invoiceOf, settled, buy } = h;

  /** A refund made in Moyasar's dashboard, and the payment_refunded delivery Moyasar sends for it. */
  const refundAtMoyasar = async (checkoutId: string, amount?: number) => {
    const paymentId = invoiceOf(checkoutId).payment_id ?? '';
    const payment = h.moyasar.refundInDashboard(paymentId, amount);
    const delivery = await h.moyasar.deliver(payment, { type: 'payment_refunded', to: webhookUrl() });
    expect(delivery.res.status).toBe(200);
    await settled();
    return delivery;
  };
  const mailsTo = async (to: string) =>
    (await (h.runtime.mailer as DevMailbox).list()).filter((x) => x.to === to);

  it('keeps a lapsed widget for the grace days, then renders nothing until a payment; data kept', async () => {
    const m = await signIn('grace@shop.sa');
    expect((await m.call('PUT', '/api/merchant/account', { instagram_username: 'grace_store' })).status).toBe(
      200,
    );
    const key = (await h.repos.accounts.findByUserId(m.userId))?.publicWidgetKey ?? '';
    expect(key).not.toBe('');
    const widget = async () =>
      ZWidgetInit.parse(await (await fetch(`${h.http.url}/api/widget/init?key=${key}`)).json()).data;
    expect((await widget()).config.widget_enabled).toBe(true);

    const user = await h.repos.users.findById(m.userId);
    const trialEnd = user?.trialEndsAt ?? new Date();
    h.clock.advance(trialEnd.getTime() - h.clock.now().getTime() + DAY_MS);
    const inGrace = await (await signIn('grace@shop.sa')).subscription();
    expect(inGrace).toMatchObject({ status: 'grace' });
    expect(inGrace.grace_ends_at).toBe(new Date(trialEnd.getTime() + 3 * DAY_MS).toISOString());
    // Two cron processes at once: one grace e-mail.
    const second = createServices(h.runtime, { random: () => 0.5 });
    await Promise.all([h.services.billing.runNotices(), second.billing.runNotices()]);
    await h.services.billing.runNotices();
    const mails = (await (h.runtime.mailer as DevMailbox).list()).filter((x) => x.to === 'grace@shop.sa');
    expect(mails.filter((x) => /ended|انتهت/.test(x.subject))).toHaveLength(1);
    expect((await widget()).config.widget_enabled).toBe(true);

    h.clock.advance(3 * DAY_MS);
    // The serving process rebuilds here (another process's rebuild reaches it within its memory TTL).
    expect((await h.services.billing.runNotices()).expired).toBeGreaterThan(0);
    expect((await second.billing.runNotices()).expired).toBe(0);
    const hidden = await widget();
    expect(hidden.config.widget_enabled).toBe(false);
    expect(hidden.content.feed).toEqual([]);
    const again = await signIn('grace@shop.sa');
    expect((await again.subscription()).status).toBe('expired');
    // Settings and the widget key are kept; a payment brings the widget back.
    const merchant = (await (await again.call('GET', '/api/merchant')).json()) as {
      display_settings: { widget_enabled: boolean };
      public_widget_key: string;
    };
    expect(merchant).toMatchObject({ display_settings: { widget_enabled: true }, public_widget_key: key });
    await buy(again, 'basic', 'monthly');
    expect((await widget()).config.widget_enabled).toBe(true);
  });

  it('sends each renewal reminder once, 7 days and 1 day before the end, even from two cron processes', async () => {
    const m = await signIn('remind@shop.sa');
    await buy(m, 'pro', 'monthly');
    const end = new Date((await m.subscription()).current_period_end ?? '');
    const second = createServices(h.runtime, { random: () => 0.5 });
    const run = () => Promise.all([h.services.billing.runNotices(), second.billing.runNotices()]);
    const reminders = async () =>
      (await (h.runtime.mailer as DevMailbox).list()).filter(
        (x) => x.to === 'remind@shop.sa' && /ends|تنتهي/.test(x.subject),
      );
    h.clock.advance(end.getTime() - h.clock.now().getTime() - 6.5 * DAY_MS);
    await run();
    await run();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.link).toBe('https://feed.example.com/dashboard?tab=billing');
    h.clock.advance(6 * DAY_MS);
    await run();
    await run();
    expect(await reminders()).toHaveLength(2);
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
    const payment = h.moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
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
    const payment = h.moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    if (!payment) throw new Error('no payment');
    await h.moyasar.deliver(payment, { id: delivery.id, type: 'payment_refunded', to: webhookUrl() });
    await h.moyasar.deliver(payment, { type: 'payment_paid', to: webhookUrl() });
    await settled();
    expect((await m.invoices()).invoices).toHaveLength(2);
  });

  it('shortens the plan in proportion to partial refunds, which add up at Moyasar, never past what was paid', async () => {
    const m = await signIn('partial-refund@shop.sa');
    const { created } = await buy(m, 'pro', 'annual');
    const before = await m.subscription();
    const start = h.clock.now().getTime();
    const end = new Date(before.current_period_end ?? '').getTime();
    const year = end - start;

    await refundAtMoyasar(created.checkout_id, 30_000); // a quarter
    const payment = h.moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    expect(payment).toMatchObject({ refunded: 30_000 });
    const after = await m.subscription();
    expect(after).toMatchObject({ tier: 'pro', status: 'active' });
    expect(new Date(after.current_period_end ?? '').getTime()).toBe(end - Math.ceil(year / 4));
    // An upgrade's credit (none here: Pro) and the plan's worth count only what was kept.
    await refundAtMoyasar(created.checkout_id, 30_000); // another quarter: half of it is left
    expect(h.moyasar.payments.get(payment?.id ?? '')).toMatchObject({ refunded: 60_000 });
    const half = await m.subscription();
    expect(new Date(half.current_period_end ?? '').getTime()).toBe(end - 2 * Math.ceil(year / 4));
    const notes = (await m.invoices()).invoices.filter((i) => i.type === 'credit_note');
    expect(notes.map((n) => n.total_halalas)).toEqual([-30_000, -30_000]);
    expect(notes[0]?.number).toBe((notes[1]?.number ?? 0) + 1);
    // More than is left is refused at Moyasar; the rest ends the plan.
    expect(() => h.moyasar.refundInDashboard(payment?.id ?? '', 60_001)).toThrow();
    await refundAtMoyasar(created.checkout_id);
    expect((await m.subscription()).tier).toBeNull();
  });

  it('ends the plan on a void made in Moyasar’s dashboard', async () => {
    const m = await signIn('voided@shop.sa');
    const { created } = await buy(m, 'basic', 'monthly');
    const voided = h.moyasar.voidInDashboard(invoiceOf(created.checkout_id).payment_id ?? '');
    await h.moyasar.deliver(voided, { type: 'payment_voided', to: webhookUrl() });
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
    const payment = h.moyasar.payments.get(invoiceOf(created.checkout_id).payment_id ?? '');
    if (!payment) throw new Error('no payment');
    await h.moyasar.deliver(payment, { type: 'payment_refunded', to: webhookUrl() });
    await settled();
    const notes = (await m.invoices()).invoices.filter((i) => i.type === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.total_halalas).toBe(-11_900);
  });
});
