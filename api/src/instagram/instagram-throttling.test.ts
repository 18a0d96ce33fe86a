import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instagramConnections } from '../db/schema.js';
import { ManualClock } from '../lib/clock.js';
import { databaseBackends } from '../testing/backends.js';
import { loadFixtures } from '../testing/contracts/shape.js';
import { startFakeCdn, type FakeCdn, SMALL_PHOTO } from '../testing/fake-cdn.js';
import { FAKE_INSTAGRAM_APP, startFakeInstagram, type FakeInstagram } from '../testing/fake-instagram.js';
import { connectWithInstagram, openInstagramWorld } from '../testing/instagram-world.js';
import { signInForTest } from '../testing/sign-in.js';
import { failureOf, HttpInstagramLogin } from './instagram-login.client.js';

const fixtures = loadFixtures('instagram');
const MINUTE = 60_000;
const A = {
  code: 'code-a',
  userId: '17841400000000301',
  username: 'throttle.a',
  accountType: 'BUSINESS',
  posts: 3,
  stories: 0,
} as const;
const B = { ...A, code: 'code-b', userId: '17841400000000302', username: 'throttle.b' };

describe('Instagram errors: throttling and temporary trouble are not a dead token', () => {
  it.each([
    ['error.throttled-app', 'rate_limited', 60],
    ['error.throttled-buc', 'rate_limited', 60],
    ['error.transient', 'unavailable', undefined],
    ['error.expired-token', 'invalid_token', undefined],
  ] as const)('%s is %s', (name, kind, minutes) => {
    const failure = failureOf(400, fixtures[name]);
    expect(failure.kind).toBe(kind);
    expect(failure.retryAfterMs).toBe(minutes === undefined ? undefined : minutes * MINUTE);
  });

  it('reads code 1, any is_transient error and a bare 429 as "later", never as "reconnect"', () => {
    const graph = (error: object) => ({ error: { message: 'm', type: 'OAuthException', ...error } });
    expect(failureOf(400, graph({ code: 1 })).kind).toBe('unavailable');
    expect(failureOf(400, graph({ code: 10, is_transient: true })).kind).toBe('unavailable');
    expect(failureOf(400, graph({ code: 190, is_transient: true })).kind).toBe('unavailable');
    expect(failureOf(429, undefined)).toMatchObject({ kind: 'rate_limited', retryAfterMs: 15 * MINUTE });
    // Meta's own estimate wins over our table.
    expect(failureOf(400, fixtures['error.throttled-buc'], undefined, 19 * MINUTE).retryAfterMs).toBe(
      19 * MINUTE,
    );
  });
});

