import {
  type TAuthUser,
  type TLanguage,
  type TLogoutRequest,
  type TLogoutScope,
  type TMagicLinkRequest,
  type TMagicLinkResponse,
  type TPasswordSignIn,
  type TSession,
  type TSetPasswordRequest,
  type TTokenRequest,
} from '@app/shared';
import { authContracts as auth } from '@app/shared/contracts';
import { createApiClient } from '../../../lib/api-client';
import { failureStatus, type TApiFailure, type TApiResult } from './api-request';
import { hasSignedInHint } from './signed-in-hint';

/** The auth events of product §4 (MFA is not part of this product). */
export type TAuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
export type TAuthListener = (event: TAuthEvent, session: TSession | null) => void;

/** 'loading' until the first attempt to restore a session from the refresh cookie has finished. */
export interface TAuthSnapshot {
  status: 'loading' | 'ready';
  session: TSession | null;
}

export interface TAuthClientOptions {
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How often the expiry is checked (product §9: 30 s). */
  refreshTickMs?: number;
  /** Refresh when fewer than this many seconds remain. */
  refreshMarginSeconds?: number;
  /** How often the server is asked who we are (product §9: 10 min). */
  heartbeatMs?: number;
  /** First back-off delay for a refresh that failed for a passing reason; doubles on each retry. */
  retryBaseDelayMs?: number;
  maxRetries?: number;
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
/** Statuses with which the server says the refresh token is no good: the session is over. */
const SESSION_REJECTED_STATUSES = new Set([400, 401]);

export function isRetryableFailure(failure: TApiFailure): boolean {
  const status = failureStatus(failure);
  return status === undefined || RETRYABLE_STATUSES.has(status);
}

export function isSessionRejected(failure: TApiFailure): boolean {
  const status = failureStatus(failure);
  return status !== undefined && SESSION_REJECTED_STATUSES.has(status);
}

/**
 * The browser side of our auth API (docs/architecture.md: it replaces the hosted auth client of the original design).
 *
 * - The access token lives in memory only. The refresh token is an httpOnly cookie set by the server, so
 *   every token call says `transport: 'cookie'` and sends same-origin credentials.
 * - On start, a refresh restores the session if the cookie is there (INITIAL_SESSION).
 * - A 30 s tick refreshes shortly before expiry; a 10 min heartbeat re-reads the user.
 * - A refresh rejected with 400/401 ends the session (SIGNED_OUT). A 502/503/504 or a network failure keeps
 *   it and is retried with exponential back-off, because the refresh token may still be good.
 */
export class AuthClient {
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #refreshTickMs: number;
  readonly #refreshMarginMs: number;
  readonly #heartbeatMs: number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetries: number;
  /** The token calls: no Bearer token, the refresh cookie sent along (same-origin). */
  readonly #api: ReturnType<typeof createApiClient>;
  /** The calls of the signed-in user (`fetchWithAuth`). */
  readonly #authed: ReturnType<typeof createApiClient>;

  #snapshot: TAuthSnapshot = { status: 'loading', session: null };
  readonly #authListeners = new Set<TAuthListener>();
  readonly #storeListeners = new Set<() => void>();
  #initializing: Promise<TSession | null> | undefined;
  #refreshing: Promise<TApiResult<TSession>> | undefined;
  #refreshRequest: Promise<TApiResult<TSession>> | undefined;
  /** A magic-link code works once; asking twice (React StrictMode, a double click) must not send it twice. */
  readonly #codeExchanges = new Map<string, Promise<TApiResult<TSession>>>();
  /** Bumped on sign-out so that a refresh answer arriving afterwards cannot bring the session back. */
  #generation = 0;
  #tickTimer: ReturnType<typeof setInterval> | undefined;
  #heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: TAuthClientOptions = {}) {
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#now = options.now ?? (() => Date.now());
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#refreshTickMs = options.refreshTickMs ?? 30_000;
    this.#refreshMarginMs = (options.refreshMarginSeconds ?? 60) * 1000;
    this.#heartbeatMs = options.heartbeatMs ?? 10 * 60_000;
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 200;
    this.#maxRetries = options.maxRetries ?? 3;
    this.#api = createApiClient((input, init) => this.#fetch(input, { ...init, credentials: 'same-origin' }));
    this.#authed = createApiClient((input, init) => this.fetchWithAuth(input, init));
  }

