import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSession } from '@app/shared';
import {
  apiError,
  fakeFetch,
  isRefresh,
  jsonResponse,
  makeSession,
  makeUser,
  noRefreshCookie,
  type TRecordedCall,
} from '../../../test/fixtures';
import { AuthClient, type TAuthClientOptions, type TAuthEvent } from './auth-client';

function setup(
  handler: (call: TRecordedCall) => Response | Promise<Response>,
  options: TAuthClientOptions = {},
) {
  const { fetch, calls } = fakeFetch(handler);
  const delays: number[] = [];
  const client = new AuthClient({
    fetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...options,
  });
  const events: [TAuthEvent, TSession | null][] = [];
  client.onAuthStateChange((event, session) => events.push([event, session]));
  return { client, calls, events, delays };
}

/** A client whose session was restored from the cookie, then answers every later call with `next`. */
async function signedIn(
  next: (call: TRecordedCall) => Response | Promise<Response>,
  options: TAuthClientOptions = {},
  session: TSession = makeSession(),
) {
  let restored = false;
  const ctx = setup((call) => {
    if (!restored && isRefresh(call)) {
      restored = true;
      return jsonResponse(session);
    }
    return next(call);
  }, options);
  await ctx.client.initialize();
  ctx.events.length = 0;
  ctx.calls.length = 0;
  return ctx;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthClient session restore', () => {
  it('restores the session from the refresh cookie and emits INITIAL_SESSION', async () => {
    const session = makeSession();
    const { client, calls, events } = setup(() => jsonResponse(session));

    await expect(client.initialize()).resolves.toEqual(session);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/token',
      method: 'POST',
      credentials: 'same-origin',
      body: { grant_type: 'refresh_token', transport: 'cookie' },
    });
    expect(events).toEqual([['INITIAL_SESSION', session]]);
    expect(client.getSnapshot()).toEqual({ status: 'ready', session });
  });

  it('reports no session when there is no refresh cookie, and asks only once', async () => {
    const { client, calls, events } = setup(noRefreshCookie);
    await Promise.all([client.initialize(), client.initialize()]);
    expect(calls).toHaveLength(1);
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(client.getSession()).toBeNull();
  });

  it('sends no request at all when the server left no signed-in hint cookie', async () => {
    document.cookie = 'lamha_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const { client, calls, events } = setup(() => jsonResponse(makeSession()));
    expect(await client.initialize()).toBeNull();
    expect(calls).toHaveLength(0);
    expect(events.map(([event]) => event)).toEqual(['INITIAL_SESSION']);
  });

  it('never puts tokens in localStorage', async () => {
    const { client } = setup(() => jsonResponse(makeSession()));
    await client.initialize();
    await client.refreshSession();
    expect(window.localStorage.length).toBe(0);
  });
});

describe('AuthClient refresh', () => {
  it('keeps the session through a 503 and retries with exponential back-off', async () => {
    const { client, calls, events, delays } = await signedIn(() =>
      apiError(503, 'unavailable', 'Service unavailable'),
    );
    const before = client.getSession();

    const result = await client.refreshSession();

    expect(result.ok).toBe(false);
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([200, 400, 800]);
    expect(client.getSession()).toBe(before);
    expect(events).toEqual([]);
  });

  it('keeps the session when the network is down', async () => {
    const { client, events } = await signedIn(() => {
      throw new TypeError('Failed to fetch');
    });
    await client.refreshSession();
    expect(client.getSession()).not.toBeNull();
    expect(events).toEqual([]);
  });

  it('recovers after a passing 502 and emits TOKEN_REFRESHED with the new session', async () => {
    let attempts = 0;
    const fresh = makeSession({ access_token: 'access-2' });
    const { client, events } = await signedIn(() =>
      ++attempts === 1 ? new Response('Bad gateway', { status: 502 }) : jsonResponse(fresh),
    );

    await client.refreshSession();

    expect(attempts).toBe(2);
    expect(client.getSession()?.access_token).toBe('access-2');
    expect(events).toEqual([['TOKEN_REFRESHED', fresh]]);
  });

  it('drops the session and emits SIGNED_OUT when the refresh token is rejected (401)', async () => {
    const { client, calls, events } = await signedIn(() =>
      apiError(401, 'invalid_grant', 'Refresh token revoked.'),
    );
    await client.refreshSession();
    expect(calls).toHaveLength(1);
    expect(client.getSession()).toBeNull();
    expect(events).toEqual([['SIGNED_OUT', null]]);
  });

  it('drops the session on 400 as well', async () => {
    const { client, events } = await signedIn(() =>
      apiError(400, 'invalid_request', 'Missing refresh token.'),
    );
    await client.refreshSession();
    expect(client.getSession()).toBeNull();
    expect(events.map(([event]) => event)).toEqual(['SIGNED_OUT']);
  });

  it('shares one request between concurrent refreshes (the refresh token rotates)', async () => {
    const { client, calls, events } = await signedIn(() =>
      jsonResponse(makeSession({ access_token: 'access-2' })),
    );
    await Promise.all([client.refreshSession(), client.refreshSession(), client.refreshIfExpiring()]);
    expect(calls).toHaveLength(1);
    expect(events.map(([event]) => event)).toEqual(['TOKEN_REFRESHED']);
  });

  it('refreshes on the 30 s tick only when less than 60 s remain', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    let restored = false;
    const { client, calls } = setup((call) => {
      if (!restored) {
        restored = true;
        // 85 s left: the first tick (55 s left) is inside the margin.
        return jsonResponse(makeSession({ expires_at: Math.floor(start / 1000) + 85 }));
      }
      expect(isRefresh(call)).toBe(true);
      return jsonResponse(
        makeSession({ access_token: 'access-2', expires_at: Math.floor(start / 1000) + 1000 }),
      );
    });
    await client.initialize();
    client.startAutoRefresh();

    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    expect(client.getSession()?.access_token).toBe('access-2');

    // Now 16 minutes remain: further ticks leave the token alone.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
    client.stopAutoRefresh();
  });

  it('re-reads the user every 10 minutes and emits USER_UPDATED when it changed', async () => {
    vi.useFakeTimers();
    const updated = makeUser({ needs_password_setup: true });
    const { client, calls, events } = await signedIn(() => jsonResponse({ user: updated }), {
      refreshTickMs: 3_600_000,
    });
    client.startAutoRefresh();

    await vi.advanceTimersByTimeAsync(10 * 60_000);

    expect(calls.map((c) => [c.method, c.url, c.headers.get('Authorization')])).toEqual([
      ['GET', '/api/auth/user', 'Bearer access-1'],
    ]);
    expect(events.map(([event]) => event)).toEqual(['USER_UPDATED']);
    expect(client.getSession()?.user.needs_password_setup).toBe(true);
    client.stopAutoRefresh();
  });
});

