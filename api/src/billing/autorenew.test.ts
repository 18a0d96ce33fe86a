import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addMonths,
  DAY_MS,
  ZApiError,
  ZBillingSubscription,
  ZCheckoutCreated,
  ZCheckoutStatus,
  ZInvoiceList,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startFakeMoyasar } from '../testing/fake-moyasar.js';
import type { FakeCardBehaviour } from '../testing/fake-moyasar-store.js';
import { createServices, type Services } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import type { ManualClock } from '../lib/clock.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import { signInForTest } from '../testing/sign-in.js';
import { billingProfiles, users } from '../db/schema.js';

const SECRET_KEY = 'sk_test_autorenew_key';
const WEBHOOK_SECRET = 'autorenew-webhook-secret';
const MINUTE = 60_000;

/**
 * Issue 30 item 3: a card saved at checkout ("renew automatically") is charged at the period's end, with
 * the notice three days before, retries on days 1 and 3 of grace, 3-D Secure by link, each step once
 * however many cron processes run.
 */
describe.each(databaseBackends)('automatic renewal with a saved card on $name', (backend) => {
  let runtime: Runtime;
  let clock: ManualClock;
  let services: Services;
  let http: RunningServer;
  let moyasar: Awaited<ReturnType<typeof startFakeMoyasar>>;
  const webhookUrl = () => `${http.url}/api/billing/moyasar/webhook`;

  async function signIn(email: string) {
    const { userId } = await signInForTest(runtime, http.url, email);
    await runtime.database.db.update(users).set({ language: 'en' }).where(eq(users.id, userId));
    // Signed in again for each call: the clock moves by weeks, past any session.
    const call = async (method: string, url: string, body?: unknown) =>
      (await signInForTest(runtime, http.url, email)).call(method, url, body);
    const subscription = async () =>
      ZBillingSubscription.parse(await (await call('GET', '/api/billing/subscription')).json());
    /** Buys a monthly plan on Moyasar's hosted page, ticking "renew automatically" (or not). */
    const buy = async (card?: { behaviour?: FakeCardBehaviour; brand?: string; last4?: string }) => {
      const res = await call('POST', '/api/billing/checkout', {
        tier: 'pro',
        period: 'monthly',
        save_card: card !== undefined,
        // Renewal is the subject here, not the trial's days: the plan starts at payment.
        start: 'now',
      });
      expect(res.status).toBe(201);
      const created = ZCheckoutCreated.parse(await res.json());
      const invoice = [...moyasar.invoices.values()].find(
        (i) => i.metadata?.checkout_id === created.checkout_id,
      );
      expect(invoice?.metadata).toMatchObject(card ? { save_card: 'true' } : {});
      moyasar.pay(invoice?.id ?? '', { status: 'paid', ...(card ? { saveCard: card } : {}) });
      const status = ZCheckoutStatus.parse(
        await (await call('GET', `/api/billing/checkout/${created.checkout_id}`)).json(),
      );
      expect(status.status).toBe('paid');
      return created;
    };
    return { call, userId, subscription, buy };
  }
  const mails = async (to: string) =>
    (await (runtime.mailer as DevMailbox).list(10_000)).filter((m) => m.to === to);
  /** Token charges Moyasar received for one merchant. */
  const chargesOf = (userId: string) =>
    [...moyasar.payments.values()].filter((p) => p.metadata?.user_id === userId && p.invoice_id === null);
  /** Moves the clock to `days` from `end`, plus a minute. */
  const at = (end: Date, days: number) => {
    const target = end.getTime() + days * DAY_MS + MINUTE;
    clock.advance(target - clock.now().getTime());
  };
  const tick = () => services.autoRenew.run();

  beforeAll(async () => {
    moyasar = await startFakeMoyasar({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        APP_URL: 'https://feed.example.com',
        MOYASAR_SECRET_KEY: SECRET_KEY,
        MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MOYASAR_API_URL: moyasar.apiUrl,
        MOYASAR_TOKENIZATION: 'true',
      },
    });
    clock = runtime.clock as ManualClock;
    services = createServices(runtime, { random: () => 0.5 });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await moyasar.close();
  });

  it('keeps only the token (sealed), brand and last four of a card saved at checkout', async () => {
    const m = await signIn('keeps@shop.sa');
    const before = await m.subscription();
    expect(before).toMatchObject({ card_saving: true, auto_renew: false, card: null });
    await m.buy({ brand: 'visa', last4: '4242' });
    expect(await m.subscription()).toMatchObject({
      auto_renew: true,
      card: { brand: 'visa', last4: '4242' },
    });
    const [row] = await runtime.database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, m.userId));
    const token = [...moyasar.tokens.keys()].at(-1) ?? '';
    expect(row?.cardTokenEnc).toBeTruthy();
    expect(row?.cardTokenEnc).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    // Without the box ticked, nothing is kept.
    const other = await signIn('nokeep@shop.sa');
    await other.buy();
    expect(await other.subscription()).toMatchObject({ auto_renew: false, card: null });
    const refused = await other.call('PUT', '/api/billing/auto-renew', { enabled: true });
    expect(refused.status).toBe(409);
    expect(ZApiError.parse(await refused.json()).error.code).toBe('no_saved_card');
  });

  it('tells the amount and date three days before, charges once on the last day (two cron processes), e-mails the receipt', async () => {
    const m = await signIn('renews@shop.sa');
    await m.buy({ brand: 'mada', last4: '1234' });
    const end = new Date((await m.subscription()).current_period_end ?? '');

    at(end, -3);
    clock.advance(-2 * MINUTE); // a minute before the notice is due: nothing
    await tick();
    // Only the first payment's receipt so far.
    const notices = async () => (await mails('renews@shop.sa')).filter((e) => !e.subject.includes('receipt'));
    expect(await notices()).toHaveLength(0);
    clock.advance(2 * MINUTE);
    await Promise.all([tick(), tick()]);
    const notice = await notices();
    expect(notice).toHaveLength(1);
    expect(notice[0]?.subject).toContain('renews automatically');
    expect(notice[0]?.text).toContain('119.00 SAR');
    expect(notice[0]?.text).toContain('mada ···· 1234');
    expect(chargesOf(m.userId)).toHaveLength(0);

    at(end, -1);
    await Promise.all([tick(), tick(), tick()]);
    await tick();
    expect(chargesOf(m.userId)).toHaveLength(1);
    const sub = await m.subscription();
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', auto_renew: true });
    expect(sub.current_period_end).toBe(addMonths(end, 1).toISOString());
    const { invoices } = ZInvoiceList.parse(await (await m.call('GET', '/api/billing/invoices')).json());
    expect(invoices).toHaveLength(2);
    // One receipt per payment: the renewal's names the card and its invoice, with the invoice's link.
    const receipts = (await mails('renews@shop.sa')).filter((e) => e.subject.includes('receipt'));
    expect(receipts).toHaveLength(2);
    const receipt = receipts.find((e) => e.subject.includes(`invoice ${invoices[0]?.number}`));
    expect(receipt?.text).toContain('renewed automatically');
    expect(receipt?.text).toContain('mada ···· 1234');
    expect(receipt?.text).toContain(`/dashboard/invoices/${invoices[0]?.id}`);
    // The renewal e-mails by link are not sent to a merchant whose card renews the plan.
    expect((await mails('renews@shop.sa')).filter((e) => e.subject.includes('ends'))).toHaveLength(0);
  });

  it('a declined card is retried on days 1 and 3 of grace, then renewal by link is all that is left', async () => {
    const m = await signIn('declined@shop.sa');
    await m.buy({ behaviour: 'decline' });
    const end = new Date((await m.subscription()).current_period_end ?? '');
    at(end, -1);
    await tick();
    expect(chargesOf(m.userId).map((p) => p.status)).toEqual(['failed']);
    expect((await m.subscription()).current_period_end).toBe(end.toISOString());
    at(end, 0);
    await Promise.all([tick(), tick()]);
    expect(chargesOf(m.userId)).toHaveLength(2);
    at(end, 1); // day 2 of grace: no retry
    await tick();
    expect(chargesOf(m.userId)).toHaveLength(2);
    at(end, 2);
    await tick();
    const declined = (await mails('declined@shop.sa')).filter((e) => e.subject.includes('could not renew'));
    expect(declined).toHaveLength(3);
    // The first two say when the card is tried again; the last that it is not.
    expect(declined.filter((e) => e.text.includes('will not try the card again'))).toHaveLength(1);
    expect(declined.filter((e) => e.text.includes('We will try the card again on'))).toHaveLength(2);
    expect(chargesOf(m.userId)).toHaveLength(3);
    at(end, 4);
    await tick();
    expect(chargesOf(m.userId)).toHaveLength(3);
    expect((await m.subscription()).status).toBe('expired');
  });

  it('a charge the bank wants confirmed (3-D Secure) e-mails its link, is not charged again, and applies when completed', async () => {
    const m = await signIn('threeds@shop.sa');
    await m.buy({ behaviour: '3ds' });
    const end = new Date((await m.subscription()).current_period_end ?? '');
    at(end, -1);
    await tick();
    const [charge] = chargesOf(m.userId);
    expect(charge?.status).toBe('initiated');
    const confirm = (await mails('threeds@shop.sa')).find((e) => e.subject.includes('Confirm'));
    expect(confirm?.text).toContain(charge?.source.transaction_url);
    at(end, 0);
    await tick();
    expect(chargesOf(m.userId)).toHaveLength(1);
    // The cardholder completes 3-D Secure: Moyasar's webhook confirms it as any payment.
    const paid = { ...charge!, status: 'paid' };
    moyasar.payments.set(paid.id, paid);
    const { res } = await moyasar.deliver(paid, { to: webhookUrl() });
    expect(res.status).toBe(200);
    for (let i = 0; i < 100 && (await m.subscription()).status !== 'active'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await m.subscription()).toMatchObject({ status: 'active', tier: 'pro' });
    // Completed by 3-D Secure, it has its receipt like any payment (the first purchase's and this one).
    expect((await mails('threeds@shop.sa')).filter((e) => e.subject.includes('receipt'))).toHaveLength(2);
  });

  it('renewal turned off charges nothing; removing the card deletes its token at Moyasar', async () => {
    const m = await signIn('off@shop.sa');
    await m.buy({});
    const token = [...moyasar.tokens.keys()].at(-1) ?? '';
    const off = await m.call('PUT', '/api/billing/auto-renew', { enabled: false });
    expect(off.status).toBe(200);
    expect(ZBillingSubscription.parse(await off.json())).toMatchObject({
      auto_renew: false,
      card: { last4: '1111' },
    });
    const end = new Date((await m.subscription()).current_period_end ?? '');
    at(end, -3);
    await tick();
    at(end, -1);
    await tick();
    expect(chargesOf(m.userId)).toHaveLength(0);
    // Pay by link as today: the reminder says nothing renews by itself.
    await services.billing.runNotices();
    expect((await mails('off@shop.sa')).some((e) => e.subject.includes('ends tomorrow'))).toBe(true);

    expect(moyasar.tokens.has(token)).toBe(true);
    const removed = await m.call('DELETE', '/api/billing/card');
    expect(removed.status).toBe(200);
    expect(ZBillingSubscription.parse(await removed.json())).toMatchObject({ auto_renew: false, card: null });
    expect(moyasar.tokens.has(token)).toBe(false);
    expect((await m.call('DELETE', '/api/billing/card')).status).toBe(409);
    expect((await m.call('PUT', '/api/billing/auto-renew', { enabled: 'yes' })).status).toBe(400);
  });
});
