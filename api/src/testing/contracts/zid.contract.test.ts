import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZScriptFailuresResponse,
  ZZidProduct,
  ZZidProductsPage,
  ZZidProfile,
  ZZidStoreWebhooks,
  ZZidTokenResponse,
  ZZidWebhook,
} from '@app/shared';
import { ZidWebhooks, ZID_GRACE_MS } from '../../integrations/zid/zid-webhooks.service.js';
import type { ManualClock } from '../../lib/clock.js';
import { fromZid } from '../../posts/catalogue.js';
import type { Runtime } from '../../runtime.js';
import { startHttpServer, type RunningServer } from '../../server.js';
import { createServices, type Services } from '../../services.js';
import { databaseBackends } from '../backends.js';
import { startFakeCatalogues } from '../fake-catalogues.js';
import { startFakeZid } from '../fake-platforms.js';
import { testRepositories } from '../repositories.js';
import { createTestRuntime } from '../runtime.js';
import { signInForTest } from '../sign-in.js';
import { fixturesOf, loadFixtures, shapeMismatches } from './shape.js';

const fixtures = loadFixtures('zid');
const of = (endpoint: string) => fixturesOf(fixtures, endpoint);
const YEAR_S = 31_536_000;
const PARENT_ID = '2829a483-4336-43ab-a855-84532c9419c2';
type Json = Record<string, unknown>;

describe('Zid: our schemas read every documented body', () => {
  it('reads the token answer with `authorization` or `Authorization`, with or without expires_in', () => {
    expect(ZZidTokenResponse.parse(fixtures['token.docs'])).toMatchObject({
      authorization: expect.stringContaining('authorization-token') as string,
      expires_in: YEAR_S,
    });
    // The SDK's other spelling, and no expires_in: a year, as the SDK defaults it.
    expect(ZZidTokenResponse.parse(fixtures['token.sdk-capitalised'])).toMatchObject({
      access_token: expect.stringContaining('manager-token') as string,
      authorization: expect.stringContaining('authorization-token') as string,
      expires_in: YEAR_S,
    });
    expect(ZZidTokenResponse.safeParse({ access_token: 'a', refresh_token: 'r' }).success).toBe(false);
  });

  it('reads the profile, the store webhooks and the app events', () => {
    expect(ZZidProfile.parse(fixtures['profile.sdk']).user.store).toMatchObject({ id: '507530' });
    expect(ZZidStoreWebhooks.parse(fixtures['webhooks-list.sdk']).data[0]?.event).toBe('product.update');
    expect(ZZidWebhook.parse(fixtures['app-event.authorized'])).toMatchObject({
      event_name: 'app.market.application.authorized',
      store_id: '507530',
      plan_id: '904',
    });
  });

  it('reads products: a parent with variants is available when a variant is', () => {
    const [voucher, parentInList] = ZZidProductsPage.parse(fixtures['products.sdk-list']).results.map(
      fromZid,
    );
    expect(voucher).toMatchObject({
      nameAr: 'قسيمة',
      nameEn: 'voucher',
      priceHalalas: 10000,
      available: true,
    });
    // The list leaves a parent's variants out (its own quantity is 0): published, it is offered.
    expect(parentInList).toMatchObject({ externalId: PARENT_ID, priceHalalas: 900, available: true });
    const detail = fixtures['product.sdk-detail'] as Json & { variants: Json[] };
    // Its page settles it: the only variant has none left.
    expect(fromZid(ZZidProduct.parse(detail)).available).toBe(false);
    const restocked = { ...detail, variants: [{ ...detail.variants[0], quantity: 3 }] };
    expect(fromZid(ZZidProduct.parse(restocked)).available).toBe(true);
  });

  it('reads a product event as our route records it: the product, its event and store from the URL', () => {
    const hooks = new ZidWebhooks({} as never);
    const read = hooks.read({
      event: 'product.update',
      store_id: '507530',
      data: fixtures['product-event.update'],
    });
    expect(read).toMatchObject({ event: 'product.update', storeId: '507530' });
    // The bare product alone names no event: it cannot be read without the URL's.
    expect(hooks.read(fixtures['product-event.update'])).toBeUndefined();
  });
});

