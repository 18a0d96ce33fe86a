import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZInstagramConnection, ZInstagramConnectResponse } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Services } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { instagramConnections } from '../db/schema.js';
import { FAKE_INSTAGRAM_APP } from '../testing/fake-instagram.js';
import { PERSONAL, SHOP, useInstagramConnectWorld } from '../testing/instagram-connect-world.js';
import { signInForTest } from '../testing/sign-in.js';

// Token errors and refreshes, deauthorization and data deletion are in instagram.access.test.ts.
describe.each(databaseBackends)('Connect with Instagram on $name', (backend) => {
  const world = useInstagramConnectWorld(backend);
  const { authorize, finish, connection, refreshOf } = world;

  it('connects an account: authorize URL, code and long-lived exchange, /me, token sealed, content through graph.instagram.com', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'connect@shop.sa');
    const { callback, cookie, authorizeUrl } = await authorize(merchant);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: FAKE_INSTAGRAM_APP.id,
      redirect_uri: 'https://feed.example.com/api/instagram/callback',
      response_type: 'code',
      scope: 'instagram_business_basic',
    });
    expect(cookie).toMatch(/^lamha_ig_connect=/);
    expect(await finish(callback, cookie)).toBe('/dashboard?instagram=connected');

    const exchange = world.ig.requests.find((r) => r.path === '/oauth/access_token')!;
    expect(exchange.params).toMatchObject({
      grant_type: 'authorization_code',
      code: SHOP.code,
      client_id: FAKE_INSTAGRAM_APP.id,
    });
    expect(
      world.ig.requests.some(
        (r) => r.path === '/access_token' && r.params.grant_type === 'ig_exchange_token',
      ),
    ).toBe(true);

    const [row] = await world.runtime.database.db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.userId, merchant.userId));
    expect(row).toMatchObject({
      igUserId: SHOP.userId,
      username: SHOP.username,
      status: 'active',
      demo: false,
    });
    // Sealed: the stored text is not the token Instagram issued.
    expect(row!.accessTokenEnc).toMatch(/^v1:/);
    expect(row!.accessTokenEnc).not.toContain('IGL');
    expect(row!.tokenExpiresAt!.getTime() - world.runtime.clock.now().getTime()).toBe(5_184_000_000);
    expect(await connection(merchant)).toMatchObject({
      connected: true,
      username: SHOP.username,
      status: 'active',
      sample_content: false,
    });

    // The refresh engine reads the merchant's own account: /me, then /me/media paged (50 + 0 of 62 for the trial's 50).
    const outcomes = await world.services.refresh.refreshDueAccounts();
    expect(outcomes).toEqual([expect.objectContaining({ ok: true, posts: 50 })]);
    const mediaCalls = world.ig.requests.filter((r) => r.path.endsWith('/me/media'));
    expect(mediaCalls.length).toBe(1);
    const account = await world.repos.accounts.findByUserId(merchant.userId);
    const content = await world.repos.content.find(account!.id);
    expect(content!.profile.username).toBe(SHOP.username);
    const carousel = content!.posts.find((p) => p.media_type === 'CAROUSEL_ALBUM')!;
    expect(carousel.children).toHaveLength(2);
    // Media were copied off the CDN: nothing shown points at Instagram.
    expect(JSON.stringify(content)).not.toContain(world.cdn.baseUrl);
  });

  it('pages /me/media with the next URL until the limit', async () => {
    world.ig.consent = SHOP.code;
    const merchant = await signInForTest(world.runtime, world.http.url, 'paging@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const before = world.ig.requests.length;
    const { fetchWithToken } = await import('./login.source.js');
    const token = await world.services.instagramConnect.tokenFor(merchant.userId);
    if (token?.status !== 'active') throw new Error('not active');
    const fetched = await fetchWithToken(world.services.instagramLogin!, token.token, 60);
    expect(fetched.ok && fetched.value.posts.length).toBe(60);
    const pages = world.ig.requests.slice(before).filter((r) => r.path.endsWith('/me/media'));
    expect(pages.map((p) => p.params.after ?? null)).toEqual([null, expect.any(String)]);
  });

  it('refuses a reused, expired, cookie-less or other-browser state, a denial and a personal account', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'states@shop.sa');
    const first = await authorize(merchant);
    expect(await finish(first.callback)).toBe('/dashboard?instagram=error&code=state_invalid');
    const other = await authorize(merchant);
    expect(await finish(first.callback, other.cookie)).toBe('/dashboard?instagram=error&code=state_invalid');
    expect(await finish(other.callback, other.cookie)).toBe('/dashboard?instagram=connected');
    // Single use: the same state and cookie again.
    expect(await finish(other.callback, other.cookie)).toBe('/dashboard?instagram=error&code=state_invalid');

    const late = await authorize(merchant);
    world.runtime.clock.advance(11 * 60_000);
    expect(await finish(late.callback, late.cookie)).toBe('/dashboard?instagram=error&code=state_invalid');

    world.ig.consent = 'deny';
    const denied = await authorize(merchant);
    expect(new URL(denied.callback).searchParams.get('error')).toBe('access_denied');
    expect(await finish(denied.callback, denied.cookie)).toBe(
      '/dashboard?instagram=error&code=access_denied',
    );

    world.ig.consent = PERSONAL.code;
    const personal = await authorize(merchant);
    expect(await finish(personal.callback, personal.cookie)).toBe(
      '/dashboard?instagram=error&code=personal_account',
    );
    const [row] = await world.runtime.database.db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.userId, merchant.userId));
    expect(row?.username).toBe(SHOP.username);
  });

  it('disconnect deletes the token', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'disconnect@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const res = await merchant.call('DELETE', '/api/instagram/connection');
    expect(await res.json()).toEqual({ disconnected: true });
    expect(await connection(merchant)).toMatchObject({ connected: false, username: null });
    expect(
      await world.runtime.database.db
        .select()
        .from(instagramConnections)
        .where(eq(instagramConnections.userId, merchant.userId)),
    ).toEqual([]);
  });

  it('connects through the fake with expiring media URLs: expired copies are skipped, never shown', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'expired@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    world.ig.expiredMedia = true;
    const { outcome, account } = await refreshOf(merchant.userId);
    expect(outcome).toMatchObject({ ok: false });
    expect(await world.repos.content.find(account.id)).toBeUndefined();
  });
});

