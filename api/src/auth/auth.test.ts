import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { ZSession, ZUserResponse, type TSession } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { useAuthWorld } from '../testing/auth-world.js';
import type { RunningServer } from '../server.js';
import { createServices } from '../services.js';
import { requireAdmin } from './auth.middleware.js';
import { UsersRepository } from '../users/users.repository.js';
import { errorHandler } from '../http/error-middleware.js';
import { eq } from 'drizzle-orm';
import { refreshTokens } from '../db/schema.js';
import { sha256 } from './crypto.js';
import { REFRESH_COOKIE, SIGNED_IN_HINT_COOKIE } from './auth.routes.js';

// Rate limits on sign-in are in auth.limits.test.ts.
describe.each(databaseBackends)('sign-in on $name', (backend) => {
  const world = useAuthWorld(backend);
  const { clock, post, requestCode, signIn, errorOf } = world;
  let adminProbe: RunningServer;

  beforeAll(async () => {
    const runtime = world.runtime;
    // A throwaway route behind requireAdmin, as later admin routes will be.
    const probe = express();
    probe.get('/admin-only', requireAdmin(createServices(runtime).auth), (_req, res) => {
      res.json({ ok: true });
    });
    probe.use(errorHandler);
    adminProbe = await new Promise((resolve) => {
      const server = probe.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        resolve({
          server,
          url: `http://127.0.0.1:${port}`,
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    });
  });
  afterAll(async () => {
    await adminProbe.close();
  });

  it('mails a link in Arabic by default and creates the account only when the link is used', async () => {
    const res = await post('/api/auth/magic-link/request', { email: ' New.Owner@Shop.SA ' });
    expect(await res.json()).toEqual({
      message: 'If an account exists for this email, a magic link has been sent.',
    });
    const mail = await world.inbox.waitFor('new.owner@shop.sa');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.decoded).toContain('dir="rtl"');
    const users = new UsersRepository(world.runtime.database.db);
    expect(await users.findByEmail('new.owner@shop.sa')).toBeUndefined();

    const code = /callback\?code=([A-Za-z0-9_-]+)/.exec(mail.decoded)?.[1];
    const token = await post('/api/auth/token', { grant_type: 'magic_link', code });
    const session = ZSession.parse(await token.json());
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toBeTruthy();
    expect(session.user).toMatchObject({ email: 'new.owner@shop.sa', is_admin: false, language: 'ar' });
    const created = await users.findByEmail('new.owner@shop.sa');
    expect(created?.trialEndsAt?.getTime()).toBeGreaterThan(clock.now().getTime() + 13 * 86_400_000);

    const me = await fetch(`${world.http.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(ZUserResponse.parse(await me.json()).user.id).toBe(session.user.id);
  });

  it('writes in English when asked, and answers the same for a known address', async () => {
    await signIn('known@shop.sa');
    clock.advance(1_000);
    const code = await requestCode('english@shop.sa', 'en');
    expect(code.length).toBeGreaterThanOrEqual(43);
    const mail = world.inbox.messages.find((m) => m.to.includes('english@shop.sa'));
    expect(mail?.decoded).toContain('Your Lamha sign-in link');
  });

  it('refuses reused, tampered, unknown and expired codes with clear messages', async () => {
    const code = await requestCode('codes@shop.sa');
    expect((await post('/api/auth/token', { grant_type: 'magic_link', code })).status).toBe(200);
    const reused = await post('/api/auth/token', { grant_type: 'magic_link', code });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toMatchObject({
      code: 'magic_link_used',
      message: expect.stringMatching(/already been used/),
    });

    const tampered = await post('/api/auth/token', {
      grant_type: 'magic_link',
      code: `${code.slice(0, -2)}xx`,
    });
    expect(await errorOf(tampered)).toMatchObject({ code: 'magic_link_unknown' });
    const unknown = await post('/api/auth/token', { grant_type: 'magic_link', code: 'nope' });
    expect(await errorOf(unknown)).toMatchObject({ code: 'magic_link_unknown' });

    const late = await requestCode('late@shop.sa');
    clock.advance(15 * 60 * 1000 + 1);
    const expired = await post('/api/auth/token', { grant_type: 'magic_link', code: late });
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toMatchObject({
      code: 'magic_link_expired',
      message: expect.stringMatching(/expired/),
    });

    const missing = await post('/api/auth/token', { grant_type: 'magic_link' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toMatch(/code/);
  });

  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    const first = await signIn('rotate@shop.sa');
    const refresh = (token: string | undefined) =>
      post('/api/auth/token', { grant_type: 'refresh_token', refresh_token: token });
    const second = ZSession.parse(await (await refresh(first.refresh_token)).json());
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // A second tab presenting the same old token moments later is a race, not a theft.
    const raced = await refresh(first.refresh_token);
    expect(raced.status).toBe(200);

    clock.advance(11_000);
    const third = ZSession.parse(await (await refresh(second.refresh_token)).json());
    clock.advance(11_000);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(await errorOf(replay)).toMatchObject({ code: 'refresh_token_reused' });
    // The whole session is gone: the newest refresh token and the access token stop working too.
    expect((await refresh(third.refresh_token)).status).toBe(401);
    const me = await fetch(`${world.http.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${third.access_token}` },
    });
    expect(me.status).toBe(401);
  });

  it('answers every reuse within the grace with the one successor the first use created', async () => {
    const first = await signIn('grace@shop.sa');
    const refresh = (token: string | undefined) =>
      post('/api/auth/token', { grant_type: 'refresh_token', refresh_token: token });
    const answers: TSession[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await refresh(first.refresh_token);
      expect(res.status).toBe(200);
      answers.push(ZSession.parse(await res.json()));
      clock.advance(500);
    }
    expect(new Set(answers.map((a) => a.refresh_token)).size).toBe(1);
    const [session] = await world.runtime.database.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(first.refresh_token!)));
    const tokens = await world.runtime.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, session!.sessionId));
    expect(tokens.length).toBe(2);
    // The successor works as usual; the old token after the grace ends the session.
    const next = await refresh(answers[0]!.refresh_token);
    expect(next.status).toBe(200);
    clock.advance(11_000);
    expect((await refresh(first.refresh_token)).status).toBe(401);
  });

  it('keeps the refresh token in an httpOnly cookie for browsers', async () => {
    const code = await requestCode('browser@shop.sa');
    const res = await post('/api/auth/token', { grant_type: 'magic_link', code, transport: 'cookie' });
    const session = ZSession.parse(await res.json());
    expect(session.refresh_token).toBeUndefined();
    const cookies = res.headers.getSetCookie();
    const setCookie = cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
    // The page learns a session exists from a hint cookie that holds no secret.
    expect(cookies.find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=1`))).not.toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);

    const cookie = setCookie.split(';')[0] ?? '';
    const refreshed = await post(
      '/api/auth/token',
      { grant_type: 'refresh_token', transport: 'cookie' },
      { cookie },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`))).toBe(true);
    const noCookie = await post('/api/auth/token', { grant_type: 'refresh_token', transport: 'cookie' });
    expect(noCookie.status).toBe(401);
  });

  it('logs out one device, the others, or all', async () => {
    const a = await signIn('devices@shop.sa');
    clock.advance(61_000);
    const b = await signIn('devices@shop.sa');
    clock.advance(61_000);
    const c = await signIn('devices@shop.sa');
    const userOk = async (s: TSession) =>
      (
        await fetch(`${world.http.url}/api/auth/user`, {
          headers: { authorization: `Bearer ${s.access_token}` },
        })
      ).status === 200;
    const logout = (s: TSession, scope: string) =>
      post('/api/auth/logout', { scope }, { authorization: `Bearer ${s.access_token}` });

    expect((await logout(a, 'others')).status).toBe(204);
    expect([await userOk(a), await userOk(b), await userOk(c)]).toEqual([true, false, false]);
    const d = await (async () => {
      clock.advance(61_000);
      return signIn('devices@shop.sa');
    })();
    expect((await logout(d, 'local')).status).toBe(204);
    expect([await userOk(a), await userOk(d)]).toEqual([true, false]);
    expect((await logout(a, 'global')).status).toBe(204);
    expect(await userOk(a)).toBe(false);
    expect((await post('/api/auth/logout', { scope: 'local' })).status).toBe(401);
  });

  it('sets a password with both rules and signs in with it', async () => {
    const s = await signIn('pw@shop.sa');
    const auth = { authorization: `Bearer ${s.access_token}` };
    const short = await post('/api/auth/set-password', { password: 'short' }, auth);
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toContain('Password must be at least 8 characters long.');
    const users = new UsersRepository(world.runtime.database.db);
    await users.update(s.user.id, { needsPasswordSetup: true });
    const set = await post('/api/auth/set-password', { password: 'a good password' }, auth);
    expect(set.status).toBe(200);
    expect(ZUserResponse.parse(await set.json()).user.needs_password_setup).toBe(false);
    const stored = await users.findByEmail('pw@shop.sa');
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('a good password');

    // Ten minutes after signing in, changing it needs a fresh sign-in first.
    clock.advance(10 * 60_000 + 1_000);
    const stale = await post('/api/auth/set-password', { password: 'another password' }, auth);
    expect(stale.status).toBe(401);
    expect(await errorOf(stale)).toMatchObject({ code: 'reauthentication_required' });
    const fresh = await signIn('pw@shop.sa');
    const changed = await post(
      '/api/auth/set-password',
      { password: 'a good password' },
      { authorization: `Bearer ${fresh.access_token}` },
    );
    expect(changed.status).toBe(200);
    // Refreshing an old session does not make it fresh: the sign-in time counts, not the token's.
    clock.advance(10 * 60_000 + 1_000);
    const refreshed = ZSession.parse(
      await (
        await post('/api/auth/token', { grant_type: 'refresh_token', refresh_token: fresh.refresh_token })
      ).json(),
    );
    const afterRefresh = await post(
      '/api/auth/set-password',
      { password: 'a good password' },
      { authorization: `Bearer ${refreshed.access_token}` },
    );
    expect(afterRefresh.status).toBe(401);
    const good = await post('/api/auth/password', { email: 'PW@shop.sa', password: 'a good password' });
    expect(good.status).toBe(200);
    expect(ZSession.parse(await good.json()).user.email).toBe('pw@shop.sa');
    const wrong = await post('/api/auth/password', { email: 'pw@shop.sa', password: 'wrong password' });
    expect(await errorOf(wrong)).toMatchObject({ code: 'invalid_credentials' });
    const nobody = await post('/api/auth/password', { email: 'nobody@shop.sa', password: 'whatever1' });
    expect(await errorOf(nobody)).toMatchObject({ code: 'invalid_credentials' });
  });

  it('lets only admins through requireAdmin, granting ADMIN_EMAILS at sign-in', async () => {
    const probe = (token?: string) =>
      fetch(`${adminProbe.url}/admin-only`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect((await probe()).status).toBe(401);
    expect((await probe('garbage')).status).toBe(401);
    const merchant = await signIn('merchant@shop.sa');
    expect((await probe(merchant.access_token)).status).toBe(403);
    const boss = await signIn('boss@shop.sa');
    expect(boss.user.is_admin).toBe(true);
    expect((await probe(boss.access_token)).status).toBe(200);
    // Revoking the role takes effect on the next request, not when the token expires.
    await new UsersRepository(world.runtime.database.db).setAdmin('boss@shop.sa', false);
    expect((await probe(boss.access_token)).status).toBe(403);
  });

  it('rejects an expired access token', async () => {
    const s = await signIn('expiry@shop.sa');
    clock.advance(3601_000);
    const me = await fetch(`${world.http.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${s.access_token}` },
    });
    expect(me.status).toBe(401);
    expect(await errorOf(me)).toMatchObject({ code: 'token_expired' });
  });
});
