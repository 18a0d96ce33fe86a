import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ZApiError,
  ZBillingSubscription,
  ZCheckoutCreated,
  ZCheckoutStatus,
  ZInvoice,
  ZInvoiceList,
  type TBillingPeriod,
  type TPlanId,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { openBillingWorld, type BillingWorld } from '../testing/billing-world.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { signInForTest } from '../testing/sign-in.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import { billingCreditNotes, billingEvents, users } from '../db/schema.js';

/**
 * Issue 30 item 5 and the refunds' documents: every applied payment e-mails its receipt (the invoice's
 * link and summary, Saudi time, the merchant's language); the merchant's company name and VAT number go
 * on invoices issued after they are set, never on earlier ones; a refund of ours (the guarantee) issues
 * a credit note and an e-mail as a refund made at Moyasar does, and credit notes never exceed the invoice.
 */
describe.each(databaseBackends)(
  'receipts, company details and guarantee credit notes on $name',
  (backend) => {
    let world: BillingWorld;
    let http: RunningServer;

    beforeAll(async () => {
      world = await openBillingWorld(backend, 'receipts');
      http = await startHttpServer(world.runtime, { port: 0, host: '127.0.0.1', services: world.services });
      // 22:30 UTC is already the next day in Riyadh (UTC+03:00): a UTC date on a document would be wrong.
      world.clock.advance(Date.parse('2026-03-10T22:30:00Z') - world.clock.now().getTime());
    });
    afterAll(async () => {
      await http?.close();
      await world?.close();
    });

    async function signIn(email: string, language: 'ar' | 'en') {
      const { call, userId } = await signInForTest(world.runtime, http.url, email);
      await world.runtime.database.db.update(users).set({ language }).where(eq(users.id, userId));
      const json = async <T>(
        schema: { parse(v: unknown): T },
        method: string,
        url: string,
        body?: unknown,
      ) => {
        const res = await call(method, url, body);
        expect(res.status, `${method} ${url}`).toBeLessThan(300);
        return schema.parse(await res.json());
      };
      const buy = async (tier: TPlanId, period: TBillingPeriod) => {
        const created = await json(ZCheckoutCreated, 'POST', '/api/billing/checkout', {
          tier,
          period,
          start: 'now',
        });
        const invoice = [...world.moyasar.invoices.values()].find(
          (i) => i.metadata?.checkout_id === created.checkout_id,
        );
        world.moyasar.pay(invoice?.id ?? '');
        const status = await json(ZCheckoutStatus, 'GET', `/api/billing/checkout/${created.checkout_id}`);
        expect(status.status).toBe('paid');
        return {
          created,
          status,
          paymentId: invoice ? world.moyasar.invoices.get(invoice.id)?.payment_id : null,
        };
      };
      return {
        call,
        userId,
        buy,
        invoices: () => json(ZInvoiceList, 'GET', '/api/billing/invoices'),
        invoice: (id: string) => json(ZInvoice, 'GET', `/api/billing/invoices/${id}`),
        subscription: () => json(ZBillingSubscription, 'GET', '/api/billing/subscription'),
      };
    }
    const mailsTo = async (to: string) =>
      (await (world.runtime.mailer as DevMailbox).list(10_000)).filter((m) => m.to === to);
    const settled = async () => {
      for (let i = 0; i < 200; i++) {
        const [row] = (await world.runtime.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(billingEvents)
          .where(eq(billingEvents.status, 'pending'))) as { n: number }[];
        if (row?.n === 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('billing events still pending');
    };

    it('e-mails the receipt of a checkout payment in English: invoice link, HTML summary, Saudi time', async () => {
      const m = await signIn('receipt-en@shop.sa', 'en');
      const { status } = await m.buy('pro', 'monthly');
      const invoice = await m.invoice(status.invoice_id ?? '');
      const receipts = (await mailsTo('receipt-en@shop.sa')).filter((e) => e.subject.includes('receipt'));
      expect(receipts).toHaveLength(1);
      const [mail] = receipts;
      expect(mail?.subject).toBe(`Your Lamha receipt: invoice ${invoice.number}`);
      expect(mail?.link).toBe(`https://feed.example.com/dashboard/invoices/${invoice.id}`);
      // Issued 2026-03-10 22:30 UTC: 2026-03-11 01:30 in Riyadh.
      expect(mail?.text).toContain('Issued: 2026-03-11 01:30 (Saudi time)');
      expect(mail?.text).toContain('Total including VAT: 119.00 SAR');
      expect(mail?.text).toContain('VAT 15 %: 15.52 SAR');
      expect(mail?.text).toContain('Lamha Professional plan, monthly (2026-03-11 → 2026-04-11)');
      expect(mail?.html).toContain('<table');
      expect(mail?.html).toContain('<bdi>119.00 SAR</bdi>');
      expect(mail?.html).toContain(`href="https://feed.example.com/dashboard/invoices/${invoice.id}"`);
      expect(mail?.html).not.toContain('UTC');
    });

    it('e-mails the receipt in Arabic to an Arabic-speaking merchant, with the same invoice summary', async () => {
      const m = await signIn('receipt-ar@shop.sa', 'ar');
      const { status } = await m.buy('basic', 'monthly');
      const invoice = await m.invoice(status.invoice_id ?? '');
      const [mail] = (await mailsTo('receipt-ar@shop.sa')).filter((e) => e.subject.includes('إيصال'));
      expect(mail?.subject).toBe(`إيصال دفعتك في لمحة: فاتورة رقم ${invoice.number}`);
      expect(mail?.html).toContain('dir="rtl"');
      expect(mail?.text).toContain('تاريخ ووقت الإصدار: 2026-03-11 01:30 (بتوقيت السعودية)');
      expect(mail?.text).toContain('الإجمالي شامل الضريبة: 59.00 ر.س');
      expect(mail?.link).toBe(`https://feed.example.com/dashboard/invoices/${invoice.id}`);
    });

    it('validates the company details, reads Arabic-Indic digits, and prints them only on invoices issued after', async () => {
      const m = await signIn('company@shop.sa', 'en');
      const { status: before } = await m.buy('basic', 'monthly');
      const earlier = await m.invoice(before.invoice_id ?? '');
      expect(earlier.buyer).toMatchObject({ vat_number: null });

      for (const vat of ['31012239350003', '3101223935000031', '110122393500003', '310122393500001', 'abc']) {
        const res = await m.call('PUT', '/api/billing/details', { company_name: 'Shop Co', vat_number: vat });
        expect(res.status, vat).toBe(400);
        const body = ZApiError.parse(await res.json());
        expect(body.error.code).toBe('invalid_input');
        expect(body.error.message).toContain('15-digit VAT registration number');
      }
      const long = await m.call('PUT', '/api/billing/details', {
        company_name: 'x'.repeat(201),
        vat_number: '',
      });
      expect(long.status).toBe(400);
      expect(ZApiError.parse(await long.json()).error.message).toContain('200 characters');
      expect((await m.subscription()).details).toEqual({ company_name: null, vat_number: null });

      const saved = await m.call('PUT', '/api/billing/details', {
        company_name: '  شركة المتجر المحدودة ',
        vat_number: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣',
      });
      expect(saved.status).toBe(200);
      expect(ZBillingSubscription.parse(await saved.json()).details).toEqual({
        company_name: 'شركة المتجر المحدودة',
        vat_number: '310122393500003',
      });

      // The next invoice prints them as the buyer; the earlier one is a document and stays as issued.
      world.clock.advance(60_000);
      const { status: after } = await m.buy('basic', 'monthly');
      const later = await m.invoice(after.invoice_id ?? '');
      expect(later.buyer).toEqual({
        name: 'شركة المتجر المحدودة',
        email: 'company@shop.sa',
        vat_number: '310122393500003',
      });
      expect(await m.invoice(earlier.id)).toEqual(earlier);
      const receipt = (await mailsTo('company@shop.sa')).find((e) =>
        e.subject.endsWith(`receipt: invoice ${later.number}`),
      );
      expect(receipt?.text).toContain('Buyer VAT number: 310122393500003');

      // Cleared, later invoices have none again (and the earlier ones keep theirs).
      await m.call('PUT', '/api/billing/details', { company_name: '', vat_number: '' });
      expect((await m.subscription()).details).toEqual({ company_name: null, vat_number: null });
      expect((await m.invoice(after.invoice_id ?? '')).buyer.vat_number).toBe('310122393500003');
    });

    it('a full refund at Moyasar of a plan paid during the trial ends it before it starts: nothing scheduled', async () => {
      const m = await signIn('trial-refund@shop.sa', 'en');
      const created = ZCheckoutCreated.parse(
        await (await m.call('POST', '/api/billing/checkout', { tier: 'pro', period: 'monthly' })).json(),
      );
      const hosted = [...world.moyasar.invoices.values()].find(
        (i) => i.metadata?.checkout_id === created.checkout_id,
      );
      const paid = world.moyasar.pay(hosted?.id ?? '');
      await m.call('GET', `/api/billing/checkout/${created.checkout_id}`);
      expect((await m.subscription()).scheduled).toMatchObject({ tier: 'pro' });
      const refunded = world.moyasar.refundInDashboard(paid.id);
      await world.moyasar.deliver(refunded, {
        type: 'payment_refunded',
        to: `${http.url}/api/billing/moyasar/webhook`,
      });
      await settled();
      expect(await m.subscription()).toMatchObject({ status: 'trial', tier: null, scheduled: null });
      expect((await m.invoices()).invoices.map((i) => i.type)).toEqual(['credit_note', 'invoice']);
    });

    async function admin() {
      const email = 'receipts-admin@shop.sa';
      await signInForTest(world.runtime, http.url, email);
      await world.repos.users.setAdmin(email, true);
      return signInForTest(world.runtime, http.url, email);
    }

    it('a guarantee refund issues a credit note and its e-mail; Moyasar’s webhook of it adds nothing', async () => {
      const m = await signIn('guarantee@shop.sa', 'en');
      const { created, status, paymentId } = await m.buy('pro', 'annual');
      const original = await m.invoice(status.invoice_id ?? '');
      const a = await admin();
      const res = await a.call('POST', `/api/admin/payments/${created.checkout_id}/refund`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ refunded_halalas: 120_000 });

      const sub = await m.subscription();
      expect(sub.tier).toBeNull();
      expect(sub.status).not.toBe('active');
      const { invoices } = await m.invoices();
      expect(invoices.map((i) => i.type)).toEqual(['credit_note', 'invoice']);
      const note = await m.invoice(invoices[0]?.id ?? '');
      expect(note).toMatchObject({
        type: 'credit_note',
        reference: { id: original.id, number: original.number },
        lines: [{ kind: 'refund', tier: 'pro', period: 'annual', amount_halalas: -120_000 }],
        total_halalas: -120_000,
        vat_halalas: -15_652,
      });
      const mail = (await mailsTo('guarantee@shop.sa')).find((e) => e.subject.includes('credit note'));
      expect(mail?.subject).toBe(`1200.00 SAR refunded: credit note ${note.number}`);
      expect(mail?.link).toBe(`https://feed.example.com/dashboard/invoices/${note.id}`);
      expect(mail?.text).toContain('Issued: 2026-03-11');
      expect(mail?.text).toContain('(Saudi time)');

      // Moyasar then sends payment_refunded for our own refund: known, so no second note.
      const payment = world.moyasar.payments.get(paymentId ?? '');
      if (!payment) throw new Error('no payment');
      const delivery = await world.moyasar.deliver(payment, {
        type: 'payment_refunded',
        to: `${http.url}/api/billing/moyasar/webhook`,
      });
      expect(delivery.res.status).toBe(200);
      await settled();
      expect((await m.invoices()).invoices).toHaveLength(2);
      expect(
        (await mailsTo('guarantee@shop.sa')).filter((e) => e.subject.includes('credit note')),
      ).toHaveLength(1);
    });

    it('after a partial refund at Moyasar, the guarantee refunds only the rest: the notes add up to the invoice', async () => {
      const m = await signIn('partial-guarantee@shop.sa', 'en');
      const { created, status, paymentId } = await m.buy('pro', 'monthly');
      const payment = world.moyasar.refundInDashboard(paymentId ?? '', 4_000);
      await world.moyasar.deliver(payment, {
        type: 'payment_refunded',
        to: `${http.url}/api/billing/moyasar/webhook`,
      });
      await settled();
      const a = await admin();
      const res = await a.call('POST', `/api/admin/payments/${created.checkout_id}/refund`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ refunded_halalas: 11_900 - 4_000 });
      expect(world.moyasar.payments.get(paymentId ?? '')).toMatchObject({ refunded: 11_900 });
      const notes = await world.runtime.database.db
        .select()
        .from(billingCreditNotes)
        .where(eq(billingCreditNotes.invoiceId, status.invoice_id ?? ''));
      expect(notes.map((n) => [n.reason, n.totalHalalas]).sort()).toEqual([
        ['guarantee', -7_900],
        ['provider_refund', -4_000],
      ]);
      expect(
        (await mailsTo('partial-guarantee@shop.sa')).filter((e) => e.subject.includes('credit note')),
      ).toHaveLength(2);
      // Nothing is left to refund.
      const again = await a.call('POST', `/api/admin/payments/${created.checkout_id}/refund`);
      expect(again.status).toBe(409);
    });
  },
);