describe('Connect with Instagram through the dev consent page (no credentials)', () => {
  let runtime: Runtime;
  let http: RunningServer;
  let services: Services;

  beforeAll(async () => {
    runtime = await createTestRuntime();
    services = createServices(runtime, { random: () => 0.5 });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('picks a demo account on the dev page and lands connected with sample content', async () => {
    const merchant = await signInForTest(runtime, http.url, 'dev@shop.sa');
    const res = await merchant.call('POST', '/api/instagram/connect');
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { url } = ZInstagramConnectResponse.parse(await res.json());
    const consent = new URL(url);
    expect(consent.pathname).toBe('/dev/instagram/authorize');
    const page = await fetch(`${http.url}${consent.pathname}${consent.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-username="lamha_store"');
    const decide = new URL(`${http.url}/dev/instagram/decide`);
    decide.searchParams.set('redirect_uri', consent.searchParams.get('redirect_uri')!);
    decide.searchParams.set('state', consent.searchParams.get('state')!);
    decide.searchParams.set('username', 'lamha_store');
    const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
    expect(back.pathname).toBe('/api/instagram/callback');
    const done = await fetch(`${http.url}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(done.headers.get('location')).toBe('/dashboard?instagram=connected');
    expect(
      ZInstagramConnection.parse(await (await merchant.call('GET', '/api/instagram/connection')).json()),
    ).toMatchObject({
      connected: true,
      username: 'lamha_store',
      sample_content: true,
    });
    // Its content is the demo source's, read with the dev token (copying it is the refresh tests' job).
    const token = await services.instagramConnect.tokenFor(merchant.userId);
    if (token?.status !== 'active') throw new Error('not connected');
    const posts = await services.instagramLogin!.media(token.token, 3, 'lamha_store');
    expect(posts.ok && posts.value).toHaveLength(3);
    // A redirect_uri other than our callback is refused (no open redirect).
    decide.searchParams.set('redirect_uri', 'https://evil.example.com/cb');
    expect((await fetch(decide, { redirect: 'manual' })).status).toBe(400);
  });
});
