import { SignJWT, jwtVerify } from 'jose';
import type { AuthService } from '../../auth/auth.service.js';
import type { SnapshotService } from '../../content/snapshot.service.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { err, ok, type Result } from '../../lib/result.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { UsersRepository } from '../../users/users.repository.js';
import type { MerchantOnboarding } from '../onboarding.service.js';
import type { PlatformConnectionsRepository } from '../platform-connections.repository.js';
import type { ZidClient } from './zid.client.js';

export interface ZidOAuthDeps {
  connections: PlatformConnectionsRepository;
  users: UsersRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  onboarding: Pick<MerchantOnboarding, 'onboard'>;
  auth: Pick<AuthService, 'createSignInCode'>;
  zid: ZidClient;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
  config: { appUrl: string; stateSecret: Uint8Array };
}

/** Installing our app from Zid: its OAuth install link and callback. */
export class ZidOAuth {
  constructor(private readonly deps: ZidOAuthDeps) {}

  /** Where "Install on Zid" sends the merchant, with a signed, short-lived state. */
  async installUrl(): Promise<Result<string, AppError>> {
    if (!this.deps.zid.configured)
      return err(new AppError(503, 'zid_not_configured', 'The Zid app is not configured on this server.'));
    const state = await new SignJWT({ purpose: 'zid-install' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(this.deps.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(this.deps.clock.now().getTime() / 1000) + 600)
      .sign(this.deps.config.stateSecret);
    return ok(this.deps.zid.authorizeUrl(this.redirectUri(), state));
  }

  private redirectUri() {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}/api/integrations/zid/callback`;
  }

  /**
   * Finishes a Zid install: exchanges the code, stores the tokens sealed, onboards the merchant,
   * registers the storefront script, and signs the merchant straight into the dashboard.
   */
  async callback(code: string, state: string): Promise<Result<string, AppError>> {
    const d = this.deps;
    try {
      await jwtVerify(state, d.config.stateSecret, { algorithms: ['HS256'], currentDate: d.clock.now() });
    } catch {
      return err(
        new AppError(
          400,
          'invalid_state',
          'This install link has expired. Please start the installation again from Zid.',
        ),
      );
    }
    const now = d.clock.now();
    const tokens = await d.zid.exchangeCode(code, this.redirectUri(), now);
    if (!tokens.ok)
      return err(
        new AppError(502, 'zid_token_failed', `Zid did not accept the installation (${tokens.error}).`),
      );
    const profile = await d.zid.profile(tokens.value);
    if (!profile.ok)
      return err(new AppError(502, 'zid_profile_failed', `Could not read the Zid store (${profile.error}).`));
    const store = profile.value.user.store;
    const userId = await d.onboarding.onboard({
      platform: 'zid',
      email: profile.value.user.email,
      businessName: store.title ?? null,
      storeUrl: store.url ?? null,
    });
    await d.connections.upsert('zid', store.id, userId, {
      accessTokenEnc: d.box.seal(
        JSON.stringify({ manager: tokens.value.accessToken, authorization: tokens.value.authorization }),
      ),
      refreshTokenEnc: d.box.seal(tokens.value.refreshToken),
      tokenExpiresAt: tokens.value.expiresAt,
      status: 'active',
      installedAt: now,
      uninstalledAt: null,
      needsPasswordSetup: true,
    });
    const scriptUrl = `${d.config.appUrl.replace(/\/$/, '')}/widget.js?store=${encodeURIComponent(store.id)}&platform=zid`;
    const registered = await d.zid.registerScript(tokens.value, scriptUrl);
    if (!registered.ok)
      d.logger.error(
        { storeId: store.id, err: registered.error },
        'registering the Zid storefront script failed',
      );
    await d.snapshots.rebuild(userId);
    const user = await d.users.findById(userId);
    const { link } = await d.auth.createSignInCode(profile.value.user.email, user?.language ?? 'ar');
    return ok(link);
  }
}
