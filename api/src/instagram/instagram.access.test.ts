import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS, ZDataDeletionAnswer, type TWidgetInit } from '@app/shared';
import { instagramConnections } from '../db/schema.js';
import { databaseBackends } from '../testing/backends.js';
import { FAKE_INSTAGRAM_APP } from '../testing/fake-instagram.js';
import { SHOP, useInstagramConnectWorld } from '../testing/instagram-connect-world.js';
import { signInForTest } from '../testing/sign-in.js';

const DAY = 86_400_000;

function signedRequest(payload: unknown, secret = FAKE_INSTAGRAM_APP.secret) {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${createHmac('sha256', secret).update(body).digest('base64url')}.${body}`;
}

describe.each(databaseBackends)('Instagram access ends on $name', (backend) => {
  const world = useInstagramConnectWorld(backend);
  const { authorize, finish, connection, refreshOf } = world;
  const { logLines } = world;

  it('error 190 marks the connection needs_reconnect and keeps the last good content; 4 and 17 only back off', async () => {
    let merchant = await signInForTest(world.runtime, world.http.url, 'revoked@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const { account, outcome: first } = await refreshOf(merchant.userId);
    expect(first).toMatchObject({ ok: true });
    const good = await world.repos.content.find(account.id);

    for (const code of [4, 17]) {
      world.ig.failWith = { code };
      const { outcome } = await refreshOf(merchant.userId);
      expect(outcome).toMatchObject({ ok: false });
      if (outcome && !outcome.ok)
        expect(outcome.nextRefreshAt.getTime() - world.runtime.clock.now().getTime()).toBeGreaterThanOrEqual(
          15 * 60_000,
        );
      expect((await connection(merchant)).status).toBe('active');
    }
    // Error 4 pauses every call of the app for an hour (17 this account's): let it pass (and sign in again).
    world.runtime.clock.advance(61 * 60_000);
    merchant = await signInForTest(world.runtime, world.http.url, 'revoked@shop.sa');

    world.ig.failWith = undefined;
    world.ig.revoke(SHOP.userId);
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: false });
    expect((await connection(merchant)).status).toBe('needs_reconnect');
    expect(await world.repos.content.find(account.id)).toEqual(good);
    // While it needs reconnecting no call goes out with the dead token.
    const before = world.ig.requests.length;
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: false });
    expect(world.ig.requests.length).toBe(before);

    // Reconnecting gives a working connection again.
    const again = await authorize(merchant);
    expect(await finish(again.callback, again.cookie)).toBe('/dashboard?instagram=connected');
    expect((await connection(merchant)).status).toBe('active');
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: true });
  });

  it('error 10 (no permission) also asks for a reconnect', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'permission@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    world.ig.failWith = { code: 10, paths: ['/me'] };
    expect((await refreshOf(merchant.userId)).outcome).toMatchObject({ ok: false });
    expect((await connection(merchant)).status).toBe('needs_reconnect');
  });

  it('cron refreshes tokens older than 24 h within 10 days of expiry; a refused refresh needs a reconnect', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'tokens@shop.sa');
    const { callback, cookie } = await authorize(merchant);
    await finish(callback, cookie);
    const tokenOf = async () =>
      (
        await world.runtime.database.db
          .select()
          .from(instagramConnections)
          .where(eq(instagramConnections.userId, merchant.userId))
      )[0]!;
    const issued = await tokenOf();
    // Young token, far from expiry: nothing to do.
    await world.services.instagramConnect.refreshExpiringTokens();
    expect((await tokenOf()).accessTokenEnc).toBe(issued.accessTokenEnc);
    // 51 days on: within 10 days of the 60-day expiry.
    world.runtime.clock.advance(51 * DAY);
    const result = await world.services.instagramConnect.refreshExpiringTokens();
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const refreshed = await tokenOf();
    expect(refreshed.accessTokenEnc).not.toBe(issued.accessTokenEnc);
    expect(refreshed.tokenExpiresAt!.getTime()).toBe(world.runtime.clock.now().getTime() + 5_184_000_000);
    expect(
      world.ig.requests.some(
        (r) => r.path === '/refresh_access_token' && r.params.grant_type === 'ig_refresh_token',
      ),
    ).toBe(true);

    world.runtime.clock.advance(51 * DAY);
    world.ig.failWith = { code: 190, paths: ['/refresh_access_token'] };
    await world.services.instagramConnect.refreshExpiringTokens();
    expect((await tokenOf()).status).toBe('needs_reconnect');
  });

  const postSigned = (path: string, signed: string) =>
    fetch(`${world.http.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
  const nowS = () => Math.floor(world.runtime.clock.now().getTime() / 1000);

  it('deauthorize and data deletion verify the signed_request; deletion removes content and answers a status page', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'deletion@shop.sa');
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
    const [row] = await world.runtime.database.db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.userId, merchant.userId));
    expect(row).toMatchObject({ status: 'needs_reconnect', accessTokenEnc: null });

    const key = (await world.repos.accounts.findByUserId(merchant.userId))!.publicWidgetKey;
    const before = JSON.parse((await world.repos.snapshots.findByWidgetKey(key))!.body) as TWidgetInit;
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
    expect(await world.repos.accounts.findByUserId(merchant.userId)).toBeUndefined();
    expect(await connection(merchant)).toMatchObject({ connected: false });
    // The store's widget still answers under the same key, with nothing of the deleted account.
    const after = JSON.parse((await world.repos.snapshots.findByWidgetKey(key))!.body) as TWidgetInit;
    expect(after.data.config).toMatchObject({ widget_enabled: false, instagram_username: '' });
    expect(after.data.content.feed).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(SHOP.username);
    const page = await fetch(
      `${world.http.url}/api/instagram/data-deletion/status?code=${answer.confirmation_code}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(answer.confirmation_code);
    expect((await fetch(`${world.http.url}/api/instagram/data-deletion/status?code=nope`)).status).toBe(404);
  });

  it('a signed request counts once and only while recent; deleting the connection keeps the widget key', async () => {
    const merchant = await signInForTest(world.runtime, world.http.url, 'replay@shop.sa');
    const first = await authorize(merchant);
    await finish(first.callback, first.cookie);
    const key = (await world.repos.accounts.findByUserId(merchant.userId))!.publicWidgetKey;

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
    expect((await world.repos.accounts.findByUserId(merchant.userId))!.publicWidgetKey).toBe(key);

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
      const res = await fetch(`${world.http.url}/api/instagram/data-deletion/status?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      const code = query.includes('%00') ? 'invalid_characters' : 'invalid_input';
      expect(body.error).toEqual({ code, message: API_ERRORS[code].en });
    }
    expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([]);
    expect(logLines.join('\n')).not.toMatch(/ab\\u0000cd|ab%00cd/);
  });
});