  // ---- state ---------------------------------------------------------------------------------------------

  /** For `useSyncExternalStore`: a new object whenever status or session changes. */
  readonly getSnapshot = (): TAuthSnapshot => this.#snapshot;

  readonly subscribe = (onChange: () => void): (() => void) => {
    this.#storeListeners.add(onChange);
    return () => this.#storeListeners.delete(onChange);
  };

  getSession(): TSession | null {
    return this.#snapshot.session;
  }

  /** Listens for auth events; returns the unsubscribe function. */
  onAuthStateChange(listener: TAuthListener): () => void {
    this.#authListeners.add(listener);
    return () => this.#authListeners.delete(listener);
  }

  #setState(status: TAuthSnapshot['status'], session: TSession | null): void {
    if (this.#snapshot.status === status && this.#snapshot.session === session) return;
    this.#snapshot = { status, session };
    for (const onChange of [...this.#storeListeners]) onChange();
  }

  #setSession(session: TSession | null): void {
    this.#setState('ready', session);
  }

  #emit(event: TAuthEvent): void {
    const session = this.#snapshot.session;
    for (const listener of [...this.#authListeners]) {
      try {
        listener(event, session);
      } catch (error) {
        console.error('auth listener failed', error);
      }
    }
  }

  // ---- session lifecycle ---------------------------------------------------------------------------------

  /** Restores the session from the refresh cookie, once, however often it is called. */
  initialize(): Promise<TSession | null> {
    this.#initializing ??= (async () => {
      const generation = this.#generation;
      // Without the server's hint cookie there is no refresh cookie to try: stay signed out, no request.
      const result = hasSignedInHint() ? await this.#refreshOnce() : ({ ok: false } as const);
      // A sign-in or sign-out that finished meanwhile is newer than what the cookie said.
      if (this.#snapshot.status === 'loading' && generation === this.#generation) {
        this.#setSession(result.ok ? result.value : null);
      } else {
        this.#setState('ready', this.#snapshot.session);
      }
      this.#emit('INITIAL_SESSION');
      return this.#snapshot.session;
    })();
    return this.#initializing;
  }

  /**
   * Rotates the refresh cookie for a new access token. Concurrent callers share one request. Emits
   * TOKEN_REFRESHED on success, SIGNED_OUT when the server rejects the refresh token; any other failure
   * leaves the session as it was.
   */
  refreshSession(): Promise<TApiResult<TSession>> {
    this.#refreshing ??= (async () => {
      const generation = this.#generation;
      try {
        const result = await this.#refreshOnce();
        if (generation !== this.#generation) return result;
        if (result.ok) {
          this.#setSession(result.value);
          this.#emit('TOKEN_REFRESHED');
        } else if (isSessionRejected(result.failure)) {
          this.#dropSession();
        }
        return result;
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  /** Refreshes when the access token expires within the margin. Called by the tick and on tab focus. */
  async refreshIfExpiring(): Promise<void> {
    const session = this.#snapshot.session;
    if (!session) return;
    if (session.expires_at * 1000 - this.#now() < this.#refreshMarginMs) await this.refreshSession();
  }

  /**
   * One refresh request (with retries for passing failures) shared by everyone asking at the same time:
   * the refresh token rotates, so two requests with the same cookie would make the second one fail.
   */
  #refreshOnce(): Promise<TApiResult<TSession>> {
    this.#refreshRequest ??= this.#refreshWithRetries().finally(() => {
      this.#refreshRequest = undefined;
    });
    return this.#refreshRequest;
  }

  /** Tabs take turns (Web Locks) so one tab never sends a cookie another tab has just rotated. */
  async #refreshWithRetries(): Promise<TApiResult<TSession>> {
    const run = async (): Promise<TApiResult<TSession>> => {
      const body: TTokenRequest = { grant_type: 'refresh_token', transport: 'cookie' };
      for (let attempt = 0; ; attempt++) {
        const result = await this.#api.call(auth.token, { body });
        if (result.ok || !isRetryableFailure(result.failure) || attempt >= this.#maxRetries) return result;
        await this.#sleep(this.#retryBaseDelayMs * 2 ** attempt);
      }
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request('lamha.auth.refresh', run) : run();
  }

  #dropSession(): void {
    const hadSession = this.#snapshot.session !== null;
    this.#setSession(null);
    if (hadSession) this.#emit('SIGNED_OUT');
  }

  /** Exchanges the one-time code from the magic link for a session (SIGNED_IN). Each code is sent once. */
  exchangeCode(code: string): Promise<TApiResult<TSession>> {
    let pending = this.#codeExchanges.get(code);
    if (!pending) {
      pending = (async () => {
        const body: TTokenRequest = { grant_type: 'magic_link', code, transport: 'cookie' };
        const result = await this.#api.call(auth.token, { body });
        if (result.ok) {
          this.#generation++;
          this.#setSession(result.value);
          this.#emit('SIGNED_IN');
        }
        return result;
      })();
      this.#codeExchanges.set(code, pending);
    }
    return pending;
  }

  /** E-mail and password, for accounts that set one (SIGNED_IN). */
  async signInWithPassword(email: string, password: string): Promise<TApiResult<TSession>> {
    const body: TPasswordSignIn = { email, password, transport: 'cookie' };
    const result = await this.#api.call(auth.password, { body });
    if (result.ok) {
      this.#generation++;
      this.#setSession(result.value);
      this.#emit('SIGNED_IN');
    }
    return result;
  }

  requestMagicLink(email: string, language: TLanguage): Promise<TApiResult<TMagicLinkResponse>> {
    const body: TMagicLinkRequest = { email, language };
    return this.#api.call(auth.magicLink, { body });
  }

  /** Re-reads the signed-in user (the heartbeat). USER_UPDATED when something changed. */
  async checkSession(): Promise<void> {
    if (!this.#snapshot.session) return;
    const result = await this.#authed.call(auth.user);
    if (result.ok) this.#updateUser(result.value.user);
  }

  async setPassword(password: string): Promise<TApiResult<TAuthUser>> {
    const body: TSetPasswordRequest = { password };
    const result = await this.#authed.call(auth.setPassword, { body });
    if (!result.ok) return result;
    this.#updateUser(result.value.user);
    return { ok: true, value: result.value.user, status: result.status };
  }

  #updateUser(user: TAuthUser): void {
    const session = this.#snapshot.session;
    if (!session || JSON.stringify(session.user) === JSON.stringify(user)) return;
    this.#setSession({ ...session, user });
    this.#emit('USER_UPDATED');
  }

  /**
   * Ends the session here and on the server (which clears the refresh cookie). 401/403/404 and network
   * failures are tolerated: locally the user is signed out whatever the server said.
   */
  async signOut(scope: TLogoutScope = 'local'): Promise<void> {
    this.#generation++;
    const token = this.#snapshot.session?.access_token;
    if (token) {
      const body: TLogoutRequest = { scope };
      // The token as it was when signing out began, not whatever a refresh brings meanwhile.
      const withToken = createApiClient((input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Authorization', `Bearer ${token}`);
        return this.#fetch(input, { ...init, headers, credentials: 'same-origin' });
      });
      await withToken.call(auth.logout, { body });
    }
    this.#dropSession();
  }

  // ---- timers --------------------------------------------------------------------------------------------

  startAutoRefresh(): void {
    if (this.#tickTimer !== undefined) return;
    this.#tickTimer = setInterval(() => void this.refreshIfExpiring(), this.#refreshTickMs);
    this.#heartbeatTimer = setInterval(() => void this.checkSession(), this.#heartbeatMs);
  }

  stopAutoRefresh(): void {
    clearInterval(this.#tickTimer);
    clearInterval(this.#heartbeatTimer);
    this.#tickTimer = undefined;
    this.#heartbeatTimer = undefined;
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------

  /**
   * `fetch` for our API with `Authorization: Bearer <access token>`. Refreshes first when the token is about
   * to expire, and once more (then retries) if the server still answers 401.
   */
  async fetchWithAuth(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    if (this.#snapshot.status === 'loading') await this.initialize();
    await this.refreshIfExpiring();

    const send = () => {
      const headers = new Headers(init.headers);
      const token = this.#snapshot.session?.access_token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return this.#fetch(input, { ...init, headers, credentials: init.credentials ?? 'same-origin' });
    };

    const hadToken = this.#snapshot.session !== null;
    const response = await send();
    if (response.status !== 401 || !hadToken) return response;
    const refreshed = await this.refreshSession();
    return refreshed.ok ? send() : response;
  }
}