describe('Zid: the fakes answer only documented shapes', () => {
  let zid: Awaited<ReturnType<typeof startFakeZid>>;
  let catalogues: Awaited<ReturnType<typeof startFakeCatalogues>>;
  const auth = { authorization: 'Bearer zid-authorization-token', 'x-manager-token': 'zid-manager-token' };
  beforeAll(async () => {
    zid = await startFakeZid({
      email: 'owner@zid-store.sa',
      storeId: '507530',
      storeUrl: 'https://z.zid.store/',
    });
    catalogues = await startFakeCatalogues({
      sallaToken: 's',
      zid: { authorization: 'zid-authorization-token', manager: 'zid-manager-token' },
    });
    catalogues.state.zid.set('p-1', {
      id: 'p-1',
      name: { ar: 'حقيبة', en: 'Bag' },
      price: 120,
      salePrice: 99,
      url: 'https://z.zid.store/products/p-1',
      imageUrl: 'https://media.zid.store/p-1.jpg',
      quantity: null,
      variants: [{ id: 'v-1', quantity: 2 }],
    });
  });
  afterAll(async () => {
    await zid.close();
    await catalogues.close();
  });
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { ...auth, ...(init.headers as object) } });
    return (await res.json()) as Json;
  };

  it('tokens in both spellings, the profile and store webhooks keep to the fixtures', async () => {
    for (const style of ['docs', 'capitalised'] as const) {
      zid.state.tokenStyle = style;
      const body = await call(`${zid.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'good-code' }).toString(),
      });
      expect(shapeMismatches(body, of('token')), style).toEqual([]);
      ZZidTokenResponse.parse(body);
    }
    expect(shapeMismatches(await call(`${zid.url}/v1/managers/account/profile`), of('profile'))).toEqual([]);
    const created = await call(`${zid.url}/v1/managers/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'product.update',
        target_url: 'https://x/y',
        original_id: '1',
        subscriber: 'Lamha',
      }),
    });
    expect(shapeMismatches(created, of('webhook-create'))).toEqual([]);
    const listed = await call(`${zid.url}/v1/managers/webhooks`);
    expect(shapeMismatches(listed, of('webhooks-list'))).toEqual([]);
  });

  it('products and one product keep to the fixtures', async () => {
    const list = await call(`${catalogues.zidApiUrl}/products/?page=1&page_size=15`);
    expect(shapeMismatches(list, of('products'))).toEqual([]);
    const one = await call(`${catalogues.zidApiUrl}/products/p-1/`);
    expect(shapeMismatches(one, of('product'))).toEqual([]);
    expect(fromZid(ZZidProduct.parse(one)).available).toBe(true);
  });

  it('catches a fake that drifts from the docs', () => {
    // Salla's absolute `expires` in a Zid token answer, and a profile store id as a string.
    const drifted = { ...(fixtures['token.docs'] as object), expires: 1700000000 };
    expect(shapeMismatches(drifted, of('token'))).toEqual(['expires: not in any fixture']);
    const profile = fixtures['profile.sdk'] as { user: Json & { store: Json } };
    expect(
      shapeMismatches(
        { user: { ...profile.user, store: { ...profile.user.store, id: '507530' } } },
        of('profile'),
      ),
    ).toEqual(['user.store.id: string, the fixtures show number']);
  });
});

/**
 * Zid as the app meets it: the fake OAuth and manager API, with one product answered from the SDK's own
 * fixture (a parent product and its variant), changed by the test.
 */