describe('Instagram usage headers slow us down before the limits', () => {
  let ig: FakeInstagram;
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  let login: HttpInstagramLogin;
  beforeAll(async () => {
    ig = await startFakeInstagram({ cdnUrl: 'http://127.0.0.1:9', accounts: [A, B], now: () => clock.now() });
    login = new HttpInstagramLogin({
      appId: FAKE_INSTAGRAM_APP.id,
      appSecret: FAKE_INSTAGRAM_APP.secret,
      authorizeUrl: ig.env.INSTAGRAM_AUTHORIZE_URL!,
      apiUrl: ig.url,
      graphUrl: ig.url,
      version: 'v25.0',
      fetch: (input, init) => fetch(input, init),
      clock,
    });
  });
  afterAll(() => ig.close());

  const tokenOf = async (code: string) => {
    const short = await login.exchangeCode(code, 'https://feed.example.com/api/instagram/callback');
    if (!short.ok) throw new Error(short.error.message);
    const long = await login.exchangeLongLived(short.value.accessToken);
    if (!long.ok) throw new Error(long.error.message);
    return long.value.accessToken;
  };
  const meCalls = () => ig.requests.filter((r) => r.path.endsWith('/me')).length;

  it("pauses one account whose X-Business-Use-Case-Usage is high, not the others, until Meta's estimate passes", async () => {
    const a = await tokenOf(A.code);
    const b = await tokenOf(B.code);
    ig.usage = {
      account: { call_count: 95, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: 0 },
    };
    expect((await login.me(a)).ok).toBe(true);
    ig.usage = undefined;
    const before = meCalls();
    const paused = await login.me(a);
    expect(paused.ok ? undefined : paused.error).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 15 * MINUTE,
    });
    expect(meCalls()).toBe(before);
    expect((await login.me(b)).ok).toBe(true);
    clock.advance(15 * MINUTE + 1);
    expect((await login.me(a)).ok).toBe(true);

    // Throttled with Meta's estimate: that many minutes, then calls go again.
    ig.usage = {
      account: { call_count: 100, total_cputime: 30, total_time: 30, estimated_time_to_regain_access: 19 },
    };
    ig.failWith = { code: 80002 };
    const throttled = await login.me(a);
    expect(throttled.ok ? undefined : throttled.error).toMatchObject({
      kind: 'rate_limited',
      code: 80002,
      retryAfterMs: 19 * MINUTE,
    });
    ig.usage = undefined;
    ig.failWith = undefined;
    clock.advance(18 * MINUTE);
    expect((await login.me(a)).ok).toBe(false);
    clock.advance(MINUTE + 1);
    expect((await login.me(a)).ok).toBe(true);
  });

  it('pauses every account when the app-wide X-App-Usage is high', async () => {
    const a = await tokenOf(A.code);
    const b = await tokenOf(B.code);
    ig.usage = { app: { call_count: 96, total_cputime: 40, total_time: 40 } };
    expect((await login.me(a)).ok).toBe(true);
    ig.usage = undefined;
    const before = meCalls();
    for (const token of [a, b]) expect((await login.me(token)).ok).toBe(false);
    expect(meCalls()).toBe(before);
    clock.advance(15 * MINUTE + 1);
    expect((await login.me(b)).ok).toBe(true);
  });
});

describe.each(databaseBackends)(
  'Instagram throttling never asks a merchant to reconnect on $name',
  (backend) => {
    let cdn: FakeCdn;
    beforeAll(async () => {
      cdn = await startFakeCdn({ photo: SMALL_PHOTO });
    });
    afterAll(() => cdn.close());

    it('throttle and temporary codes leave the connection active, on refreshes, token refreshes and story polls; 190 does not', async () => {
      const w = await openInstagramWorld(backend, cdn, { accounts: [A] });
      try {
        const merchant = await signInForTest(w.runtime, w.http.url, 'throttle@shop.sa');
        w.ig.consent = A.code;
        await connectWithInstagram(w, merchant.call);
        const status = async () =>
          (
            await w.runtime.database.db
              .select({ status: instagramConnections.status })
              .from(instagramConnections)
              .where(eq(instagramConnections.userId, merchant.userId))
          )[0]?.status;
        const account = (await w.repos.accounts.findByUserId(merchant.userId))!;
        const refresh = async () => {
          await w.repos.accounts.markDue(account.id, w.clock.now());
          await w.services.refresh.refreshDueAccounts();
        };

        for (const code of [4, 17, 32, 613, 80002, 1, 2]) {
          w.ig.failWith = { code };
          await refresh();
          await w.services.stories.pollDue();
          expect(await status(), `code ${code}`).toBe('active');
          // Past any pause the code caused.
          w.clock.advance(61 * MINUTE);
        }
        // Token refresh: 51 days on, the token is due; a temporary refusal postpones it.
        w.clock.advance(51 * 24 * 60 * MINUTE);
        for (const code of [80002, 2, 1]) {
          w.ig.failWith = { code, paths: ['/refresh_access_token'] };
          expect(await w.services.instagramConnect.refreshExpiringTokens()).toMatchObject({
            refreshed: 0,
          });
          expect(await status(), `token refresh, code ${code}`).toBe('active');
          w.clock.advance(61 * MINUTE);
        }

        // The control: a dead token does ask for a reconnect.
        w.ig.failWith = { code: 190 };
        await refresh();
        expect(await status()).toBe('needs_reconnect');
      } finally {
        await w.close();
      }
    });
  },
);
