import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TIER_IDS, ZApiError, ZMerchant, ZStoreLinkResponse, ZStoreLinksResponse } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { signInForTest } from '../testing/sign-in.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import type { ManualClock } from '../lib/clock.js';
import {
  authSessions,
  magicLinkCodes,
  sallaConnections,
  webhookDeliveries,
  zidConnections,
} from '../db/schema.js';
import { startFakeSalla, startFakeZid } from '../testing/fake-platforms.js';
import { signAccessToken } from '../auth/access-token.js';

const SALLA_SECRET = 'salla-webhook-secret-for-tests';
const VICTIM = 'victim@owner-shop.sa';
const ATTACKER_SALLA_STORE = 777001;
const ATTACKER_ZID_STORE = '880022';

/**
 * Issue 13 item 1: a store install whose e-mail is an existing account's never signs anyone in to that
 * account and never links it until the owner confirms the e-mailed link.
 */
describe.each(databaseBackends)('store installs and existing accounts on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let salla: Awaited<ReturnType<typeof startFakeSalla>>;
  let zid: Awaited<ReturnType<typeof startFakeZid>>;
  let victim: Awaited<ReturnType<typeof signInForTest>>;

  const clock = () => runtime.clock as ManualClock;
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
  const settled = async () => {
    for (let i = 0; i < 100; i++) {
      const [row] = (await runtime.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(sql`${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.attempts} = 0`)) as {
        n: number;
      }[];
      if (row?.n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('deliveries still waiting for their first processing');
  };
  const mails = async (to: string) =>
    (await (runtime.mailer as DevMailbox).list()).filter((m) => m.to === to);
  const linkTokenOf = (link: string | null | undefined) =>
    new URL(link ?? 'https://x/').searchParams.get('token') ?? '';
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${http.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const victimMerchant = async () =>
    ZMerchant.parse(await (await victim.call('GET', '/api/merchant')).json());
  /** Starts a Zid install in a "browser": the install cookie and the state Zid would echo back. */
  const startZidInstall = async () => {
    const res = await fetch(`${http.url}/api/integrations/zid/install`, { redirect: 'manual' });
    const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('lamha_zid_install=')) ?? '').split(
      ';',
    )[0]!;
    const state = new URL(res.headers.get('location')!).searchParams.get('state')!;
    return { cookie, state, setCookie: res.headers.getSetCookie().join('\n') };
  };
  const zidCallback = (state: string, cookie?: string) =>
    fetch(`${http.url}/api/integrations/zid/callback?code=good-code&state=${encodeURIComponent(state)}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });

  beforeAll(async () => {
    salla = await startFakeSalla({
      users: {
        'attacker-salla-access': {
          email: VICTIM,
          name: 'Mallory',
          merchantId: ATTACKER_SALLA_STORE,
          domain: 'https://mallory.salla.sa',
        },
      },
    });
    zid = await startFakeZid({
      email: VICTIM,
      storeId: ATTACKER_ZID_STORE,
      storeUrl: 'https://m.zid.store/',
    });
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        APP_URL: 'https://feed.example.com',
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        SALLA_ACCOUNTS_URL: salla.url,
        SALLA_PLAN_MAP: 'Lamha Pro:pro',
        ZID_CLIENT_ID: 'zid-client',
        ZID_CLIENT_SECRET: 'zid-client-secret',
        ZID_OAUTH_URL: zid.url,
        ZID_API_URL: `${zid.url}/v1`,
      },
    });
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    // The victim: an account from before any install, on Pro, with a widget showing.
    victim = await signInForTest(runtime, http.url, VICTIM);
    expect((await services.instagramAccount.connect(victim.userId, 'victim.shop')).ok).toBe(true);
    await repos.subscriptions.replaceActive({
      userId: victim.userId,
      tierId: TIER_IDS.pro,
      source: 'direct',
      startDate: clock().now(),
      endDate: new Date(clock().now().getTime() + 30 * 86_400_000),
    });
    await services.snapshots.rebuild(victim.userId);
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await salla.close();
    await zid.close();
  });

  it('a Salla install with the victim e-mail links nothing until the owner confirms', async () => {
    const before = await victimMerchant();
    expect(before.subscription_plan).toBe('pro');
    expect(
      (
        await deliver({
          event: 'app.store.authorize',
          merchant: ATTACKER_SALLA_STORE,
          data: { access_token: 'attacker-salla-access', refresh_token: 'r', expires_in: 86_400 },
        })
      ).status,
    ).toBe(202);
    await settled();

    // No connection, no account change, no sign-in link: only the confirmation e-mail.
    const rows = await runtime.database.db
      .select()
      .from(sallaConnections)
      .where(eq(sallaConnections.storeId, String(ATTACKER_SALLA_STORE)));
    expect(rows).toEqual([]);
    const after = await victimMerchant();
    expect(after).toMatchObject({ store_platform: before.store_platform, store_url: before.store_url });
    const sent = await mails(VICTIM);
    expect(sent.map((m) => m.subject)).toEqual(['ربط المتجر Mallory Store بحسابك في لمحة؟']);
    expect(sent[0]?.link).toMatch(/^https:\/\/feed\.example\.com\/link-store\?token=/);
    const codes = await runtime.database.db
      .select()
      .from(magicLinkCodes)
      .where(eq(magicLinkCodes.email, VICTIM));
    expect(codes.filter((c) => !c.usedAt)).toEqual([]);

    // The store's widget shows nothing.
    const init = await fetch(`${http.url}/api/widget/init?store_id=${ATTACKER_SALLA_STORE}&platform=salla`);
    expect(init.status).toBe(404);

    // The store's subscription ending does not touch the victim's plan.
    await deliver({
      event: 'app.subscription.expired',
      merchant: ATTACKER_SALLA_STORE,
      data: { item_type: 'plan', plan_name: 'Lamha Pro' },
    });
    await deliver({ event: 'app.trial.expired', merchant: ATTACKER_SALLA_STORE, data: {} });
    await settled();
    expect((await victimMerchant()).subscription_plan).toBe('pro');
    expect((await victimMerchant()).trial_ends_at).toBe(before.trial_ends_at);

    // The owner's dashboard lists the install as waiting.
    const listed = ZStoreLinksResponse.parse(
      await (await victim.call('GET', '/api/merchant/store-links')).json(),
    );
    expect(listed.links).toEqual([
      expect.objectContaining({
        platform: 'salla',
        store_name: 'Mallory Store',
        store_url: 'https://mallory.salla.sa',
      }),
    ]);
  });

  it('the e-mailed link previews, confirms once, and then the store is linked', async () => {
    const token = linkTokenOf((await mails(VICTIM))[0]?.link);
    const preview = await post('/api/integrations/store-link/preview', { token });
    expect(ZStoreLinkResponse.parse(await preview.json()).link.store_name).toBe('Mallory Store');
    // Previewing changed nothing.
    expect(
      await runtime.database.db
        .select()
        .from(sallaConnections)
        .where(eq(sallaConnections.storeId, String(ATTACKER_SALLA_STORE))),
    ).toEqual([]);

    const confirmed = await post('/api/integrations/store-link/confirm', { token });
    expect(confirmed.status).toBe(200);
    const [row] = await runtime.database.db
      .select()
      .from(sallaConnections)
      .where(eq(sallaConnections.storeId, String(ATTACKER_SALLA_STORE)));
    expect(row).toMatchObject({ userId: victim.userId, status: 'active' });
    const init = await fetch(`${http.url}/api/widget/init?store_id=${ATTACKER_SALLA_STORE}&platform=salla`);
    expect(init.status).toBe(200);
    const listed = ZStoreLinksResponse.parse(
      await (await victim.call('GET', '/api/merchant/store-links')).json(),
    );
    expect(listed.links).toEqual([]);

    const again = await post('/api/integrations/store-link/confirm', { token });
    expect(again.status).toBe(400);
    expect(ZApiError.parse(await again.json()).error.code).toBe('store_link_invalid');
    const bad = await post('/api/integrations/store-link/confirm', { token: 'x' });
    expect(bad.status).toBe(400);
  });

  it('a link older than 24 hours does nothing', async () => {
    salla.state.validRefreshTokens.clear();
    await deliver({
      event: 'app.store.authorize',
      merchant: ATTACKER_SALLA_STORE + 1,
      data: { access_token: 'attacker-salla-access', expires_in: 86_400 },
    });
    await settled();
    const sent = await mails(VICTIM);
    expect(sent.length).toBe(2);
    const token = linkTokenOf(sent[0]?.link);
    clock().advance(24 * 3_600_000 + 1_000);
    const late = await post('/api/integrations/store-link/confirm', { token });
    expect((await post('/api/integrations/store-link/decline', { token })).status).toBe(204);
    expect(late.status).toBe(400);
    expect(ZApiError.parse(await late.json()).error.code).toBe('store_link_invalid');
    expect(
      await runtime.database.db
        .select()
        .from(sallaConnections)
        .where(eq(sallaConnections.storeId, String(ATTACKER_SALLA_STORE + 1))),
    ).toEqual([]);
  });

  it('a Zid install with the victim e-mail never signs the installer in', async () => {
    const { cookie, setCookie } = await startZidInstall();
    expect(setCookie).toMatch(/lamha_zid_install=.*HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/integrations\/zid/);
    const { state } = await startZidInstall();
    // Another browser's state (the cookie does not match) is refused.
    const foreign = await zidCallback(state, cookie);
    expect(foreign.headers.get('location')).toMatch(/^\/login\?error=auth_exception/);

    const mine = await startZidInstall();
    const callback = await zidCallback(mine.state, mine.cookie);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/link-store?sent=zid');
    // Nothing to sign in with: no session, no unused sign-in code, no connection, no script yet.
    const sessions = await runtime.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, victim.userId));
    expect(sessions.length).toBe(1);
    const codes = await runtime.database.db
      .select()
      .from(magicLinkCodes)
      .where(eq(magicLinkCodes.email, VICTIM));
    expect(codes.filter((c) => !c.usedAt)).toEqual([]);
    expect(
      await runtime.database.db
        .select()
        .from(zidConnections)
        .where(eq(zidConnections.storeId, ATTACKER_ZID_STORE)),
    ).toEqual([]);
    expect(zid.state.scripts).toEqual([]);
    expect((await mails(VICTIM)).length).toBe(3);

    // The same state again is refused: it is single-use.
    const replay = await zidCallback(mine.state, mine.cookie);
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=auth_exception/);
  });

  it('a Zid state works once, for ten minutes, never in another browser, and nothing else passes', async () => {
    const a = await startZidInstall();
    // Without our cookie (a server-side redirect dropped it) the state alone decides: the install goes
    // on, signs no one in (here it only e-mails the owner), and the state is spent.
    expect((await zidCallback(a.state)).headers.get('location')).toBe('/link-store?sent=zid');
    expect((await zidCallback(a.state)).headers.get('location')).toMatch(/^\/login\?error=/);

    const b = await startZidInstall();
    clock().advance(10 * 60_000 + 1_000);
    expect((await zidCallback(b.state, b.cookie)).headers.get('location')).toMatch(/^\/login\?error=/);

    // An access token signed with the auth secret is not a state, even with the right cookie.
    const c = await startZidInstall();
    const { token } = await signAccessToken(
      { sub: victim.userId, sid: 'x' },
      runtime.authSecret,
      clock().now(),
    );
    expect((await zidCallback(token, c.cookie)).headers.get('location')).toMatch(/^\/login\?error=/);
    expect((await zidCallback(token)).headers.get('location')).toMatch(/^\/login\?error=/);
    expect(zid.state.tokenRequests.length).toBe(2);
  });

  it('keeps the victim on their own widget through all of it', async () => {
    const merchant = await services.merchant.get((await repos.users.findById(victim.userId))!);
    expect(merchant.instagram_username).toBe('victim.shop');
  });
});