describe('AuthClient sign-in and sign-out', () => {
  it('exchanges a magic-link code once, however often it is asked, and emits SIGNED_IN', async () => {
    const session = makeSession();
    const { client, calls, events } = setup((call) =>
      isRefresh(call) ? noRefreshCookie() : jsonResponse(session),
    );
    await client.initialize();

    const [first, second] = await Promise.all([client.exchangeCode('code-1'), client.exchangeCode('code-1')]);

    expect(first).toEqual(second);
    const exchanges = calls.filter((c) => c.body?.grant_type === 'magic_link');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ grant_type: 'magic_link', code: 'code-1', transport: 'cookie' });
    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', session],
    ]);
  });

  it('signs out on the server with the bearer token and emits SIGNED_OUT, even if the server fails', async () => {
    const { client, calls, events } = await signedIn(() => new Response('oops', { status: 500 }));
    await client.signOut();
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: { scope: 'local' } });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(client.getSession()).toBeNull();
    expect(events).toEqual([['SIGNED_OUT', null]]);
  });

  it('ignores a refresh answer that arrives after sign-out', async () => {
    let answerRefresh: (r: Response) => void = () => {};
    const { client, events } = await signedIn((call) =>
      isRefresh(call)
        ? new Promise<Response>((resolve) => (answerRefresh = resolve))
        : new Response(null, { status: 204 }),
    );
    const refreshing = client.refreshSession();
    await client.signOut();
    answerRefresh(jsonResponse(makeSession({ access_token: 'too-late' })));
    await refreshing;
    expect(client.getSession()).toBeNull();
    expect(events.map(([event]) => event)).toEqual(['SIGNED_OUT']);
  });

  it('sets the password with the bearer token and emits USER_UPDATED', async () => {
    const user = makeUser({ needs_password_setup: false });
    const { client, calls, events } = await signedIn(
      () => jsonResponse({ user }),
      {},
      makeSession({ user: makeUser({ needs_password_setup: true }) }),
    );
    const result = await client.setPassword('correct horse');
    expect(result.ok).toBe(true);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/set-password',
      method: 'POST',
      body: { password: 'correct horse' },
    });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(client.getSession()?.user).toEqual(user);
    expect(events).toEqual([['USER_UPDATED', client.getSession()]]);
  });
});

describe('fetchWithAuth', () => {
  it('adds the bearer token and same-origin credentials', async () => {
    const { client, calls } = await signedIn(() => jsonResponse({ ok: true }));
    const response = await client.fetchWithAuth('/api/merchant/me');
    expect(response.status).toBe(200);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(calls[0]?.credentials).toBe('same-origin');
  });

  it('refreshes once and retries when the API answers 401', async () => {
    const { client, calls } = await signedIn((call) => {
      if (isRefresh(call)) return jsonResponse(makeSession({ access_token: 'access-2' }));
      return call.headers.get('Authorization') === 'Bearer access-2'
        ? jsonResponse({ ok: true })
        : apiError(401, 'unauthorized', 'Token expired.');
    });
    const response = await client.fetchWithAuth('/api/merchant/me');
    expect(response.status).toBe(200);
    expect(calls.map((c) => c.url)).toEqual(['/api/merchant/me', '/api/auth/token', '/api/merchant/me']);
  });
});
