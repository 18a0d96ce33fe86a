import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBillingSubscription, ZCheckoutCreated, ZCheckoutStatus, ZInvoiceList } from '@app/shared';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Services } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { loopbackOnly } from '../http/loopback-only.js';

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
