import { describe, expect, it } from 'vitest';
import { ZSession } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { useAuthWorld } from '../testing/auth-world.js';
import { DEVICE_COOKIE } from './auth.routes.js';
import type { LinkRequester } from './auth.service.js';

describe.each(databaseBackends)('sign-in limits on $name', (backend) => {
  const world = useAuthWorld(backend);
  const { clock, post, requestCode, signIn } = world;

  it('limits how often a link can be requested', async () => {
    await requestCode('hasty@shop.sa');
    // Over the address's limit: the same answer as always, and nothing is sent.
    const before = world.inbox.messages.length;
    const again = await post('/api/auth/magic-link/request', { email: 'hasty@shop.sa' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      message: 'If an account exists for this email, a magic link has been sent.',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(world.inbox.messages.length).toBe(before);
    const bad = await post('/api/auth/magic-link/request', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
  });

  it('counts only e-mails sent against an address, and stops a flood by its IP', async () => {
    // Past any hour's window an earlier request from this IP opened: a fixed window still holds at
    // exactly one hour, so this test starts its own window whatever ran before it.
    clock.advance(3_600_001);
    const victim = 'flooded@shop.sa';
    // A stranger asks 30 times in a minute: one e-mail goes out (to the owner, with a working link).
    const before = world.inbox.messages.length;
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push((await post('/api/auth/magic-link/request', { email: victim })).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(world.inbox.messages.slice(before).filter((m) => m.to.includes(victim)).length).toBe(1);
    // The same IP is now over its own limit.
    const flood = await post('/api/auth/magic-link/request', { email: 'other@shop.sa' });
    expect(flood.status).toBe(429);
    // It says when to try again: at the latest when the hour's window ends.
    expect(flood.headers.get('retry-after')).toBe('3600');
    // The owner, a minute later, still gets a link: refused requests did not count against the address.
    clock.advance(61_000);
    const owner = await world.services.auth.requestMagicLink(
      { email: victim },
      { ip: '198.51.100.20', userAgent: undefined },
    );
    expect(owner.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(world.inbox.messages.slice(before).filter((m) => m.to.includes(victim)).length).toBe(2);
    clock.advance(3_600_000);
  });

  it('one address cannot lock an owner out of sign-in e-mails; the signed-in owner and their device never are', async () => {
    clock.advance(3_600_000);
    const victim = 'locked@shop.sa';
    const mailed = async () => {
      await new Promise((r) => setTimeout(r, 150));
      return world.inbox.messages.filter((m) => m.to.includes(victim)).length;
    };
    // The owner signed in on their laptop once: the answer set the device cookie.
    const code = await requestCode(victim);
    const token = await post('/api/auth/token', { grant_type: 'magic_link', code, transport: 'cookie' });
    const session = ZSession.parse(await token.json());
    const device = token.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
      ?.split(';')[0]
      ?.slice(DEVICE_COOKIE.length + 1);
    expect(device).toMatch(/^[\w-]+\.[\w-]+$/);
    clock.advance(61_000);
    const ask = (ip: string, requester?: LinkRequester) =>
      world.services.auth.requestMagicLink({ email: victim }, { ip, userAgent: undefined }, requester);

    // A stranger at one address asks every minute: five e-mails in the hour, then nothing more.
    let count = await mailed();
    for (let i = 0; i < 8; i++) {
      expect((await ask('203.0.113.50')).ok).toBe(true);
      clock.advance(61_000);
    }
    expect(await mailed()).toBe(count + 5);
    // The owner, from another address in the same hour, still gets a link.
    count = await mailed();
    await ask('198.51.100.7');
    expect(await mailed()).toBe(count + 1);

    // Strangers at many addresses can use up the e-mail's hour (10 sent): a new device gets nothing…
    for (let i = 0; i < 6; i++) await ask(`203.0.113.${60 + i}`);
    expect(await mailed()).toBe(10);
    count = await mailed();
    await ask('192.0.2.1');
    await ask('192.0.2.2', { deviceCookie: world.services.auth.deviceCookieFor('someone-else@shop.sa') });
    await ask('192.0.2.3', { deviceCookie: `${device!.split('.')[0]}.forged` });
    expect(await mailed()).toBe(count);
    // …but the owner's own device is never refused, nor the owner signed in (re-authenticating).
    await ask('192.0.2.4', { deviceCookie: device });
    expect(await mailed()).toBe(count + 1);
    const signedIn = await post(
      '/api/auth/magic-link/request',
      { email: victim },
      { authorization: `Bearer ${session.access_token}` },
    );
    expect(signedIn.status).toBe(200);
    expect(await mailed()).toBe(count + 2);
    // The cookie as the browser sends it works over HTTP too (after the pair's minute has passed).
    clock.advance(61_000);
    await post('/api/auth/magic-link/request', { email: victim }, { cookie: `${DEVICE_COOKIE}=${device}` });
    expect(await mailed()).toBe(count + 3);
    clock.advance(3_600_000);
  });

  it('slows password guesses per account and IP, never the owner elsewhere', async () => {
    const owner = await signIn('guessed@shop.sa');
    const set = await post(
      '/api/auth/set-password',
      { password: 'the right password' },
      { authorization: `Bearer ${owner.access_token}` },
    );
    expect(set.status).toBe(200);
    const attacker = { ip: '203.0.113.66', userAgent: undefined };
    const guess = (password: string, client = attacker) =>
      world.services.auth.signInWithPassword({ email: 'guessed@shop.sa', password }, client);
    // Three free failures, then a wait that doubles: 2 s, 4 s, 8 s…
    for (let i = 0; i < 4; i++) {
      const r = await guess(`wrong ${i}`);
      expect(!r.ok && r.error.code).toBe('invalid_credentials');
    }
    const blocked = await guess('the right password');
    expect(blocked.ok).toBe(false);
    expect(!blocked.ok && blocked.error).toMatchObject({ status: 429, details: { retry_after: 2 } });
    clock.advance(2_000);
    expect(!(await guess('wrong 5')).ok).toBe(true);
    const longer = await guess('wrong 6');
    expect(!longer.ok && longer.error.details).toEqual({ retry_after: 4 });
    // Meanwhile the owner, on their own network, signs in at once.
    const mine = await guess('the right password', { ip: '198.51.100.7', userAgent: undefined });
    expect(mine.ok).toBe(true);
  });
});
