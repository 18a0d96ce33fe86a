import { afterAll, beforeAll, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ZBillingSubscription,
  ZCheckoutCreated,
  ZCheckoutStatus,
  ZInvoice,
  ZInvoiceList,
  type TBillingPeriod,
  type TPlanId,
} from '@app/shared';
import type { DatabaseBackend } from './backends.js';
import { createTestRuntime } from './runtime.js';
import { startFakeMoyasar } from './fake-moyasar.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from './repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import type { ManualClock } from '../lib/clock.js';
import { signInForTest } from './sign-in.js';
import { billingEvents } from '../db/schema.js';

export const SECRET_KEY = 'sk_test_fake_moyasar_key';
const WEBHOOK_SECRET = 'moyasar-webhook-secret-for-tests';
export const SELLER = { name: 'شركة لمحة للتقنية', vat: '310122393500003', address: 'الرياض، حي العليا' };

export function tlvFields(base64: string): string[] {
  const bytes = Buffer.from(base64, 'base64');
  const values: string[] = [];
  for (let i = 0; i < bytes.length; i += 2 + (bytes[i + 1] as number)) {
    values.push(bytes.subarray(i + 2, i + 2 + (bytes[i + 1] as number)).toString('utf8'));
  }
  return values;
}

/**
 * One server with fake Moyasar and a seller's VAT details for a billing test file, started in its
 * `beforeAll` and closed in its `afterAll`; the helpers sign merchants in and pay through the fake.
 */
export function billingServer(backend: DatabaseBackend) {
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

  return {
    get runtime() {
      return runtime;
    },
    get clock() {
      return clock;
    },
    get services() {
      return services;
    },
    get repos() {
      return repos;
    },
    get http() {
      return http;
    },
    get moyasar() {
      return moyasar;
    },
    webhookUrl,
    signIn,
    signInAdmin,
    invoiceOf,
    settled,
    buy,
    eventCount,
  };
}

export type BillingServer = ReturnType<typeof billingServer>;
export type Merchant = Awaited<ReturnType<BillingServer['signIn']>>;
