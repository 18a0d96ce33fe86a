import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TAuthUser, TLanguage, TSession } from '@app/shared';
import type { CachePort } from '../cache/cache.port.js';
import { cacheKeys } from '../cache/cache.port.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { addressSubject, consumeRateLimits } from '../lib/rate-limit.js';
import { err, ok, type Result } from '../lib/result.js';
import type { MailPort } from '../mail/mail.port.js';
import { magicLinkEmail, welcomeEmail } from '../mail/templates.js';
import { TRIAL_MS } from '../billing/plan.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token.js';
import type { AuthRepository } from './auth.repository.js';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  keyedToken,
  randomToken,
  sha256,
  verifyPassword,
} from './crypto.js';

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing with the same token within this window is a race, not a theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** The answer to every magic-link request, sent or not (a stranger cannot tell whether an address exists). */
export const MAGIC_LINK_SENT_MESSAGE = 'If an account exists for this email, a magic link has been sent.';

/** Setting or changing a password needs a sign-in at most this old. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60 * 1000;

/**
 * Limits on asking for links. Per client IP every request counts (the asker's own budget, answered 429).
 * The others count only e-mails actually sent, and a request over them is answered like any other with
 * nothing sent (a stranger cannot tell whether an address exists):
 * - per client IP and e-mail pair: 1 a minute, 5 an hour, so one address can never use up an e-mail's
 *   budget;
 * - per e-mail from everywhere: 10 an hour, which bounds the e-mails many addresses together can cause.
 *   A signed-in merchant asking for their own e-mail, or a device that signed in with it before (the
 *   device cookie), is never refused by this one.
 */
export const MAGIC_LINK_LIMITS = {
  perPairMinute: { limit: 1, windowSeconds: 60 },
  perPairHour: { limit: 5, windowSeconds: 3600 },
  perEmailHour: { limit: 10, windowSeconds: 3600 },
  perIpHour: { limit: 30, windowSeconds: 3600 },
};

/** Who is asking for a link, beyond their address: what can show it is the e-mail's owner. */
export interface LinkRequester {
  /** The e-mail of the caller's valid access token, if they sent one. */
  signedInEmail?: string | undefined;
  /** The device cookie, if this browser has one. */
  deviceCookie?: string | undefined;
}

/**
 * Password guesses: free for the first few failures of an account from one IP, then a wait that doubles
 * with each further failure (capped), kept per account and IP pair so guesses from elsewhere never slow the
 * owner down. Failures per IP across accounts are capped too (password spraying), counting only that IP.
 */
const PASSWORD_LIMITS = {
  freeFailures: 3,
  firstDelaySeconds: 2,
  maxDelaySeconds: 300,
  pairMemorySeconds: 3600,
  perIpFailures: { limit: 100, windowSeconds: 900 },
};

/** The wait after `failures` failed guesses of one account from one IP. */
export function passwordDelaySeconds(failures: number): number {
  if (failures <= PASSWORD_LIMITS.freeFailures) return 0;
  const doublings = failures - PASSWORD_LIMITS.freeFailures - 1;
  return Math.min(PASSWORD_LIMITS.firstDelaySeconds * 2 ** doublings, PASSWORD_LIMITS.maxDelaySeconds);
}

interface PasswordFailures {
  failures: number;
  /** Epoch ms before which this pair may not guess again. */
  until: number;
}

export interface AuthServiceDeps {
  auth: AuthRepository;
  users: UsersRepository;
  cache: CachePort;
  mailer: MailPort;
  clock: Clock;
  logger: Logger;
  secret: Uint8Array;
  appUrl: string;
  adminEmails: string[];
}

export interface ClientInfo {
  ip: string | undefined;
  userAgent: string | undefined;
}

/** A session plus the raw refresh token, which the route puts in a cookie or the body. */
export interface IssuedSession {
  session: Omit<TSession, 'refresh_token'>;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  /** When the session signed in (a magic link or a password); refreshing it does not move this. */
  signedInAt: Date;
}

export function toAuthUser(user: UserRow): TAuthUser {
  return {
    id: user.id,
    email: user.email,
    is_admin: user.isAdmin,
    language: user.language,
    needs_password_setup: user.needsPasswordSetup,
    store_platform: user.storePlatform,
    user_metadata: { ...user.metadata, is_admin: user.isAdmin, email: user.email, language: user.language },
    created_at: user.createdAt.toISOString(),
  };
}

