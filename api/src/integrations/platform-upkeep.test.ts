import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZStoreConnectionResponse, ZScriptFailuresResponse } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { signInForTest } from '../testing/sign-in.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import type { ManualClock } from '../lib/clock.js';
import { webhookDeliveries, zidConnections } from '../db/schema.js';
import { startFakeSalla, startFakeZid } from '../testing/fake-platforms.js';

const ZID_SECRET = 'zid-webhook-secret-0123456789abcdef';
const SALLA_SECRET = 'salla-webhook-secret-for-tests';
const ZID_STORE = '606060';
const ZID_OWNER = 'owner@zid-upkeep.sa';

/** Issue 21: Zid token renewal, storefront-script state, the embed tab's truth, and store details. */
describe.each(databaseBackends)('Salla and Zid upkeep on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let salla: Awaited<ReturnType<typeof startFakeSalla>>;
  let zid: Awaited<ReturnType<typeof startFakeZid>>;
  const sallaUsers = {
    'salla-upkeep': {
      email: 'owner@salla-upkeep.sa',
      name: 'Huda',
      merchantId: 515151,
      domain: 'https://huda.salla.sa',
    },
  };

  const clock = () => runtime.clock as ManualClock;
  const connection = async () =>
    (
      await runtime.database.db.select().from(zidConnections).where(eq(zidConnections.storeId, ZID_STORE))
    )[0]!;
  const embedState = async () => {
    const merchant = await signInForTest(runtime, http.url, ZID_OWNER);
    return ZStoreConnectionResponse.parse(
      await (await merchant.call('GET', '/api/merchant/store-connection')).json(),
    );
  };
  const settled = async () => {
    for (let i = 0; i < 100; i++) {
      const [row] = (await runtime.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'pending'))) as { n: number }[];
      if (row?.n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('deliveries still pending');
  };

  beforeAll(async () => {
    salla = await startFakeSalla({ users: sallaUsers });
    zid = await startFakeZid({ email: ZID_OWNER, storeId: ZID_STORE, storeUrl: 'https://first.zid.store/' });
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        APP_URL: 'https://feed.example.com',
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        SALLA_ACCOUNTS_URL: salla.url,
        ZID_CLIENT_ID: 'zid-client',
        ZID_CLIENT_SECRET: 'zid-client-secret',
        ZID_OAUTH_URL: zid.url,
        ZID_API_URL: `${zid.url}/v1`,
        ZID_WEBHOOK_SECRET: ZID_SECRET,
      },
    });
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await salla.close();
    await zid.close();
  });

  it('records a failed storefront-script registration and retries it until it succeeds', async () => {
    zid.state.failScripts = 2;
    const install = await fetch(`${http.url}/api/integrations/zid/install`, { redirect: 'manual' });
    const cookie = (install.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const state = new URL(install.headers.get('location')!).searchParams.get('state')!;
    const callback = await fetch(
      `${http.url}/api/integrations/zid/callback?code=good-code&state=${encodeURIComponent(state)}`,
      { redirect: 'manual', headers: { cookie } },
    );
    expect(callback.headers.get('location')).toMatch(/\/auth\/callback\?code=/);

    const first = await embedState();
    expect(first.connection).toMatchObject({
      platform: 'zid',
      state: 'installed',
      script: { status: 'failed' },
    });
    expect(first.connection?.script?.error).toMatch(/HTTP 500/);
    // The store's details came from Zid's profile.
    const user = (await repos.users.findByEmail(ZID_OWNER))!;
    expect(user).toMatchObject({ businessName: 'Zid Store', storeUrl: 'https://first.zid.store/' });

    // Admins see it.
    const admin = await signInForTest(runtime, http.url, 'admin@lamha.example');
    await repos.users.setAdmin('admin@lamha.example', true);
    const failures = ZScriptFailuresResponse.parse(
      await (await admin.call('GET', '/api/admin/integrations/script-failures')).json(),
    );
    expect(failures.failures).toEqual([
      expect.objectContaining({ store_id: ZID_STORE, email: ZID_OWNER, attempts: 1 }),
    ]);

    // Not before its backoff; then cron retries (still failing: the wait doubles).
    expect(await services.zidUpkeep.registerDueScripts()).toEqual({ registered: 0, failed: 0 });
    clock().advance(61_000);
    expect(await services.zidUpkeep.registerDueScripts()).toEqual({ registered: 0, failed: 1 });
    const second = await connection();
    expect(second.scriptAttempts).toBe(2);
    expect(second.scriptNextAttemptAt!.getTime() - clock().now().getTime()).toBe(120_000);
    clock().advance(121_000);
    expect(await services.zidUpkeep.registerDueScripts()).toEqual({ registered: 1, failed: 0 });
    expect((await embedState()).connection?.script?.status).toBe('registered');
    expect(zid.state.scripts.map((s) => s.url)).toEqual([
      `https://feed.example.com/widget.js?store=${ZID_STORE}&platform=zid`,
    ]);
    // Registered: nothing more to do, and "Try again" does not register twice.
    const merchant = await signInForTest(runtime, http.url, ZID_OWNER);
    await merchant.call('POST', '/api/merchant/store-connection/script/retry');
    expect(zid.state.scripts.length).toBe(1);
  });

  it('"Try again" registers at once', async () => {
    await runtime.database.db
      .update(zidConnections)
      .set({ scriptStatus: 'failed', scriptNextAttemptAt: new Date(clock().now().getTime() + 3_600_000) })
      .where(eq(zidConnections.storeId, ZID_STORE));
    const merchant = await signInForTest(runtime, http.url, ZID_OWNER);
    const answer = ZStoreConnectionResponse.parse(
      await (await merchant.call('POST', '/api/merchant/store-connection/script/retry')).json(),
    );
    expect(answer.connection?.script?.status).toBe('registered');
    expect(zid.state.scripts.length).toBe(2);
  });

  it('subscribes the product webhooks of a store installed before they existed, once, retrying a failure', async () => {
    // The store got its webhooks at install, and with them its status, whatever its script did.
    expect((await connection()).webhooksStatus).toBe('registered');
    expect(zid.state.webhooks).toHaveLength(3);
    // A store as installed before webhooks were registered: no status, nothing subscribed at Zid.
    await runtime.database.db
      .update(zidConnections)
      .set({ webhooksStatus: null, webhooksNextAttemptAt: null })
      .where(eq(zidConnections.storeId, ZID_STORE));
    zid.state.webhooks = [];
    zid.state.failWebhooks = 1;
    expect(await services.zidUpkeep.registerDueWebhooks()).toEqual({ registered: 0, failed: 1 });
    const failed = await connection();
    expect(failed).toMatchObject({ webhooksStatus: 'failed', webhooksAttempts: 1 });
    expect(failed.webhooksError).toMatch(/500/);
    // Not before its backoff; then once, and never again.
    expect(await services.zidUpkeep.registerDueWebhooks()).toEqual({ registered: 0, failed: 0 });
    clock().advance(61_000);
    expect(await services.zidUpkeep.registerDueWebhooks()).toEqual({ registered: 1, failed: 0 });
    expect(zid.state.webhooks.map((w) => w.event)).toEqual([
      'product.update',
      'product.publish',
      'product.delete',
    ]);
    expect(await services.zidUpkeep.registerDueWebhooks()).toEqual({ registered: 0, failed: 0 });
    expect(zid.state.webhooks).toHaveLength(3);
  });

  it('renews a Zid token before it expires, once even with two cron processes, and follows store changes', async () => {
    await runtime.database.db
      .update(zidConnections)
      .set({ tokenExpiresAt: new Date(clock().now().getTime() + 3_600_000) })
      .where(eq(zidConnections.storeId, ZID_STORE));
    // The merchant edited the store name here; Zid still reports the old one: the edit stays.
    await repos.users.update((await repos.users.findByEmail(ZID_OWNER))!.id, { businessName: 'My own name' });
    zid.state.refreshDelayMs = 150;
    const second = createServices(runtime, { random: () => 0.5 });
    const [a, b] = await Promise.all([services.zidUpkeep.renewExpiring(), second.zidUpkeep.renewExpiring()]);
    expect(zid.state.refreshCalls).toBe(1);
    expect(a.renewed + b.renewed).toBe(1);
    const row = await connection();
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(clock().now().getTime() + 300 * 86_400_000);
    expect(row.accessTokenEnc).not.toContain('zid-manager-token');
    expect((await repos.users.findByEmail(ZID_OWNER))?.businessName).toBe('My own name');
    await services.zidUpkeep.renewExpiring();
    expect(zid.state.refreshCalls).toBe(1);

    // The store is renamed and moved on Zid: the next renewal brings it over.
    zid.state.storeTitle = 'Renamed Store';
    zid.state.storeUrl = 'https://renamed.zid.store/';
    await runtime.database.db
      .update(zidConnections)
      .set({ tokenExpiresAt: new Date(clock().now().getTime() + 3_600_000) })
      .where(eq(zidConnections.storeId, ZID_STORE));
    await services.zidUpkeep.renewExpiring();
    expect(await repos.users.findByEmail(ZID_OWNER)).toMatchObject({
      businessName: 'Renamed Store',
      storeUrl: 'https://renamed.zid.store/',
    });
    zid.state.refreshDelayMs = 0;
  });

  it('marks a refused renewal needs_reauthorisation, tells the merchant once, and keeps the widget', async () => {
    await runtime.database.db
      .update(zidConnections)
      .set({ tokenExpiresAt: new Date(clock().now().getTime() + 3_600_000) })
      .where(eq(zidConnections.storeId, ZID_STORE));
    zid.state.refuseRefresh = true;
    const calls = zid.state.refreshCalls;
    expect(await services.zidUpkeep.renewExpiring()).toMatchObject({ refused: 1, renewed: 0 });
    expect((await embedState()).connection?.state).toBe('needs_reauthorisation');
    const mails = (await (runtime.mailer as DevMailbox).list()).filter(
      (m) => m.to === ZID_OWNER && m.subject.includes('زد'),
    );
    expect(mails.length).toBe(1);
    expect(mails[0]?.link).toBe('https://feed.example.com/api/integrations/zid/install');
    expect(
      await repos.platformConnections.isUninstalled((await repos.users.findByEmail(ZID_OWNER))!.id),
    ).toBe(false);
    await services.zidUpkeep.renewExpiring();
    expect(zid.state.refreshCalls).toBe(calls + 1);
    zid.state.refuseRefresh = false;
  });

  it('shows the uninstall, with its date, on the embed tab', async () => {
    const res = await fetch(`${http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_name: 'app.market.application.uninstall', store_id: ZID_STORE }),
    });
    expect(res.status).toBe(202);
    await settled();
    const state = await embedState();
    expect(state.connection).toMatchObject({ platform: 'zid', state: 'uninstalled' });
    expect(state.connection?.uninstalled_at).toBe(clock().now().toISOString());
  });

  it("fills a Salla store's details on install and when Salla says they changed", async () => {
    const deliver = (payload: unknown) => {
      const body = JSON.stringify(payload);
      return fetch(`${http.url}/api/integrations/salla/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-salla-signature': createHmac('sha256', SALLA_SECRET).update(body).digest('hex'),
        },
        body,
      });
    };
    await deliver({
      event: 'app.store.authorize',
      merchant: 515151,
      data: { access_token: 'salla-upkeep', expires_in: 86_400 },
    });
    await settled();
    expect(await repos.users.findByEmail('owner@salla-upkeep.sa')).toMatchObject({
      businessName: 'Huda Store',
      storeUrl: 'https://huda.salla.sa',
    });
    sallaUsers['salla-upkeep'].domain = 'https://huda-new.salla.sa';
    sallaUsers['salla-upkeep'].name = 'Huda New';
    await deliver({ event: 'app.store.update', merchant: 515151, data: {} });
    await settled();
    expect(await repos.users.findByEmail('owner@salla-upkeep.sa')).toMatchObject({
      businessName: 'Huda New Store',
      storeUrl: 'https://huda-new.salla.sa',
    });
  });
});
