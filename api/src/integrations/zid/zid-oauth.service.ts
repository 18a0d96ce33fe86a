import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { randomToken, sha256 } from '../../auth/crypto.js';
import { cacheKeys, type CachePort } from '../../cache/cache.port.js';
import type { AuthService } from '../../auth/auth.service.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { err, ok, type Result } from '../../lib/result.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { UsersRepository } from '../../users/users.repository.js';
import type { MerchantOnboarding } from '../onboarding.service.js';
import type { PlatformConnectionsRepository } from '../platform-connections.repository.js';
import { safeEqual } from '../webhook-inbox.service.js';
import type { ZidClient } from './zid.client.js';

export interface ZidOAuthDeps {
  connections: PlatformConnectionsRepository;
  users: UsersRepository;
  onboarding: Pick<MerchantOnboarding, 'onboard'>;
  auth: Pick<AuthService, 'createSignInCode'>;
  zid: ZidClient;
  box: SecretBox;
  cache: CachePort;
  clock: Clock;
  logger: Logger;
  config: { appUrl: string; stateSecret: Uint8Array };
}

/** How long an install may take between "Install" and Zid's callback. */
export const ZID_STATE_TTL_SECONDS = 600;
const STATE_ISSUER = 'lamha';
const STATE_AUDIENCE = 'lamha-zid-install';
const STATE_PURPOSE = 'zid-install';

/** Where the callback sends the browser: a sign-in link, the dashboard, or the "check your e-mail" page. */
export type ZidCallbackOutcome = { kind: 'created' | 'linked' | 'pending'; redirect: string };

const invalidState = () => new AppError('invalid_state');

/** Installing our app from Zid: its OAuth install link and callback. */
export class ZidOAuth {
  constructor(private readonly deps: ZidOAuthDeps) {}

  /**
   * Where "Install on Zid" sends the merchant, with a signed state bound to this browser: the caller puts
   * `browserNonce` in a cookie, and only the state's hash of it goes to Zid.
   */
  async installUrl(): Promise<Result<{ url: string; browserNonce: string }, AppError>> {
    if (!this.deps.zid.configured) return err(new AppError('zid_not_configured'));
    const browserNonce = randomToken();
    const iat = Math.floor(this.deps.clock.now().getTime() / 1000);
    const state = await new SignJWT({ purpose: STATE_PURPOSE, bnd: sha256(browserNonce) })
      .setProtectedHeader({ alg: 'HS256', typ: 'oauth-state+jwt' })
      .setIssuer(STATE_ISSUER)
      .setAudience(STATE_AUDIENCE)
      .setJti(randomToken())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ZID_STATE_TTL_SECONDS)
      .sign(this.deps.config.stateSecret);
    return ok({ url: this.deps.zid.authorizeUrl(this.redirectUri(), state), browserNonce });
  }

  private redirectUri() {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}/api/integrations/zid/callback`;
  }

  /**
   * A state is good once, for ten minutes, signed with the state key (never the access-token key) and
   * carrying the install purpose. With our cookie it must be the browser that started the install
   * (`bound`); a callback without the cookie (Zid's server-side redirects drop it) is checked by the
   * state alone (`unbound`), and then never signs anyone in. A cookie that does not match is refused.
   */
  private async checkState(
    state: string,
    browserNonce: string | undefined,
  ): Promise<'bound' | 'unbound' | false> {
    const d = this.deps;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(state, d.config.stateSecret, {
        algorithms: ['HS256'],
        issuer: STATE_ISSUER,
        audience: STATE_AUDIENCE,
        currentDate: d.clock.now(),
        requiredClaims: ['jti', 'exp', 'iat'],
      }));
    } catch {
      return false;
    }
    if (payload.purpose !== STATE_PURPOSE || typeof payload.jti !== 'string') return false;
    if (typeof payload.bnd !== 'string') return false;
    if (browserNonce !== undefined && !safeEqual(payload.bnd, sha256(browserNonce))) return false;
    // Spent on first use; a cache that cannot answer refuses rather than allowing a replay.
    const uses = await d.cache.increment(
      cacheKeys.usedOnce('zid-state', payload.jti),
      ZID_STATE_TTL_SECONDS + 60,
    );
    if (uses !== 1) return false;
    return browserNonce === undefined ? 'unbound' : 'bound';
  }

  /**
   * Finishes a Zid install: exchanges the code, reads the store, and onboards it. Only an install that
   * created its account signs the browser in; an existing account is never entered from here.
   */
  async callback(
    code: string,
    state: string,
    browserNonce: string | undefined,
  ): Promise<Result<ZidCallbackOutcome, AppError>> {
    const d = this.deps;
    const binding = await this.checkState(state, browserNonce);
    if (!binding) return err(invalidState());
    const now = d.clock.now();
    const tokens = await d.zid.exchangeCode(code, this.redirectUri(), now);
    // What went wrong upstream (hosts, statuses, resolver errors) is for the log, never the person.
    if (!tokens.ok) {
      d.logger.warn({ step: 'token', detail: tokens.error }, 'zid install failed');
      return err(new AppError('zid_token_failed'));
    }
    const profile = await d.zid.profile(tokens.value);
    if (!profile.ok) {
      d.logger.warn({ step: 'profile', detail: profile.error }, 'zid install failed');
      return err(new AppError('zid_profile_failed'));
    }
    const store = profile.value.user.store;
    const outcome = await d.onboarding.onboard({
      platform: 'zid',
      storeId: store.id,
      email: profile.value.user.email,
      businessName: store.title ?? null,
      storeUrl: store.url ?? null,
      connection: {
        accessTokenEnc: d.box.seal(
          JSON.stringify({ manager: tokens.value.accessToken, authorization: tokens.value.authorization }),
        ),
        refreshTokenEnc: d.box.seal(tokens.value.refreshToken),
        tokenExpiresAt: tokens.value.expiresAt,
      },
    });
    if (outcome.kind === 'pending') return ok({ kind: 'pending', redirect: '/link-store?sent=zid' });
    // The storefront script was registered (or queued for cron's retries) by onboarding.
    if (outcome.kind === 'linked') return ok({ kind: 'linked', redirect: '/dashboard' });
    // Not the browser that started the install, as far as we can tell: the owner signs in from the
    // welcome e-mail onboarding sent, never from here.
    if (binding === 'unbound') {
      d.logger.warn({ storeId: store.id }, 'Zid install finished without its cookie: owner e-mailed');
      return ok({ kind: 'created', redirect: '/link-store?sent=zid' });
    }
    const user = await d.users.findById(outcome.userId);
    const { link } = await d.auth.createSignInCode(profile.value.user.email, user?.language ?? 'ar');
    return ok({ kind: 'created', redirect: link });
  }
}
