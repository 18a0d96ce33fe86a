import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { eq } from 'drizzle-orm';
import {
  API_ERRORS,
  ZDataDeletionAnswer,
  ZInstagramConnection,
  ZInstagramConnectResponse,
  type TWidgetInit,
} from '@app/shared';
import { createLogger } from '../lib/logger.js';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { instagramConnections } from '../db/schema.js';
import { startFakeCdn, type FakeCdn } from '../testing/fake-cdn.js';
import { FAKE_INSTAGRAM_APP, startFakeInstagram, type FakeInstagram } from '../testing/fake-instagram.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { signInForTest } from '../testing/sign-in.js';

const DAY = 86_400_000;
const SHOP = {
  code: 'code-shop',
  userId: '17841400000000001',
  username: 'shop.one',
  accountType: 'BUSINESS',
  posts: 62,
  stories: 3,
} as const;
const PERSONAL = {
  code: 'code-personal',
  userId: '17841400000000002',
  username: 'me.personal',
  accountType: 'PERSONAL',
  posts: 3,
  stories: 0,
} as const;

function signedRequest(payload: unknown, secret = FAKE_INSTAGRAM_APP.secret) {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${createHmac('sha256', secret).update(body).digest('base64url')}.${body}`;
}

describe.each(databaseBackends)('Connect with Instagram on $name', (backend) => {
  let runtime: Runtime & { clock: ManualClock };
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let cdn: FakeCdn;
  let ig: FakeInstagram;
  /** Every line the API logs, as written (after redaction). */
  const logLines: string[] = [];

  beforeAll(async () => {
    cdn = await startFakeCdn();
    const clock = new ManualClock(new Date());
    ig = await startFakeInstagram({
      cdnUrl: cdn.baseUrl,
      accounts: [SHOP, PERSONAL],
      now: () => clock.now(),
    });
    runtime = (await createTestRuntime({
      database: await backend.open(),
      clock,
      env: { APP_URL: 'https://feed.example.com', ...ig.env },
    })) as Runtime & { clock: ManualClock };
    runtime.logger = createLogger('info', 'api', { write: (line: string) => logLines.push(line) });
    const mediaFetcher = new HttpMediaFetcher({ allowLoopbackForTests: true, clock, timeoutMs: 2_000 });
    services = createServices(runtime, { mediaFetcher, random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await ig.close();
    await cdn.close();
  });
  beforeEach(() => {
    ig.failWith = undefined;
    ig.expiredMedia = false;
    ig.consent = SHOP.code;
  });

  /** Starts a connection and follows Instagram's authorize redirect: the callback URL and this browser's cookie. */
  const authorize = async (merchant: Awaited<ReturnType<typeof signInForTest>>) => {
    const res = await merchant.call('POST', '/api/instagram/connect');
    expect(res.status).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { url } = ZInstagramConnectResponse.parse(await res.json());
    const back = await fetch(url, { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://feed.example.com/api/instagram/callback');
    return {
      callback: `${http.url}${location.pathname}${location.search}`,
      cookie,
      authorizeUrl: new URL(url),
    };
  };
  const finish = async (callback: string, cookie?: string) => {
    const res = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };
  const connection = async (merchant: Awaited<ReturnType<typeof signInForTest>>) =>
    ZInstagramConnection.parse(await (await merchant.call('GET', '/api/instagram/connection')).json());

  it('connects an account: authorize URL, code and long-lived exchange, /me, token sealed, content through graph.instagram.com', async () => {
    const merchant = await signInForTest(runtime, http.url, 'connect@shop.sa');
    const { callback, cookie, authorizeUrl } = await authorize(merchant);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: FAKE_INSTAGRAM_APP.id,
      redirect_uri: 'https://feed.example.com/api/instagram/callback',
      response_type: 'code',
      scope: 'instagram_business_basic',
    });
    expect(cookie).toMatch(/^lamha_ig_connect=/);
    expect(await finish(callback, cookie)).toBe('/dashboard?instagram=connected');

    const exchange = ig.requests.find((r) => r.path === '/oauth/access_token')!;
    expect(exchange.params).toMatchObject({
      grant_type: 'authorization_code',
      code: SHOP.code,
      client_id: FAKE_INSTAGRAM_APP.id,
    });
    expect(
      ig.requests.some((r) => r.path === '/access_token' && r.params.grant_type === 'ig_exchange_token'),
    ).toBe(true);

    const [row] = await runtime.database.db
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
    expect(row!.tokenExpiresAt!.getTime() - runtime.clock.now().getTime()).toBe(5_184_000_000);
    expect(await connection(merchant)).toMatchObject({
      connected: true,
      username: SHOP.username,
      status: 'active',
      sample_content: false,
    });

    // The refresh engine reads the merchant's own account: /me, then /me/media paged (50 + 0 of 62 for the trial's 50).
    const outcomes = await services.refresh.refreshDueAccounts();
    expect(outcomes).toEqual([expect.objectContaining({ ok: true, posts: 50 })]);
    const mediaCalls = ig.requests.filter((r) => r.path.endsWith('/me/media'));
    expect(mediaCalls.length).toBe(1);
    const account = await repos.accounts.findByUserId(merchant.userId);
    const content = await repos.content.find(account!.id);
    expect(content!.profile.username).toBe(SHOP.username);
    const carousel = content!.posts.find((p) => p.media_type === 'CAROUSEL_ALBUM')!;
    expect(carousel.children).toHaveLength(2);
    // Media were copied off the CDN: nothing shown points at Instagram.
    expect(JSON.stringify(content)).not.toContain(cdn.baseUrl);
  });

  it('pages /me/media with the next URL until the limit', async () => {
    ig.consent = SHOP.code;
    const merchant = await signInForTest(runtime, http.url, 'paging@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const before = ig.requests.length;
    const { fetchWithToken } = await import('./login.source.js');
    const token = await services.instagramConnect.tokenFor(merchant.userId);
    if (token?.status !== 'active') throw new Error('not active');
    const fetched = await fetchWithToken(services.instagramLogin!, token.token, 60);
    expect(fetched.ok && fetched.value.posts.length).toBe(60);
    const pages = ig.requests.slice(before).filter((r) => r.path.endsWith('/me/media'));
    expect(pages.map((p) => p.params.after ?? null)).toEqual([null, expect.any(String)]);
  });

  it('refuses a reused, expired, cookie-less or other-browser state, a denial and a personal account', async () => {
    const merchant = await signInForTest(runtime, http.url, 'states@shop.sa');
    const first = await authorize(merchant);
    expect(await finish(first.callback)).toBe('/dashboard?instagram=error&code=state_invalid');
    const other = await authorize(merchant);
    expect(await finish(first.callback, other.cookie)).toBe('/dashboard?instagram=error&code=state_invalid');
    expect(await finish(other.callback, other.cookie)).toBe('/dashboard?instagram=connected');
    // Single use: the same state and cookie again.
    expect(await finish(other.callback, other.cookie)).toBe('/dashboard?instagram=error&code=state_invalid');

    const late = await authorize(merchant);
    runtime.clock.advance(11 * 60_000);
    expect(await finish(late.callback, late.cookie)).toBe('/dashboard?instagram=error&code=state_invalid');

    ig.consent = 'deny';
    const denied = await authorize(merchant);
    expect(new URL(denied.callback).searchParams.get('error')).toBe('access_denied');
    expect(await finish(denied.callback, denied.cookie)).toBe(
      '/dashboard?instagram=error&code=access_denied',
    );

    ig.consent = PERSONAL.code;
    const personal = await authorize(merchant);
    expect(await finish(personal.callback, personal.cookie)).toBe(
      '/dashboard?instagram=error&code=personal_account',
    );
    const [row] = await runtime.database.db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.userId, merchant.userId));
    expect(row?.username).toBe(SHOP.username);
  });

  /** Makes the merchant's account due and runs the refresh engine; the outcome for that account. */
  const refreshOf = async (userId: string) => {
    const account = (await repos.accounts.findByUserId(userId))!;
    await repos.accounts.markDue(account.id, runtime.clock.now());
    const outcomes = await services.refresh.refreshDueAccounts();
    return { account, outcome: outcomes.find((o) => o.accountId === account.id) };
  };

  it('error 190 marks the connection needs_reconnect and keeps the last good content; 4 and 17 only back off', async () => {
    let merchant = await signInForTest(runtime, http.url, 'revoked@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const { account, outcome: first } = await refreshOf(merchant.userId);
    expect(first).toMatchObject({ ok: true });
    const good = await repos.content.find(account.id);

    for (const code of [4, 17]) {
      ig.failWith = { code };
      const { outcome } = await refreshOf(merchant.userId);
      expect(outcome).toMatchObject({ ok: false });
      if (outcome && !outcome.ok)
        expect(outcome.nextRefreshAt.getTime() - runtime.clock.now().getTime()).toBeGreaterThanOrEqual(
          15 * 60_000,
        );
      expect((await connection(merchant)).status).toBe('active');
    }
    // Error 4 pauses every call of the app for an hour (17 this account's): let it pass (and sign in again).
    runtime.clock.advance(61 * 60_000);
    merchant = await signInForTest(runtime, http.url, 'revoked@shop.sa');

    ig.failWith = undefined;
    ig.revoke(SHOP.userId);
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: false });
    expect((await connection(merchant)).status).toBe('needs_reconnect');
    expect(await repos.content.find(account.id)).toEqual(good);
    // While it needs reconnecting no call goes out with the dead token.
    const before = ig.requests.length;
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: false });
    expect(ig.requests.length).toBe(before);

    // Reconnecting gives a working connection again.
    const again = await authorize(merchant);
    expect(await finish(again.callback, again.cookie)).toBe('/dashboard?instagram=connected');
    expect((await connection(merchant)).status).toBe('active');
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: true });
  });

  it('error 10 (no permission) also asks for a reconnect', async () => {
    const merchant = await signInForTest(runtime, http.url, 'permission@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    ig.failWith = { code: 10, paths: ['/me'] };
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: false });
    expect((await connection(merchant)).status).toBe('needs_reconnect');
  });

  it('cron refreshes tokens older than 24 h within 10 days of expiry; a refused refresh needs a reconnect', async () => {
    const merchant = await signInForTest(runtime, http.url, 'tokens@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const tokenOf = async () =>
      (
        await runtime.database.db
          .select()
          .from(instagramConnections)
          .where(eq(instagramConnections.userId, merchant.userId))
      )[0]!;
    const issued = await tokenOf();
    // Young token, far from expiry: nothing to do.
    await services.instagramConnect.refreshExpiringTokens();
    expect((await tokenOf()).accessTokenEnc).toBe(issued.accessTokenEnc);
    // 51 days on: within 10 days of the 60-day expiry.
    runtime.clock.advance(51 * DAY);
    const result = await services.instagramConnect.refreshExpiringTokens();
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const refreshed = await tokenOf();
    expect(refreshed.accessTokenEnc).not.toBe(issued.accessTokenEnc);
    expect(refreshed.tokenExpiresAt!.getTime()).toBe(runtime.clock.now().getTime() + 5_184_000_000);
    expect(
      ig.requests.some(
        (r) => r.path === '/refresh_access_token' && r.params.grant_type === 'ig_refresh_token',
      ),
    ).toBe(true);

    runtime.clock.advance(51 * DAY);
    ig.failWith = { code: 190, paths: ['/refresh_access_token'] };
    await services.instagramConnect.refreshExpiringTokens();
    expect((await tokenOf()).status).toBe('needs_reconnect');
  });

  it('disconnect deletes the token', async () => {
    const merchant = await signInForTest(runtime, http.url, 'disconnect@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const res = await merchant.call('DELETE', '/api/instagram/connection');
    expect(await res.json()).toEqual({ disconnected: true });
    expect(await connection(merchant)).toMatchObject({ connected: false, username: null });
    expect(
      await runtime.database.db
        .select()
        .from(instagramConnections)
        .where(eq(instagramConnections.userId, merchant.userId)),
    ).toEqual([]);
  });

  const postSigned = (path: string, signed: string) =>
    fetch(`${http.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
  const nowS = () => Math.floor(runtime.clock.now().getTime() / 1000);

  it('deauthorize and data deletion verify the signed_request; deletion removes content and answers a status page', async () => {
    const merchant = await signInForTest(runtime, http.url, 'deletion@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: true });
    const post = postSigned;
    const payload = { algorithm: 'HMAC-SHA256', issued_at: nowS(), user_id: SHOP.userId };
    expect((await post('/api/instagram/deauthorize', signedRequest(payload, 'wrong-secret'))).status).toBe(
      400,
    );
    expect((await post('/api/instagram/deauthorize', 'not-a-signed-request')).status).toBe(400);
    expect((await connection(merchant)).status).toBe('active');

    expect((await post('/api/instagram/deauthorize', signedRequest(payload))).status).toBe(200);
    const [row] = await runtime.database.db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.userId, merchant.userId));
    expect(row).toMatchObject({ status: 'needs_reconnect', accessTokenEnc: null });

    const key = (await repos.accounts.findByUserId(merchant.userId))!.publicWidgetKey;
    const before = JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body) as TWidgetInit;
    expect(before.data.content.feed.length).toBeGreaterThan(0);
    const deleted = await post(
      '/api/instagram/data-deletion',
      signedRequest({ ...payload, issued_at: nowS() - 1 }),
    );
    expect(deleted.status).toBe(200);
    const answer = ZDataDeletionAnswer.parse(await deleted.json());
    expect(answer.url).toBe(
      `https://feed.example.com/api/instagram/data-deletion/status?code=${answer.confirmation_code}`,
    );
    expect(await repos.accounts.findByUserId(merchant.userId)).toBeUndefined();
    expect(await connection(merchant)).toMatchObject({ connected: false });
    // The store's widget still answers under the same key, with nothing of the deleted account.
    const after = JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body) as TWidgetInit;
    expect(after.data.config).toMatchObject({ widgetEnabled: false, instagramUsername: '' });
    expect(after.data.content.feed).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(SHOP.username);
    const page = await fetch(
      `${http.url}/api/instagram/data-deletion/status?code=${answer.confirmation_code}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(answer.confirmation_code);
    expect((await fetch(`${http.url}/api/instagram/data-deletion/status?code=nope`)).status).toBe(404);
  });

  it('a signed request counts once and only while recent; deleting the connection keeps the widget key', async () => {
    const merchant = await signInForTest(runtime, http.url, 'replay@shop.sa');
    const first = await authorize(merchant);
    await finish(first.callback, first.cookie);
    const key = (await repos.accounts.findByUserId(merchant.userId))!.publicWidgetKey;

    // (The clock stands still: a different issued_at than the other tests', as Meta's would be.)
    const deletion = signedRequest({
      algorithm: 'HMAC-SHA256',
      issued_at: nowS() - 10,
      user_id: SHOP.userId,
    });
    expect((await postSigned('/api/instagram/data-deletion', deletion)).status).toBe(200);
    expect(await connection(merchant)).toMatchObject({ connected: false });

    // The merchant connects again: the same key, so the snippet already on their store keeps working.
    const again = await authorize(merchant);
    expect(await finish(again.callback, again.cookie)).toBe('/dashboard?instagram=connected');
    expect((await repos.accounts.findByUserId(merchant.userId))!.publicWidgetKey).toBe(key);

    // Replaying the earlier request, even within its hour, changes nothing.
    const replay = await postSigned('/api/instagram/data-deletion', deletion);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('invalid_signed_request');
    expect(await connection(merchant)).toMatchObject({ connected: true, status: 'active' });

    // Too old (just over the hour), from the future beyond the skew, or without issued_at: refused.
    for (const issued_at of [nowS() - 3_601, nowS() - 86_400 * 365 * 50, nowS() + 301, undefined]) {
      const res = await postSigned(
        '/api/instagram/data-deletion',
        signedRequest({ algorithm: 'HMAC-SHA256', issued_at, user_id: SHOP.userId }),
      );
      expect(res.status, `issued_at ${issued_at}`).toBe(400);
    }
    expect(await connection(merchant)).toMatchObject({ connected: true, status: 'active' });
    // Within the window (an hour old, or just ahead of our clock) is still accepted.
    const late = { algorithm: 'HMAC-SHA256', issued_at: nowS() - 3_599, user_id: SHOP.userId };
    expect((await postSigned('/api/instagram/deauthorize', signedRequest(late))).status).toBe(200);
    const ahead = { algorithm: 'HMAC-SHA256', issued_at: nowS() + 299, user_id: SHOP.userId };
    expect((await postSigned('/api/instagram/deauthorize', signedRequest(ahead))).status).toBe(200);
  });

  it('the status page refuses a NUL or malformed code with 400 and keeps the value out of the log', async () => {
    for (const query of ['code=%00', 'code=ab%00cd', 'code=x'.padEnd(80, 'y'), 'code=a%20b', '']) {
      const res = await fetch(`${http.url}/api/instagram/data-deletion/status?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      const code = query.includes('%00') ? 'invalid_characters' : 'invalid_input';
      expect(body.error).toEqual({ code, message: API_ERRORS[code].en });
    }
    expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([]);
    expect(logLines.join('\n')).not.toMatch(/ab\\u0000cd|ab%00cd/);
  });

  it('connects through the fake with expiring media URLs: expired copies are skipped, never shown', async () => {
    const merchant = await signInForTest(runtime, http.url, 'expired@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    ig.expiredMedia = true;
    const { outcome, account } = await refreshOf(merchant.userId);
    expect(outcome).toMatchObject({ ok: false });
    expect(await repos.content.find(account.id)).toBeUndefined();
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