async function startZidStandIn() {
  const zid = await startFakeZid({
    email: 'owner@zid-store.sa',
    storeId: '507530',
    storeUrl: 'https://zid-store.zid.store/',
  });
  const product = structuredClone(fixtures['product.sdk-detail']) as Json & { variants: Json[] };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'GET' && path === `/v1/products/${PARENT_ID}/`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(product));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(`${zid.url}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            ([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k),
          ),
        ) as Record<string, string>,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        redirect: 'manual',
      });
      const headers = Object.fromEntries(upstream.headers);
      for (const k of ['content-length', 'transfer-encoding', 'connection', 'keep-alive']) delete headers[k];
      res.writeHead(upstream.status, headers);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    zid,
    product,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await zid.close();
    },
  };
}

const ZID_SECRET = 'zid-contract-webhook-secret-0123456789';
const APP_URL = 'https://feed.example.com';

describe.each(databaseBackends)('Zid end to end on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let http: RunningServer;
  let standIn: Awaited<ReturnType<typeof startZidStandIn>>;

  const waitFor = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out waiting');
  };
  const install = async (withCookie: boolean) => {
    const start = await fetch(`${http.url}/api/integrations/zid/install`, { redirect: 'manual' });
    const cookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('lamha_zid_install='))!
      .split(';')[0]!;
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await fetch(
      `${http.url}/api/integrations/zid/callback?code=good-code&state=${encodeURIComponent(state)}`,
      { redirect: 'manual', headers: withCookie ? { cookie } : {} },
    );
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  };
  /** Posts to one of the URLs we registered with Zid, on this server instead of APP_URL. */
  const post = (target: string, body: unknown) =>
    fetch(target.replace(APP_URL, http.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const appEvent = (event_name: string, extra: Json = {}) =>
    post(`${APP_URL}/api/integrations/zid/webhook/${ZID_SECRET}`, {
      ...(fixtures['app-event.authorized'] as Json),
      event_name,
      ...extra,
    });

  beforeAll(async () => {
    standIn = await startZidStandIn();
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        APP_URL,
        ZID_CLIENT_ID: '1292',
        ZID_CLIENT_SECRET: 'zid-client-secret',
        ZID_OAUTH_URL: standIn.url,
        ZID_API_URL: `${standIn.url}/v1`,
        ZID_WEBHOOK_SECRET: ZID_SECRET,
        ZID_PLAN_MAP: 'Pro:pro',
      },
    });
    services = createServices(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await standIn.close();
  });

  it('installs (the token answer capitalised, without expires_in), subscribes product webhooks; one updates a copy', async () => {
    const { zid } = standIn;
    zid.state.tokenStyle = 'capitalised';
    zid.state.refuseScripts = true;
    const location = await install(true);
    expect(location).toMatch(/\/auth\/callback\?code=/);
    const repos = testRepositories(runtime);
    const row = (await repos.platformConnections.find('zid', '507530'))!;
    // A year, as Zid's SDK takes it when expires_in is absent.
    expect(row.tokenExpiresAt!.getTime() - runtime.clock.now().getTime()).toBe(YEAR_S * 1000);

    // Product webhooks, one per event, at URLs naming the store and the event, as the SDK creates them.
    expect(zid.state.webhooks.map((w) => [w.event, w.original_id, w.subscriber])).toEqual([
      ['product.update', '1292', 'Lamha'],
      ['product.publish', '1292', 'Lamha'],
      ['product.delete', '1292', 'Lamha'],
    ]);
    const target = zid.state.webhooks[0]!.target_url;
    expect(target).toBe(`${APP_URL}/api/integrations/zid/webhook/${ZID_SECRET}/stores/507530/product.update`);

    // Zid refused the storefront script (no approval): not retried, and admins see why.
    expect(row.scriptStatus).toBe('failed');
    expect(row.scriptNextAttemptAt).toBeNull();
    expect(row.scriptError).toMatch(/not approved/);
    const scriptCalls = () => zid.state.requests.filter((r) => r === 'POST /v1/managers/app-scripts').length;
    const before = scriptCalls();
    (runtime.clock as ManualClock).advance(24 * 60 * 60 * 1000);
    expect(await services.zidUpkeep.registerDueScripts()).toEqual({ registered: 0, failed: 0 });
    expect(scriptCalls()).toBe(before);
    await repos.users.setAdmin('owner@zid-store.sa', true);
    const admin = await signInForTest(runtime, http.url, 'owner@zid-store.sa');
    const failures = ZScriptFailuresResponse.parse(
      await (await admin.call('GET', '/api/admin/integrations/script-failures')).json(),
    );
    expect(failures.failures[0]).toMatchObject({ store_id: '507530', next_attempt_at: null });
    expect(failures.failures[0]!.error).toMatch(/not approved for app scripts/);
    // Once Zid approves, "Try again" registers it; the webhooks are not subscribed twice.
    zid.state.refuseScripts = false;
    expect(await services.zidUpkeep.retryScriptFor(row.userId)).toBe('registered');
    expect(zid.state.webhooks).toHaveLength(3);

    // A linked copy of the SDK's parent product; on Zid its only variant is sold out.
    const copy = await repos.posts.upsertPlatformProduct(
      row.userId,
      'zid',
      PARENT_ID,
      {
        nameAr: 'بخاخ',
        nameEn: null,
        url: 'https://osama.zid.store/products/x',
        priceHalalas: 900,
        salePriceHalalas: null,
        currency: 'SAR',
        available: true,
        image: null,
        imageSourceUrl: null,
        refreshedAt: runtime.clock.now(),
      },
      runtime.clock.now(),
    );
    expect((await post(target, fixtures['product-event.update'])).status).toBe(202);
    await waitFor(
      () => repos.posts.findProduct(row.userId, copy.id),
      (p) => p?.available === false,
    );
    // Restocked and repriced on Zid: the next product.update brings both.
    standIn.product.price = 12;
    standIn.product.variants[0]!.quantity = 5;
    const event = {
      ...(fixtures['product-event.update'] as Json),
      price: 12,
      updated_at: '2026-11-27T10:00:00Z',
    };
    expect((await post(target, event)).status).toBe(202);
    const updated = await waitFor(
      () => repos.posts.findProduct(row.userId, copy.id),
      (p) => p?.available === true,
    );
    expect(updated?.priceHalalas).toBe(1200);
  });

  it('suspended starts the five-day grace, expired ends the plan, refunded ends it', async () => {
    const repos = testRepositories(runtime);
    const row = (await repos.platformConnections.find('zid', '507530'))!;
    const active = () => repos.subscriptions.findActive(row.userId);
    expect(
      (await appEvent('app.market.subscription.active', { end_date: '2030-01-01 00:00:00' })).status,
    ).toBe(202);
    await waitFor(active, (s) => s?.subscription.endDate?.getFullYear() === 2030);
    const now = runtime.clock.now().getTime();
    await appEvent('app.market.subscription.suspended', { payment_date: 'suspended-1' });
    const grace = await waitFor(active, (s) => s?.subscription.endDate?.getTime() === now + ZID_GRACE_MS);
    expect(grace?.tier.id).toBeTruthy();
    await appEvent('app.market.subscription.expired', { payment_date: 'expired-1' });
    await waitFor(active, (s) => s?.subscription.endDate?.getTime() === now);

    await appEvent('app.market.subscription.renew', { end_date: '2031-01-01 00:00:00' });
    await waitFor(active, (s) => s?.subscription.endDate?.getFullYear() === 2031);
    await appEvent('app.market.subscription.refunded', { payment_date: 'refunded-1' });
    await waitFor(active, (s) => s?.subscription.endDate?.getTime() === now);
  });

  it('uninstall asks Zid to drop the store webhooks', async () => {
    expect(standIn.zid.state.webhooks).toHaveLength(3);
    expect((await appEvent('app.market.application.uninstall')).status).toBe(202);
    await waitFor(
      async () => standIn.zid.state.webhooks.length,
      (n) => n === 0,
    );
    expect(standIn.zid.state.requests).toContain('DELETE /v1/managers/webhooks');
  });

  it('an install callback without our cookie finishes through the state alone and signs no one in', async () => {
    standIn.zid.state.email = 'second@zid-store.sa';
    standIn.zid.state.storeId = '600600';
    const location = await install(false);
    expect(location).toBe('/link-store?sent=zid');
    const repos = testRepositories(runtime);
    const user = await repos.users.findByEmail('second@zid-store.sa');
    expect((await repos.platformConnections.find('zid', '600600'))?.userId).toBe(user!.id);
  });
});
