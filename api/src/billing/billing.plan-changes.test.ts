import { describe, expect, it } from 'vitest';
import { addMonths, DAY_MS, ZAdminPayments, ZCheckoutCreated } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { billingServer } from '../testing/billing-server.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';

// Changing plans: an upgrade priced with the unused days, the refunds that keep it fair, the trial’s days.
describe.each(databaseBackends)('billing plan changes and the trial’s days on $name', (backend) => {
  const h = billingServer(backend);
  const { webhookUrl, signIn, signInAdmin, invoiceOf, settled, buy } = h;

  it('upgrades Basic to Pro now, charging the Pro price less the unused Basic days', async () => {
    let m = await signIn('upgrade@shop.sa');
    await buy(m, 'basic', 'monthly');
    const basic = await m.subscription();
    const end = new Date(basic.current_period_end ?? '');
    h.clock.advance(10 * DAY_MS + 3_600_000);
    m = await signIn('upgrade@shop.sa');
    const now = h.clock.now();
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
    h.clock.advance(2 * DAY_MS);
    m = await signIn('two-upgrades@shop.sa'); // a session of the new day
    // Two tabs, each an upgrade priced with the same unused Basic days, and a third left open.
    const first = await m.checkout('pro', 'annual');
    const second = await m.checkout('pro', 'annual');
    const third = await m.checkout('basic', 'monthly');
    expect(second.amount_halalas).toBe(first.amount_halalas);
    expect(first.amount_halalas).toBeLessThan(120_000);
    // Both hosted pages are paid before either webhook arrives.
    const p1 = h.moyasar.pay(invoiceOf(first.checkout_id).id);
    const p2 = h.moyasar.pay(invoiceOf(second.checkout_id).id);
    const now = h.clock.now();
    await h.moyasar.deliver(p1, { to: webhookUrl() });
    await settled();
    await h.moyasar.deliver(p2, { to: webhookUrl() });
    await settled();

    const sub = await m.subscription();
    expect(sub).toMatchObject({ tier: 'pro', period: 'annual', status: 'active' });
    expect(sub.current_period_end).toBe(addMonths(now, 12).toISOString());
    // The second payment bought nothing and came back in full, at Moyasar.
    expect(h.moyasar.payments.get(p2.id)).toMatchObject({
      status: 'refunded',
      refunded: second.amount_halalas,
    });
    expect(h.moyasar.payments.get(p1.id)).toMatchObject({ status: 'paid', refunded: 0 });
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
    expect(h.moyasar.invoices.get(invoiceOf(third.checkout_id).id)?.status).toBe('canceled');
    expect(() => h.moyasar.pay(invoiceOf(third.checkout_id).id)).toThrow(/canceled/);
    // The merchant is told, admins see it.
    const mails = (await (h.runtime.mailer as DevMailbox).list()).filter(
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
    const basicStart = h.clock.now().getTime();
    h.clock.advance(5 * DAY_MS);
    m = await signIn('repriced@shop.sa');
    const upgrade = await m.checkout('pro', 'monthly');
    const extension = await m.checkout('basic', 'monthly');
    expect(extension.amount_halalas).toBe(5_900);
    const pUpgrade = h.moyasar.pay(invoiceOf(upgrade.checkout_id).id);
    const pExtension = h.moyasar.pay(invoiceOf(extension.checkout_id).id);
    await h.moyasar.deliver(pExtension, { to: webhookUrl() });
    await settled();
    // The upgrade's checkout was closed by that payment, but its page had been paid already.
    await h.moyasar.deliver(pUpgrade, { to: webhookUrl() });
    await settled();

    const now = h.clock.now().getTime();
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
    expect(h.moyasar.payments.get(pUpgrade.id)).toMatchObject({
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
    const p1 = h.moyasar.pay(invoiceOf(first.checkout_id).id);
    const p2 = h.moyasar.pay(invoiceOf(second.checkout_id).id);
    await h.services.billing.confirmPayment(p1);
    // Two same-plan payments: the second is an extension at the same price, applied.
    await h.services.billing.confirmPayment(p2);
    const sub = await m.subscription();
    expect(sub.current_period_end).toBe(addMonths(addMonths(h.clock.now(), 1), 1).toISOString());
    // Two upgrades priced with one Basic credit; Moyasar is down when the second must be refunded.
    const m2 = await signIn('refund-later-2@shop.sa');
    await buy(m2, 'basic', 'monthly');
    const up1 = await m2.checkout('pro', 'monthly');
    const up2 = await m2.checkout('pro', 'monthly');
    const pUp1 = h.moyasar.pay(invoiceOf(up1.checkout_id).id);
    const pUp2 = h.moyasar.pay(invoiceOf(up2.checkout_id).id);
    await h.services.billing.confirmPayment(pUp1);
    h.moyasar.state.failNext = 1;
    await h.services.billing.confirmPayment(pUp2);
    expect(h.moyasar.payments.get(pUp2.id)?.status).toBe('paid');
    const amount = up2.amount_halalas;
    const due = await h.repos.billing.findCheckout(up2.checkout_id);
    expect(due).toMatchObject({
      status: 'refunded',
      refundDueHalalas: amount,
      refundReason: 'stale_quote',
    });
    // Not before a minute has passed: the confirmation that decided it may still be making it.
    expect(await h.services.billing.processDueRefunds()).toBe(0);
    expect(await h.services.billing.processDueRefunds(0)).toBe(1);
    expect(h.moyasar.payments.get(pUp2.id)).toMatchObject({ status: 'refunded', refunded: amount });
    expect(await h.repos.billing.findCheckout(up2.checkout_id)).toMatchObject({
      refundDueHalalas: 0,
      refundedHalalas: amount,
    });
    expect(await h.services.billing.processDueRefunds(0)).toBe(0);
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
    h.moyasar.pay(invoiceOf(created.checkout_id).id);
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
    h.clock.advance(new Date(trialEnd).getTime() - h.clock.now().getTime() + 60_000);
    expect(await (await signIn('keeps-trial@shop.sa')).subscription()).toMatchObject({
      status: 'active',
      tier: 'basic',
      current_period_end: addMonths(new Date(trialEnd), 1).toISOString(),
      scheduled: null,
    });

    // "Start now" gives up the trial's remaining days.
    const n = await signIn('starts-now@shop.sa');
    const now = h.clock.now();
    await buy(n, 'pro', 'monthly');
    expect(await n.subscription()).toMatchObject({
      status: 'active',
      tier: 'pro',
      current_period_end: addMonths(now, 1).toISOString(),
    });
  });
});
