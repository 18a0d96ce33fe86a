import { vi } from 'vitest';
import type { TAuthUser, TSession } from '@app/shared';

export function makeUser(overrides: Partial<TAuthUser> = {}): TAuthUser {
  return {
    id: '5d0f6a3e-8a0b-4a52-9f55-2f4b8b0d2c11',
    email: 'owner@store.sa',
    is_admin: false,
    language: 'ar',
    needs_password_setup: false,
    store_platform: 'other',
    user_metadata: {},
    created_at: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** A session as the API sends it with the cookie transport (no refresh_token in the body). */
export function makeSession(overrides: Partial<TSession> = {}, nowMs = Date.now()): TSession {
  return {
    access_token: 'access-1',
    expires_in: 900,
    expires_at: Math.floor(nowMs / 1000) + 900,
    token_type: 'bearer',
    user: makeUser(),
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status);
}

export interface TRecordedCall {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: Record<string, unknown> | undefined;
}

type THandler = (call: TRecordedCall) => Response | Promise<Response>;

/**
 * A fetch double: each call is recorded with its parsed JSON body and answered by `handler`
 * (throw inside it to simulate a network failure).
 */
export function fakeFetch(handler: THandler) {
  const calls: TRecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: TRecordedCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The API answer to a refresh with no (or a bad) refresh cookie. */
export const noRefreshCookie = () => apiError(401, 'invalid_grant', 'No valid refresh token.');

export const isRefresh = (call: TRecordedCall) =>
  call.url === '/api/auth/token' && call.body?.grant_type === 'refresh_token';

/** A promise you settle from the test, to look at a page while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
