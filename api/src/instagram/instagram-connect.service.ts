import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { facebookContracts, instagramContracts } from '@app/shared/contracts';
import { SignJWT, jwtVerify } from 'jose';
import {
  ZMetaSignedRequest,
  type TDataDeletionAnswer,
  type TInstagramConnectErrorCode,
  type TInstagramConnection,
  type TMetaSignedRequest,
} from '@app/shared';
import { randomToken, sha256 } from '../auth/crypto.js';
import { cacheKeys, type CachePort } from '../cache/cache.port.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import type { Clock } from '../lib/clock.js';
import { parseJsonKeepingBigIntegers } from '../lib/json-big-integers.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { InstagramConnectionsRepository } from './instagram-connections.repository.js';
import type { InstagramLoginPort, LoginFailure } from './instagram-login.client.js';

const STATE_PURPOSE = 'instagram-connect';
const STATE_TTL_S = 600;
/**
 * Meta's signed requests: accepted up to an hour after `issued_at` (Meta posts them at once) and at most
 * 5 minutes ahead of our clock; each one once (a hash of it is kept for as long as it could be accepted).
 */
export const SIGNED_REQUEST_MAX_AGE_S = 3_600;
export const SIGNED_REQUEST_MAX_SKEW_S = 300;
const SIGNED_REQUEST_PURPOSE = 'meta-signed-request';
const DAY_MS = 24 * 3_600_000;
/** Instagram refreshes only tokens at least 24 h old; we refresh those within 10 days of expiry. */
export const TOKEN_MIN_AGE_MS = DAY_MS;
export const TOKEN_REFRESH_WINDOW_MS = 10 * DAY_MS;

/** The browser cookie a connect call sets; the state is only good in the browser that holds it. */
export const CONNECT_COOKIE = 'lamha_ig_connect';
/** Each Meta login's callback: `/api/instagram/callback`, `/api/facebook/callback`. */
const callbackPathOf = (provider: 'instagram' | 'facebook') =>
  (provider === 'facebook' ? facebookContracts : instagramContracts).callback.path;

/** A token the content source may use, or why there is none. */
export type ConnectionToken =
  | { status: 'active'; connectionId: string; token: string; demo: boolean }
  | { status: 'needs_reconnect'; connectionId: string; reason: string };

export interface InstagramConnectDeps {
  connections: InstagramConnectionsRepository;
  accounts: Pick<InstagramAccountsRepository, 'connect'>;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  /** Absent when Instagram Login is not available (production without credentials). */
  login: InstagramLoginPort | undefined;
  box: SecretBox;
  cache: CachePort;
  clock: Clock;
  logger: Logger;
  onAccountDue: () => void;
  /** Whether the fallback content (no connection) is generated sample content. */
  fallbackIsDemo: boolean;
  /** Whether merchants can connect by username (false: production without Business Discovery keys). */
  usernameAvailable?: boolean;
  /**
   * Which Meta login this is: Instagram Login (the default) connects the account whose posts the widget
   * shows; Facebook Login for Business connects the same account's story source only.
   */
  provider?: 'instagram' | 'facebook';
  /** Facebook Login: the merchant's stories are due at once after connecting. */
  onStoriesDue?: (userId: string) => Promise<void>;
  config: {
    appUrl: string;
    /** AUTH_SECRET; the state key is derived from it for this purpose only. */
    authSecret: Uint8Array;
    /** Verifies Meta's signed_request; absent without Instagram credentials. */
    appSecret: string | undefined;
  };
}

/**
 * Connect with Instagram: the authorize URL with a signed, single-use, browser-bound state; the callback
 * that exchanges the code for a long-lived token and connects the account; token refresh; disconnect; and
 * Meta's deauthorize and data-deletion callbacks.
 */
export class InstagramConnect {
  private readonly stateKey: Uint8Array;
  readonly provider: 'instagram' | 'facebook';
  private readonly purpose: string;