const tooManyAttempts = (retryAfter: number) =>
  new AppError('too_many_attempts', undefined, { retry_after: retryAfter });

export class AuthService {
  private readonly deviceKey: Buffer;

  constructor(private readonly deps: AuthServiceDeps) {
    // Its own key: a device cookie can never pass for a session or any other token.
    this.deviceKey = createHmac('sha256', deps.secret).update('lamha/sign-in-device/v1').digest();
  }

  /**
   * The device cookie set at every sign-in: a random nonce and its HMAC with the e-mail, so it shows this
   * browser signed in with that e-mail before (nothing else; it grants no access).
   */
  deviceCookieFor(email: string): string {
    const nonce = randomBytes(12).toString('base64url');
    return `${nonce}.${this.deviceMac(nonce, email)}`;
  }

  private deviceMac(nonce: string, email: string): string {
    return createHmac('sha256', this.deviceKey).update(`${nonce}|${email.toLowerCase()}`).digest('base64url');
  }

  private isDeviceOf(cookie: string | undefined, email: string): boolean {
    const [nonce, mac, extra] = (cookie ?? '').split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    const expected = Buffer.from(this.deviceMac(nonce, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Sends a sign-in link. The answer is the same whether or not the address has an account. */
  async requestMagicLink(
    input: { email: string; language?: TLanguage | undefined },
    client: ClientInfo,
    requester: LinkRequester = {},
  ): Promise<Result<{ message: string }, AppError>> {
    const { auth, users, cache, mailer, clock } = this.deps;
    if (client.ip) {
      const allowed = await consumeRateLimits(cache, [
        { key: cacheKeys.rateLimit('magic-link:ip:1h', client.ip), ...MAGIC_LINK_LIMITS.perIpHour },
      ]);
      // Fixed windows: at the latest when this one ends.
      if (!allowed)
        return err(
          new AppError('rate_limited', undefined, { retry_after: MAGIC_LINK_LIMITS.perIpHour.windowSeconds }),
        );
    }
    const pair = `${client.ip ? addressSubject(client.ip) : '-'}|${input.email}`;
    const perPair = [
      { key: cacheKeys.rateLimit('magic-link:pair:1m', pair), ...MAGIC_LINK_LIMITS.perPairMinute },
      { key: cacheKeys.rateLimit('magic-link:pair:1h', pair), ...MAGIC_LINK_LIMITS.perPairHour },
    ];
    const perEmail = {
      key: cacheKeys.rateLimit('magic-link:email:1h', input.email),
      ...MAGIC_LINK_LIMITS.perEmailHour,
    };
    const owner =
      requester.signedInEmail?.toLowerCase() === input.email.toLowerCase() ||
      this.isDeviceOf(requester.deviceCookie, input.email);
    // The owner's own requests still count against the e-mail's budget, but are never refused by it.
    const perAddress = owner ? perPair : [...perPair, perEmail];
    const sentSoFar = await Promise.all(perAddress.map((rule) => cache.get<number>(rule.key)));
    if (perAddress.some((rule, i) => (sentSoFar[i] ?? 0) >= rule.limit)) {
      this.deps.logger.info('sign-in link not sent: the address had enough for now');
      return ok({ message: MAGIC_LINK_SENT_MESSAGE });
    }

    const existing = await users.findByEmail(input.email);
    const language = existing?.language ?? input.language ?? 'ar';
    const code = randomToken();
    const now = clock.now();
    await auth.saveMagicLinkCode({
      codeHash: sha256(code),
      email: input.email,
      language,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
      requestedIp: client.ip ?? null,
    });
    const link = `${this.deps.appUrl.replace(/\/$/, '')}/auth/callback?code=${encodeURIComponent(code)}`;
    try {
      await mailer.send(magicLinkEmail(input.email, link, language));
    } catch (error) {
      this.deps.logger.error({ err: error }, 'sending the sign-in e-mail failed');
      return err(new AppError('mail_failed'));
    }
    await Promise.all([...perPair, perEmail].map((rule) => cache.increment(rule.key, rule.windowSeconds)));
    return ok({ message: MAGIC_LINK_SENT_MESSAGE });
  }

  /**
   * A fresh one-time sign-in code for an address, for flows that have already proved who the merchant is
   * (a store platform's OAuth or install event). The code is stored hashed, like every other.
   */
  async createSignInCode(email: string, language: TLanguage): Promise<{ code: string; link: string }> {
    const code = randomToken();
    await this.deps.auth.saveMagicLinkCode({
      codeHash: sha256(code),
      email: email.toLowerCase(),
      language,
      expiresAt: new Date(this.deps.clock.now().getTime() + MAGIC_LINK_TTL_MS),
    });
    return {
      code,
      link: `${this.deps.appUrl.replace(/\/$/, '')}/auth/callback?code=${encodeURIComponent(code)}`,
    };
  }

  /** The install welcome: a sign-in link to the dashboard, in the merchant's language. */
  async sendWelcome(email: string, language: TLanguage, platform: 'Salla' | 'Zid'): Promise<void> {
    const { link } = await this.createSignInCode(email, language);
    await this.deps.mailer.send(welcomeEmail(email, link, language, platform));
  }

  /** Exchanges a one-time code for a session; the first use of a link creates the account. */
  async exchangeMagicLink(code: string, client: ClientInfo): Promise<Result<IssuedSession, AppError>> {
    const { auth, users, clock } = this.deps;
    const consumed = await auth.consumeMagicLinkCode(sha256(code), clock.now());
    if (!consumed.ok) {
      return err(new AppError(`magic_link_${consumed.reason}`));
    }
    const now = clock.now();
    const { user: found } = await users.findOrCreate({
      email: consumed.code.email,
      language: consumed.code.language,
      trialEndsAt: new Date(now.getTime() + TRIAL_MS),
    });
    const user = await this.recordSignIn(found, now);
    return ok(await this.startSession(user, client));
  }

  /** E-mail and password, for accounts that set one. */
  async signInWithPassword(
    input: { email: string; password: string },
    client: ClientInfo,
  ): Promise<Result<IssuedSession, AppError>> {
    const { cache, clock } = this.deps;
    const now = clock.now().getTime();
    const pairKey = cacheKeys.rateLimit('password:pair', `${input.email}|${client.ip ?? '-'}`);
    const ipKey = client.ip ? cacheKeys.rateLimit('password:ip-failures', client.ip) : undefined;
    const [pair, ipFailures] = await Promise.all([
      cache.get<PasswordFailures>(pairKey),
      ipKey ? cache.get<number>(ipKey) : undefined,
    ]);
    if (pair && pair.until > now) return err(tooManyAttempts(Math.ceil((pair.until - now) / 1000)));
    if ((ipFailures ?? 0) >= PASSWORD_LIMITS.perIpFailures.limit)
      return err(tooManyAttempts(PASSWORD_LIMITS.perIpFailures.windowSeconds));
    const user = await this.deps.users.findByEmail(input.email);
    // Verify against a dummy hash when there is no password so timing does not reveal which e-mails exist.
    const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !user.passwordHash || !valid) {
      const failures = (pair?.failures ?? 0) + 1;
      await Promise.all([
        cache.set(
          pairKey,
          { failures, until: now + passwordDelaySeconds(failures) * 1000 } satisfies PasswordFailures,
          PASSWORD_LIMITS.pairMemorySeconds,
        ),
        ipKey ? cache.increment(ipKey, PASSWORD_LIMITS.perIpFailures.windowSeconds) : undefined,
      ]);
      return err(new AppError('invalid_credentials'));
    }
    if (pair) await cache.del(pairKey);
    return ok(await this.startSession(await this.recordSignIn(user, this.deps.clock.now()), client));
  }

  /** Rotates a refresh token: each works once; presenting a used one ends that whole session. */
  async refresh(refreshToken: string): Promise<Result<IssuedSession, AppError>> {
    const { auth, users, clock, logger } = this.deps;
    const now = clock.now();
    const next = this.successorOf(refreshToken);
    const nextExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    const rotated = await auth.rotateRefreshToken({
      tokenHash: sha256(refreshToken),
      nextHash: sha256(next),
      nextExpiresAt,
      now,
    });
    let sessionId: string;
    let userId: string;
    if (rotated.ok) {
      sessionId = rotated.session.id;
      userId = rotated.session.userId;
    } else if (rotated.reason === 'reused') {
      const { token, session } = rotated;
      const usedAgo = now.getTime() - (token.usedAt?.getTime() ?? 0);
      if (usedAgo > REFRESH_REUSE_GRACE_MS) {
        logger.warn(
          { sessionId: session.id, userId: session.userId },
          'refresh token reused; session revoked',
        );
        await auth.revokeSession(session.id, 'refresh_token_reused', now);
        return err(new AppError('refresh_token_reused'));
      }
      // Two tabs raced with the same token moments apart: the loser gets the very successor the first use
      // created (it is derived from the token), not a new one, so a stolen token replayed in the window
      // mints nothing extra.
      sessionId = session.id;
      userId = session.userId;
    } else {
      return err(new AppError('invalid_refresh_token'));
    }
    const user = await users.findById(userId);
    if (!user) return err(new AppError('invalid_refresh_token'));
    return ok(await this.issue(user, sessionId, next, nextExpiresAt));
  }

  /**
   * The refresh token that succeeds `token`: derived from it with the auth secret, so every use of one
   * token within the grace window answers with the same successor, and nothing but its hash is stored.
   */
  private successorOf(token: string): string {
    return keyedToken(this.deps.secret, `refresh-successor:${token}`);
  }

  /** Checks a bearer token: a valid signature, not expired, and its session not revoked. */
  async authenticate(accessToken: string): Promise<Result<Authenticated, AppError>> {
    const verified = await verifyAccessToken(accessToken, this.deps.secret, this.deps.clock.now());
    if (!verified.ok) {
      return err(new AppError(verified.reason === 'expired' ? 'token_expired' : 'invalid_token'));
    }
    const live = await this.deps.auth.findLiveSessionUser(verified.claims.sid, verified.claims.sub);
    if (!live) return err(new AppError('session_revoked'));
    return ok({ user: live.user, sessionId: verified.claims.sid, signedInAt: live.signedInAt });
  }

  async logout(who: Authenticated, scope: 'local' | 'global' | 'others'): Promise<void> {
    const now = this.deps.clock.now();
    if (scope === 'local') await this.deps.auth.revokeSession(who.sessionId, 'logout', now);
    else if (scope === 'global') await this.deps.auth.revokeUserSessions(who.user.id, 'logout_global', now);
    else await this.deps.auth.revokeUserSessions(who.user.id, 'logout_others', now, who.sessionId);
  }

  /**
   * Sets or changes the password. Only a session that signed in within the last ten minutes may: a token
   * lifted from an old session (or a store install's) cannot turn into a password. Others get
   * `reauthentication_required` and go through a fresh e-mail link first.
   */
  async setPassword(who: Authenticated, password: string): Promise<Result<TAuthUser, AppError>> {
    const age = this.deps.clock.now().getTime() - who.signedInAt.getTime();
    if (age > REAUTHENTICATION_WINDOW_MS) return err(new AppError('reauthentication_required'));
    const updated = await this.deps.auth.setPassword(who.user.id, await hashPassword(password));
    if (!updated) throw new AppError('not_found', 'User not found.');
    return ok(toAuthUser(updated));
  }

  private async recordSignIn(user: UserRow, now: Date): Promise<UserRow> {
    const makeAdmin = this.deps.adminEmails.includes(user.email) && !user.isAdmin;
    const updated = await this.deps.users.update(user.id, {
      lastSignInAt: now,
      ...(makeAdmin ? { isAdmin: true } : {}),
    });
    return updated ?? user;
  }

  private async startSession(user: UserRow, client: ClientInfo): Promise<IssuedSession> {
    const now = this.deps.clock.now();
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    const session = await this.deps.auth.createSession({
      userId: user.id,
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
      refreshTokenHash: sha256(refreshToken),
      refreshExpiresAt,
      now,
    });
    return this.issue(user, session.id, refreshToken, refreshExpiresAt);
  }

  private async issue(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    refreshExpiresAt: Date,
  ): Promise<IssuedSession> {
    const { token, expiresAt } = await signAccessToken(
      { sub: user.id, sid: sessionId },
      this.deps.secret,
      this.deps.clock.now(),
    );
    return {
      session: {
        access_token: token,
        expires_at: expiresAt,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        token_type: 'bearer',
        user: toAuthUser(user),
      },
      refreshToken,
      refreshExpiresAt,
    };
  }
}
