import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_ERRORS, TIER_IDS, ZMerchant, ZWidgetInit } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import type { ManualClock } from '../lib/clock.js';
import { sallaConnections, webhookDeliveries, zidConnections } from '../db/schema.js';
import { startFakeSalla, startFakeZid } from '../testing/fake-platforms.js';
import { sallaSnippet } from './salla/salla.routes.js';

const SALLA_SECRET = 'salla-webhook-secret-for-tests';
const ZID_SECRET = 'zid-webhook-secret-0123456789abcdef';
const STORE = 1234509876;

describe.each(databaseBackends)('Salla and Zid on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let salla: Awaited<ReturnType<typeof startFakeSalla>>;
  let zid: Awaited<ReturnType<typeof startFakeZid>>;

  const signed = (body: string, secret = SALLA_SECRET) => ({
    'content-type': 'application/json',
    'x-salla-signature': createHmac('sha256', secret).update(body).digest('hex'),
    'x-salla-security-strategy': 'Signature',
  });
  const deliver = (payload: unknown, headers?: Record<string, string>) => {
    const body = JSON.stringify(payload);
    return fetch(`${http.url}/api/integrations/salla/webhook`, {
      method: 'POST',
      headers: headers ?? signed(body),
      body,
    });
  };
  /** Waits for the deliveries' jobs (queued before the 2xx answer), then checks none is left pending. */
  const settled = async () => {
    await services.jobs.idle();
    const [row] = (await runtime.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'pending'))) as { n: number }[];
    if (row?.n !== 0) throw new Error('deliveries still pending');
  };
  const salla_ = (event: string, data: Record<string, unknown> = {}, merchant = STORE) => ({
    event,
    merchant,
    created_at: '2026-03-01 10:00:00',
    data,
  });
  const merchantOf = async (email: string) => {
    const user = await repos.users.findByEmail(email);
    return user ? services.merchant.get(user) : undefined;
  };
  const initByStore = (storeId: string | number, platform = 'salla') =>
    fetch(`${http.url}/api/widget/init?store_id=${storeId}&platform=${platform}`);

  beforeAll(async () => {
    salla = await startFakeSalla({
      users: {
        'salla-access-0': {
          email: 'owner@salla-store.sa',
          name: 'Noura',
          merchantId: STORE,
          domain: 'https://noura.salla.sa',
        },
      },
    });
    zid = await startFakeZid({
      email: 'owner@zid-store.sa',
      storeId: '507530',
      storeUrl: 'https://zid-store.zid.store/',
    });
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        APP_URL: 'https://feed.example.com',
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        SALLA_ACCOUNTS_URL: salla.url,
        SALLA_CLIENT_ID: 'salla-client',
        SALLA_CLIENT_SECRET: 'salla-client-secret',
        SALLA_PLAN_MAP: 'Lamha Pro:pro,Lamha Basic:basic',
        ZID_CLIENT_ID: 'zid-client',
        ZID_CLIENT_SECRET: 'zid-client-secret',
        ZID_OAUTH_URL: zid.url,
        ZID_API_URL: `${zid.url}/v1`,
        ZID_WEBHOOK_SECRET: ZID_SECRET,
        ZID_PLAN_MAP: 'Pro:pro',
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

  it('refuses forged and unsigned deliveries, changing nothing', async () => {
    const body = JSON.stringify(
      salla_('app.store.authorize', { access_token: 'salla-access-0', expires: 1900000000 }),
    );
    const forged = await fetch(`${http.url}/api/integrations/salla/webhook`, {
      method: 'POST',
      headers: signed(body, 'wrong-secret'),
      body,
    });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${http.url}/api/integrations/salla/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    // A valid signature over other bytes does not verify this body.
    const swapped = await fetch(`${http.url}/api/integrations/salla/webhook`, {
      method: 'POST',
      headers: signed(`${body} `),
      body,
    });
    expect(swapped.status).toBe(401);
    const [count] = (await runtime.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)) as { n: number }[];
    expect(count?.n).toBe(0);
    expect(await repos.users.findByEmail('owner@salla-store.sa')).toBeUndefined();
  });

  it('installs a Salla store: merchant, trial, welcome mail, sealed tokens, widget by store id', async () => {
    expect((await deliver(salla_('app.installed', { id: 1 }))).status).toBe(202);
    const authorize = salla_('app.store.authorize', {
      access_token: 'salla-access-0',
      refresh_token: 'salla-refresh-0',
      expires: Math.floor(Date.now() / 1000) + 86_400,
      scope: 'settings.read offline_access',
      token_type: 'bearer',
    });
    salla.state.validRefreshTokens.add('salla-refresh-0');
    expect((await deliver(authorize)).status).toBe(202);
    await settled();

    const merchant = ZMerchant.parse(await merchantOf('owner@salla-store.sa'));
    expect(merchant).toMatchObject({
      store_platform: 'salla',
      store_url: 'https://noura.salla.sa',
      needs_password_setup: true,
      subscription_plan: 'trial',
      business_name: 'Noura Store',
    });
    expect(new Date(merchant.trial_ends_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const mails = await (runtime.mailer as DevMailbox).list();
    const welcome = mails.find((m) => m.to === 'owner@salla-store.sa');
    expect(welcome?.link).toMatch(/^https:\/\/feed\.example\.com\/auth\/callback\?code=/);

    const [row] = await runtime.database.db
      .select()
      .from(sallaConnections)
      .where(eq(sallaConnections.storeId, String(STORE)));
    expect(row?.accessTokenEnc).toBeTruthy();
    expect(row?.accessTokenEnc).not.toContain('salla-access-0');
    expect(row?.refreshTokenEnc).not.toContain('salla-refresh-0');

    // Installed but Instagram not connected yet: the storefront hears so (the widget shows its message).
    const before = await initByStore(STORE);
    expect(before.status).toBe(404);
    expect(((await before.json()) as { error: { code: string } }).error.code).toBe('not_connected');
    const user = (await repos.users.findByEmail('owner@salla-store.sa'))!;
    const connected = await services.instagramAccount.connect(user.id, 'noura.store');
    expect(connected.ok).toBe(true);
    const after = await initByStore(STORE);
    expect(after.status).toBe(200);
    expect(ZWidgetInit.parse(await after.json()).data.config.instagram_username).toBe('noura.store');
  });

  it('does nothing the second time a delivery is replayed', async () => {
    const mailsBefore = (await (runtime.mailer as DevMailbox).list()).length;
    const replay = salla_('app.store.authorize', { access_token: 'salla-access-0', expires: 1900000000 });
    const first = await deliver(replay);
    expect(first.status).toBe(202);
    await settled();
    const again = await deliver(replay);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'duplicate' });
    await settled();
    expect((await (runtime.mailer as DevMailbox).list()).length).toBe(mailsBefore + 1);
  });

  it('maps Salla subscriptions to plans; an ended one gets the grace days, then the widget hides', async () => {
    await deliver(
      salla_('app.subscription.started', {
        item_type: 'plan',
        plan_name: 'Lamha Pro',
        end_date: '2099-01-01T00:00:00.000000Z',
        price: '119.00',
      }),
    );
    await settled();
    expect((await merchantOf('owner@salla-store.sa'))?.subscription_plan).toBe('pro');
    const key = (await merchantOf('owner@salla-store.sa'))!.public_widget_key!;
    const proInit = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(proInit.data.config.customization_options.branding.show).toBe(false);

    // An add-on changes nothing; the trial ends; then the plan expires: 3 days of grace on the lapsed
    // plan, then (unpaid) the widget renders nothing on the store; settings are kept.
    await deliver(salla_('app.subscription.started', { item_type: 'addon', plan_name: 'Lamha Basic' }));
    await deliver(salla_('app.trial.expired', {}));
    await deliver(salla_('app.subscription.expired', { item_type: 'plan', plan_name: 'Lamha Pro' }));
    await settled();
    expect((await merchantOf('owner@salla-store.sa'))?.subscription_plan).toBe('pro');
    const graceInit = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(graceInit.data.config.widget_enabled).toBe(true);
    (runtime.clock as ManualClock).advance(3 * 86_400_000 + 1_000);
    await services.billing.runNotices();
    expect((await merchantOf('owner@salla-store.sa'))?.subscription_plan).toBe('free');
    const expiredInit = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(expiredInit.data.config.widget_enabled).toBe(false);
    expect(expiredInit.data.content.feed).toEqual([]);
    // A renewal on Salla brings it back.
    await deliver(
      salla_('app.subscription.renewed', {
        item_type: 'plan',
        plan_name: 'Lamha Basic',
        end_date: '2099-01-01T00:00:00.000000Z',
      }),
    );
    await settled();
    const basicInit = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(basicInit.data.config.widget_enabled).toBe(true);
    expect(basicInit.data.config.customization_options.branding.show).toBe(true);
    expect(basicInit.data.config.customization_options.highlights.enabled).toBe(false);
  });

  it('renews Salla tokens once even when two workers try at the same time', async () => {
    await runtime.database.db
      .update(sallaConnections)
      .set({ tokenExpiresAt: new Date(runtime.clock.now().getTime() + 3_600_000) })
      .where(eq(sallaConnections.storeId, String(STORE)));
    salla.state.refreshDelayMs = 150;
    const callsBefore = salla.state.refreshCalls;
    const second = createServices(runtime, { random: () => 0.5 });
    const [a, b] = await Promise.all([
      services.sallaTokens.renewExpiring(),
      second.sallaTokens.renewExpiring(),
    ]);
    expect(salla.state.refreshCalls - callsBefore).toBe(1);
    expect(a.renewed + b.renewed).toBe(1);
    expect(a.failed + b.failed).toBe(0);
    const [row] = await runtime.database.db
      .select()
      .from(sallaConnections)
      .where(eq(sallaConnections.storeId, String(STORE)));
    expect(row!.tokenExpiresAt!.getTime()).toBeGreaterThan(runtime.clock.now().getTime() + 10 * 86_400_000);
    // Nothing left to renew: no further call.
    await services.sallaTokens.renewExpiring();
    expect(salla.state.refreshCalls - callsBefore).toBe(1);
  });

  it('hides the widget on uninstall and keeps the merchant for a reinstall', async () => {
    const key = (await merchantOf('owner@salla-store.sa'))!.public_widget_key!;
    await deliver(salla_('app.uninstalled', {}));
    await settled();
    const init = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(init.data.config.widget_enabled).toBe(false);
    const merchant = await merchantOf('owner@salla-store.sa');
    expect(merchant?.instagram_username).toBe('noura.store');
    const [row] = await runtime.database.db
      .select()
      .from(sallaConnections)
      .where(eq(sallaConnections.storeId, String(STORE)));
    expect(row).toMatchObject({ status: 'uninstalled', accessTokenEnc: null, refreshTokenEnc: null });
  });

  it('accepts the token strategy with or without Bearer', async () => {
    const tokenServices = createServices(
      { ...runtime, env: { ...runtime.env, SALLA_WEBHOOK_STRATEGY: 'token' } },
      { random: () => 0.5 },
    );
    const raw = Buffer.from('{}');
    expect(tokenServices.sallaWebhooks.verifySignature(raw, { authorization: SALLA_SECRET })).toBe(true);
    expect(
      tokenServices.sallaWebhooks.verifySignature(raw, { authorization: `Bearer ${SALLA_SECRET}` }),
    ).toBe(true);
    expect(tokenServices.sallaWebhooks.verifySignature(raw, { authorization: 'Bearer nope' })).toBe(false);
    expect(tokenServices.sallaWebhooks.verifySignature(raw, {})).toBe(false);
  });

  it('installs a Zid store through OAuth and registers the storefront script', async () => {
    const install = await fetch(`${http.url}/api/integrations/zid/install`, { redirect: 'manual' });
    expect(install.status).toBe(302);
    const authorize = new URL(install.headers.get('location')!);
    expect(authorize.origin).toBe(zid.url);
    expect(authorize.searchParams.get('client_id')).toBe('zid-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'https://feed.example.com/api/integrations/zid/callback',
    );
    const state = authorize.searchParams.get('state')!;
    const cookie = (install.headers.getSetCookie()[0] ?? '').split(';')[0]!;

    const forgedState = await fetch(`${http.url}/api/integrations/zid/callback?code=good-code&state=forged`, {
      redirect: 'manual',
    });
    expect(forgedState.headers.get('location')).toMatch(/^\/login\?error=auth_exception/);

    // A code or state that no provider or we could have issued (spaces, NUL, non-ASCII, not a JWS) stops
    // at the schema: nothing reaches Zid's token endpoint.
    const tokenCallsBefore = zid.state.tokenRequests.length;
    for (const bad of [
      `code=${encodeURIComponent('good code')}&state=${encodeURIComponent(state)}`,
      `code=good-code%00&state=${encodeURIComponent(state)}`,
      `code=${encodeURIComponent('رمز')}&state=${encodeURIComponent(state)}`,
      `code=good-code&state=${encodeURIComponent(`${state}<script>`)}`,
    ]) {
      const refused = await fetch(`${http.url}/api/integrations/zid/callback?${bad}`, {
        redirect: 'manual',
        headers: { cookie },
      });
      expect(refused.headers.get('location')).toMatch(/^\/login\?error=auth_exception/);
    }
    expect(zid.state.tokenRequests.length).toBe(tokenCallsBefore);

    const callback = await fetch(
      `${http.url}/api/integrations/zid/callback?code=good-code&state=${encodeURIComponent(state)}`,
      { redirect: 'manual', headers: { cookie } },
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toMatch(/^https:\/\/feed\.example\.com\/auth\/callback\?code=/);
    expect(zid.state.scripts).toEqual([
      {
        url: 'https://feed.example.com/widget.js?store=507530&platform=zid',
        managerToken: 'zid-manager-token',
        authorization: 'Bearer zid-authorization-token',
      },
    ]);
    const merchant = ZMerchant.parse(await merchantOf('owner@zid-store.sa'));
    expect(merchant).toMatchObject({
      store_platform: 'zid',
      needs_password_setup: true,
      subscription_plan: 'trial',
    });
    const [row] = await runtime.database.db
      .select()
      .from(zidConnections)
      .where(eq(zidConnections.storeId, '507530'));
    expect(row?.accessTokenEnc).not.toContain('zid-manager-token');
  });

  it('tells a person a Zid install failed without upstream hosts or errors', async () => {
    const install = await fetch(`${http.url}/api/integrations/zid/install`, { redirect: 'manual' });
    const state = new URL(install.headers.get('location')!).searchParams.get('state')!;
    const cookie = (install.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    // A code Zid refuses (its token endpoint answers 400).
    const refused = await fetch(
      `${http.url}/api/integrations/zid/callback?code=expired-code&state=${encodeURIComponent(state)}`,
      { redirect: 'manual', headers: { cookie } },
    );
    const location = new URL(refused.headers.get('location')!, 'https://feed.example.com');
    expect(location.pathname).toBe('/login');
    const message = location.searchParams.get('message');
    expect(message).toBe(API_ERRORS.zid_token_failed.en);
    expect(message).not.toContain(new URL(zid.url).host);
    expect(message).not.toMatch(/HTTP|answer/);
  });

  it('verifies Zid webhooks by their secret URL and maps subscriptions', async () => {
    const event = {
      event_name: 'app.market.subscription.active',
      store_id: 507530,
      plan_name: 'Pro',
      end_date: '2099-01-01 00:00:00',
    };
    const wrong = await fetch(`${http.url}/api/integrations/zid/webhook/not-the-secret-at-all-000000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(wrong.status).toBe(401);
    const ok = await fetch(`${http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(ok.status).toBe(202);
    await settled();
    expect((await merchantOf('owner@zid-store.sa'))?.subscription_plan).toBe('pro');
    expect((await merchantOf('owner@zid-store.sa'))?.subscription_tier_id).toBe(TIER_IDS.pro);
    const bad = await fetch(`${http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"store_id":1}',
    });
    expect(bad.status).toBe(400);
  });

  it('serves the Salla storefront snippet', async () => {
    const res = await fetch(`${http.url}/integrations/salla/snippet.js`);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await res.text();
    expect(text).toBe(sallaSnippet('https://feed.example.com'));
    expect(text).toContain("salla.config.get('store.id', '')");
  });
});