  constructor(private readonly deps: InstagramConnectDeps) {
    this.provider = deps.provider ?? 'instagram';
    this.purpose = this.provider === 'instagram' ? STATE_PURPOSE : `${this.provider}-connect`;
    // Its own key: a state can never pass for an access token or another purpose's token, and back.
    this.stateKey = createHmac('sha256', deps.config.authSecret)
      .update(`lamha/${this.provider}-connect-state/v1`)
      .digest();
  }

  /** Where the login window sends the browser back. */
  get callbackPath(): string {
    return callbackPathOf(this.provider);
  }

  get available(): boolean {
    return this.deps.login !== undefined;
  }

  redirectUri(): string {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}${this.callbackPath}`;
  }

  /** The authorize URL, and the nonce to set in this browser's cookie. */
  async start(
    userId: string,
  ): Promise<Result<{ url: string; browserNonce: string }, TInstagramConnectErrorCode>> {
    const login = this.deps.login;
    if (!login) return err('not_configured');
    const browserNonce = randomToken();
    const nowS = Math.floor(this.deps.clock.now().getTime() / 1000);
    const state = await new SignJWT({ purpose: this.purpose, bnd: sha256(browserNonce) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(randomBytes(12).toString('base64url'))
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + STATE_TTL_S)
      .sign(this.stateKey);
    return ok({ url: login.authorizeUrl({ redirectUri: this.redirectUri(), state }), browserNonce });
  }

  /** Checks a returned state: signature, purpose, expiry, this browser, and first use. Gives the user id. */
  private async consumeState(state: string | undefined, browserNonce: string | undefined) {
    if (!state || !browserNonce) return undefined;
    let payload;
    try {
      ({ payload } = await jwtVerify(state, this.stateKey, {
        algorithms: ['HS256'],
        currentDate: this.deps.clock.now(),
      }));
    } catch {
      return undefined;
    }
    if (
      payload.purpose !== this.purpose ||
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string'
    )
      return undefined;
    const expected = Buffer.from(String(payload.bnd ?? ''));
    const actual = Buffer.from(sha256(browserNonce));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
    // Single use across every process: the first to count it wins; a cache that cannot answer refuses.
    const uses = await this.deps.cache.increment(
      cacheKeys.usedOnce(this.purpose, payload.jti),
      STATE_TTL_S + 60,
    );
    if (uses !== 1) return undefined;
    return payload.sub;
  }

  /**
   * The login window's redirect back: returns where the browser goes next, `/dashboard?instagram=connected`
   * or `/dashboard?instagram=error&code=…` (Facebook Login: `?facebook=…`, on the Highlights tab).
   */
  async callback(
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    browserNonce: string | undefined,
  ): Promise<string> {
    const tab = this.provider === 'facebook' ? '#highlights' : '';
    const fail = (code: TInstagramConnectErrorCode) => `/dashboard?${this.provider}=error&code=${code}${tab}`;
    const d = this.deps;
    const login = d.login;
    if (!login) return fail('not_configured');
    const userId = await this.consumeState(query.state, browserNonce);
    if (!userId) return fail('state_invalid');
    if (query.error || !query.code) return fail('access_denied');

    const logFailure = (step: string, failure: LoginFailure) =>
      d.logger.warn({ userId, step, kind: failure.kind, detail: failure.detail }, 'instagram connect failed');
    // Instagram appends "#_" to the redirect; a code copied with it is still the same code.
    const short = await login.exchangeCode(query.code.replace(/#_$/, ''), this.redirectUri());
    if (!short.ok) {
      logFailure('code', short.error);
      return fail('exchange_failed');
    }
    const long = await login.exchangeLongLived(short.value.accessToken);
    if (!long.ok) {
      logFailure('long-lived', long.error);
      return fail('exchange_failed');
    }
    const me = await login.me(long.value.accessToken);
    if (!me.ok) {
      logFailure('me', me.error);
      return fail(me.error.noLinkedInstagram ? 'no_linked_instagram' : 'exchange_failed');
    }
    if (me.value.accountType === 'PERSONAL') return fail('personal_account');

    const now = d.clock.now();
    await d.connections.upsert({
      userId,
      igUserId: me.value.externalId,
      // Meta's signed requests may name the person by any of these.
      igIds: [...me.value.ids, ...(short.value.userId ? [short.value.userId] : [])],
      username: me.value.username,
      accountType: me.value.accountType,
      demo: login.kind === 'dev',
      accessTokenEnc: d.box.seal(long.value.accessToken),
      tokenIssuedAt: now,
      tokenExpiresAt: new Date(now.getTime() + long.value.expiresInSeconds * 1000),
      now,
    });
    if (this.provider === 'facebook') {
      // The story source only: its stories are read at the next tick.
      await d.onStoriesDue?.(userId);
      d.onAccountDue();
      return `/dashboard?facebook=connected${tab}`;
    }
    // The account the refresh engine reads: due now, under the same widget key as before.
    await d.accounts.connect({ userId, username: me.value.username, externalId: me.value.externalId, now });
    await d.snapshots.rebuild(userId);
    d.onAccountDue();
    return '/dashboard?instagram=connected';
  }

  async connection(userId: string): Promise<TInstagramConnection> {
    const row = await this.deps.connections.findByUserId(userId);
    return {
      connected: row !== undefined,
      login_available: this.available,
      username_available: this.deps.usernameAvailable ?? true,
      username: row?.username ?? null,
      account_type: row?.accountType ?? null,
      status: row?.status ?? null,
      sample_content: row ? row.demo : this.deps.fallbackIsDemo,
      connected_at: row?.connectedAt.toISOString() ?? null,
      token_expires_at: row?.tokenExpiresAt?.toISOString() ?? null,
    };
  }

  /** The merchant's own token for the content source, or why there is none; undefined when not connected. */
  async tokenFor(userId: string): Promise<ConnectionToken | undefined> {
    const row = await this.deps.connections.findByUserId(userId);
    if (!row) return undefined;
    if (row.status !== 'active' || !row.accessTokenEnc)
      return {
        status: 'needs_reconnect',
        connectionId: row.id,
        reason: row.lastError ?? 'needs reconnecting',
      };
    try {
      return {
        status: 'active',
        connectionId: row.id,
        token: this.deps.box.open(row.accessTokenEnc),
        demo: row.demo,
      };
    } catch {
      // Sealed with another key (TOKEN_ENCRYPTION_KEY changed): only a new connection helps.
      await this.markNeedsReconnect(row.id, 'the stored token cannot be opened with this key');
      return { status: 'needs_reconnect', connectionId: row.id, reason: 'token unreadable' };
    }
  }

  async markNeedsReconnect(connectionId: string, reason: string): Promise<void> {
    await this.deps.connections.markNeedsReconnect(connectionId, reason, this.deps.clock.now());
  }

  /** Disconnect from the dashboard: the token is deleted; content stays until something replaces it. */
  async disconnect(userId: string): Promise<boolean> {
    const removed = await this.deps.connections.deleteByUserId(userId);
    if (removed) await this.deps.snapshots.rebuild(userId);
    return removed;
  }

  /**
   * Cron: refreshes long-lived tokens at least 24 h old that expire within 10 days. A refused refresh marks
   * the connection for reconnecting. (Refreshing one token twice is harmless, so processes need no lock.)
   */
  async refreshExpiringTokens(limit = 100): Promise<{ refreshed: number; failed: number }> {
    const d = this.deps;
    const login = d.login;
    if (!login) return { refreshed: 0, failed: 0 };
    const now = d.clock.now();
    const due = await d.connections.dueForRefresh({
      issuedBefore: new Date(now.getTime() - TOKEN_MIN_AGE_MS),
      expiresBefore: new Date(now.getTime() + TOKEN_REFRESH_WINDOW_MS),
      limit,
    });
    let refreshed = 0;
    let failed = 0;
    for (const row of due) {
      const token = await this.tokenFor(row.userId);
      if (token?.status !== 'active') {
        failed++;
        continue;
      }
      const result = await login.refresh(token.token);
      if (result.ok) {
        const at = d.clock.now();
        await d.connections.saveRefreshedToken(row.id, {
          accessTokenEnc: d.box.seal(result.value.accessToken),
          issuedAt: at,
          expiresAt: new Date(at.getTime() + result.value.expiresInSeconds * 1000),
        });
        refreshed++;
      } else if (result.error.kind === 'rate_limited' || result.error.kind === 'unavailable') {
        // Instagram is busy or down, not refusing: the next tick tries again well before expiry.
        d.logger.warn(
          { connectionId: row.id, detail: result.error.detail },
          'instagram token refresh postponed',
        );
      } else {
        await this.markNeedsReconnect(row.id, `token refresh failed: ${result.error.message}`);
        d.logger.warn(
          { connectionId: row.id, detail: result.error.detail },
          'instagram token refresh refused',
        );
        failed++;
      }
    }
    return { refreshed, failed };
  }

  /**
   * Verifies Meta's `signed_request` (HMAC-SHA256 of the payload with the app secret, base64url), that it
   * is recent (`issued_at` within the window above), and that it was not used before. Undefined otherwise.
   */
  async acceptSignedRequest(signedRequest: string): Promise<TMetaSignedRequest | undefined> {
    const request = this.verifySignedRequest(signedRequest);
    if (!request) return undefined;
    const nowS = this.deps.clock.now().getTime() / 1000;
    if (nowS - request.issued_at > SIGNED_REQUEST_MAX_AGE_S) return undefined;
    if (request.issued_at - nowS > SIGNED_REQUEST_MAX_SKEW_S) return undefined;
    // Once across every process: the first to count it wins; a cache that cannot answer refuses.
    const uses = await this.deps.cache.increment(
      cacheKeys.usedOnce(SIGNED_REQUEST_PURPOSE, sha256(signedRequest)),
      SIGNED_REQUEST_MAX_AGE_S + SIGNED_REQUEST_MAX_SKEW_S + 60,
    );
    return uses === 1 ? request : undefined;
  }

  /** The signature and payload only (no age or reuse check): `acceptSignedRequest` is what routes call. */
  private verifySignedRequest(signedRequest: string): TMetaSignedRequest | undefined {
    const secret = this.deps.config.appSecret;
    if (!secret) return undefined;
    const [signature, payload, extra] = signedRequest.split('.');
    if (!signature || !payload || extra !== undefined) return undefined;
    const expected = createHmac('sha256', secret).update(payload).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      // The user id may be a bare JSON number beyond 2^53: every digit is kept.
      const parsed = ZMetaSignedRequest.safeParse(
        parseJsonKeepingBigIntegers(Buffer.from(payload, 'base64url').toString('utf8')),
      );
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** Meta's deauthorize callback: the person removed our app on Instagram. Their tokens are deleted. */
  async deauthorize(request: TMetaSignedRequest): Promise<number> {
    const rows = await this.deps.connections.findByAnyIgId(request.user_id);
    for (const row of rows) {
      await this.deps.connections.markNeedsReconnect(
        row.id,
        'the app was removed on Instagram',
        this.deps.clock.now(),
        {
          dropToken: true,
        },
      );
    }
    return rows.length;
  }

  /** Meta's data-deletion callback: tokens, content and media references go; a status page says so. */
  async deleteData(request: TMetaSignedRequest): Promise<TDataDeletionAnswer> {
    const d = this.deps;
    const users = await d.connections.deleteDataOf(request.user_id);
    for (const userId of users) await d.snapshots.rebuild(userId);
    const code = randomBytes(9).toString('base64url');
    await d.connections.recordDeletion({
      code,
      igUserId: request.user_id,
      accounts: users.length,
      now: d.clock.now(),
    });
    const url = new URL('/api/instagram/data-deletion/status', d.config.appUrl);
    url.searchParams.set('code', code);
    return { url: url.toString(), confirmation_code: code };
  }

  deletionStatus(code: string) {
    return this.deps.connections.findDeletion(code);
  }
}
