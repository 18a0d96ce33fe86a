import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  TIER_IDS,
  ZSallaAuthorizeData,
  ZSallaSettingsData,
  ZSallaSubscriptionData,
  ZSallaWebhook,
  ZZidWebhook,
  type TLanguage,
} from '@app/shared';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthService } from '../auth/auth.service.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { TRIAL_MS } from '../subscriptions/plan.js';
import type { Platform, PlatformConnectionsRepository } from './platform-connections.repository.js';
import { sallaExpiry, type SallaClient, type ZidClient } from './platform.clients.js';

/** Deliveries whose processing fails are retried by cron this many times in all. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Tokens are renewed when they expire within this window. */
export const TOKEN_RENEW_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

export interface IntegrationsConfig {
  appUrl: string;
  sallaWebhookSecret: string | undefined;
  sallaWebhookStrategy: 'signature' | 'token';
  sallaPlanMap: Map<string, 'basic' | 'pro'>;
  zidWebhookSecret: string | undefined;
  zidPlanMap: Map<string, 'basic' | 'pro'>;
  stateSecret: Uint8Array;
}

export interface IntegrationsDeps {
  connections: PlatformConnectionsRepository;
  users: UsersRepository;
  subscriptions: SubscriptionsRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  auth: Pick<AuthService, 'sendWelcome' | 'createSignInCode'>;
  salla: SallaClient;
  zid: ZidClient;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
  config: IntegrationsConfig;
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const deliveryId = (platform: Platform, raw: Buffer) =>
  `${platform}:${createHash('sha256').update(raw).digest('hex')}`;

const parseDate = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v.includes('T') || v.includes('Z') ? v : v.replace(' ', 'T') + 'Z');
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * Salla and Zid: verified webhook deliveries recorded once and processed idempotently, merchant
 * onboarding (account, trial, welcome link), platform subscriptions mapped to our plans, token renewal.
 */
export class IntegrationsService {
  constructor(private readonly deps: IntegrationsDeps) {}

  /** Checks a Salla delivery against the configured strategy, before anything parses the body. */
  verifySalla(
    raw: Buffer,
    headers: { signature?: string | undefined; authorization?: string | undefined },
  ): boolean {
    const secret = this.deps.config.sallaWebhookSecret;
    if (!secret) return false;
    if (this.deps.config.sallaWebhookStrategy === 'signature') {
      const expected = createHmac('sha256', secret).update(raw).digest('hex');
      return (
        typeof headers.signature === 'string' && safeEqual(headers.signature.trim().toLowerCase(), expected)
      );
    }
    const token = headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    return typeof token === 'string' && safeEqual(token, secret);
  }

  verifyZidSecret(given: string): boolean {
    const secret = this.deps.config.zidWebhookSecret;
    return Boolean(secret) && safeEqual(given, secret ?? '');
  }

  /** Verifies, parses and records a delivery. Returns its id, or `duplicate` for a retry. */
  async receive(
    platform: Platform,
    raw: Buffer,
  ): Promise<Result<{ id: string; duplicate: boolean }, AppError>> {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return err(new AppError(400, 'invalid_json', 'The webhook body is not JSON.'));
    }
    const parsed = platform === 'salla' ? ZSallaWebhook.safeParse(json) : ZZidWebhook.safeParse(json);
    if (!parsed.success)
      return err(new AppError(400, 'invalid_payload', 'The webhook body is not a known event.'));
    const event = 'event' in parsed.data ? parsed.data.event : parsed.data.event_name;
    const storeId = 'merchant' in parsed.data ? parsed.data.merchant : parsed.data.store_id;
    const id = deliveryId(platform, raw);
    const inserted = await this.deps.connections.recordDelivery({
      id,
      platform,
      event,
      storeId,
      payload: parsed.data,
    });
    return ok({ id, duplicate: !inserted });
  }

  /** Processes one recorded delivery; failures stay pending for cron to retry. */
  async process(id: string): Promise<void> {
    const { connections, clock, logger } = this.deps;
    const delivery = await connections.findDelivery(id);
    if (!delivery || delivery.status !== 'pending') return;
    try {
      if (delivery.platform === 'salla') await this.handleSalla(ZSallaWebhook.parse(delivery.payload));
      else await this.handleZid(ZZidWebhook.parse(delivery.payload));
      await connections.finishDelivery(id, { ok: true }, clock.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ deliveryId: id, event: delivery.event, err: message }, 'webhook processing failed');
      await connections.finishDelivery(
        id,
        { ok: false, error: message, giveUp: delivery.attempts + 1 >= MAX_DELIVERY_ATTEMPTS },
        clock.now(),
      );
    }
  }

  /** Retries deliveries still pending a minute after arrival (cron). */
  async processPending(): Promise<number> {
    const ids = await this.deps.connections.pendingDeliveries(
      new Date(this.deps.clock.now().getTime() - 60_000),
      50,
    );
    for (const id of ids) await this.process(id);
    return ids.length;
  }

  private async handleSalla(hook: ReturnType<typeof ZSallaWebhook.parse>): Promise<void> {
    const { connections, clock } = this.deps;
    const storeId = hook.merchant;
    const now = clock.now();
    switch (hook.event) {
      case 'app.store.authorize': {
        const data = ZSallaAuthorizeData.parse(hook.data);
        const info = await this.deps.salla.userInfo(data.access_token);
        if (!info.ok) throw new Error(`Salla user info: ${info.error}`);
        const merchant = info.value.merchant;
        const domain = merchant?.domain ?? null;
        const userId = await this.onboard({
          platform: 'salla',
          email: info.value.email,
          businessName: merchant?.name ?? info.value.name ?? null,
          storeUrl: domain,
        });
        const existing = await connections.find('salla', storeId);
        await connections.upsert('salla', storeId, userId, {
          accessTokenEnc: this.deps.box.seal(data.access_token),
          refreshTokenEnc: data.refresh_token
            ? this.deps.box.seal(data.refresh_token)
            : (existing?.refreshTokenEnc ?? null),
          tokenExpiresAt: sallaExpiry(data, now),
          scope: data.scope ?? null,
          status: 'active',
          installedAt: existing?.installedAt ?? now,
          uninstalledAt: null,
          needsPasswordSetup: (await this.deps.users.findById(userId))?.needsPasswordSetup ?? false,
        });
        await this.deps.snapshots.rebuild(userId);
        return;
      }
      case 'app.installed':
      case 'app.updated': {
        // Recorded in the delivery log; authorize carries what we need. A reinstall reactivates.
        if (hook.event === 'app.installed') await connections.update('salla', storeId, { installedAt: now });
        return;
      }
      case 'app.uninstalled': {
        const row = await connections.update('salla', storeId, {
          status: 'uninstalled',
          uninstalledAt: now,
          accessTokenEnc: null,
          refreshTokenEnc: null,
          tokenExpiresAt: null,
        });
        if (row) await this.deps.snapshots.rebuild(row.userId);
        return;
      }
      case 'app.settings.updated': {
        await connections.update('salla', storeId, {
          settings: ZSallaSettingsData.parse(hook.data).settings,
        });
        return;
      }
      case 'app.trial.started':
      case 'app.trial.expired':
      case 'app.trial.canceled': {
        const row = await connections.find('salla', storeId);
        if (!row) throw new Error(`no Salla connection for store ${storeId} yet`);
        const data = ZSallaSubscriptionData.parse(hook.data);
        const endsAt =
          hook.event === 'app.trial.started'
            ? (parseDate(data.end_date) ?? new Date(now.getTime() + TRIAL_MS))
            : now;
        await this.deps.users.update(row.userId, { trialEndsAt: endsAt });
        await this.deps.snapshots.rebuild(row.userId);
        return;
      }
      case 'app.subscription.started':
      case 'app.subscription.renewed':
      case 'app.subscription.expired':
      case 'app.subscription.canceled': {
        const data = ZSallaSubscriptionData.parse(hook.data);
        if (data.item_type && data.item_type !== 'plan') return; // add-ons do not change the plan
        const row = await connections.find('salla', storeId);
        if (!row) throw new Error(`no Salla connection for store ${storeId} yet`);
        const active = hook.event.endsWith('started') || hook.event.endsWith('renewed');
        await this.applySubscription(
          row.userId,
          'salla',
          active,
          this.planFor(this.deps.config.sallaPlanMap, [data.plan_name, data.item_slug, data.price]),
          parseDate(data.end_date),
        );
        return;
      }
      default:
        return; // app.feedback.created and future events: recorded, nothing to do
    }
  }

  private async handleZid(hook: ReturnType<typeof ZZidWebhook.parse>): Promise<void> {
    const { connections, clock } = this.deps;
    const now = clock.now();
    const row = await connections.find('zid', hook.store_id);
    switch (hook.event_name) {
      case 'app.market.application.authorized':
      case 'app.market.application.install': {
        // The OAuth callback does the onboarding; the event reactivates a known store.
        if (row) await connections.update('zid', hook.store_id, { status: 'active', uninstalledAt: null });
        return;
      }
      case 'app.market.application.uninstall': {
        if (!row) return;
        await connections.update('zid', hook.store_id, {
          status: 'uninstalled',
          uninstalledAt: now,
          accessTokenEnc: null,
          refreshTokenEnc: null,
          tokenExpiresAt: null,
        });
        await this.deps.snapshots.rebuild(row.userId);
        return;
      }
      case 'app.market.subscription.active':
      case 'app.market.subscription.renew':
      case 'app.market.subscription.upgrade':
      case 'app.market.subscription.expired':
      case 'app.market.subscription.suspended': {
        if (!row) throw new Error(`no Zid connection for store ${hook.store_id} yet`);
        const active = !hook.event_name.endsWith('expired') && !hook.event_name.endsWith('suspended');
        await this.applySubscription(
          row.userId,
          'zid',
          active,
          this.planFor(this.deps.config.zidPlanMap, [hook.plan_name, hook.plan_id]),
          parseDate(hook.end_date),
        );
        return;
      }
      default:
        return;
    }
  }

  /** Plan names (or slugs, prices, ids) mapped by configuration; anything unmapped counts as basic. */
  private planFor(
    map: Map<string, 'basic' | 'pro'>,
    candidates: (string | number | null | undefined)[],
  ): 'basic' | 'pro' {
    for (const c of candidates) {
      if (c === null || c === undefined) continue;
      const hit = map.get(String(c).trim().toLowerCase());
      if (hit) return hit;
    }
    return 'basic';
  }

  private async applySubscription(
    userId: string,
    source: 'salla' | 'zid',
    active: boolean,
    plan: 'basic' | 'pro',
    endDate: Date | null,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const current = await this.deps.subscriptions.findActive(userId);
    if (active) {
      await this.deps.subscriptions.replaceActive({ userId, tierId: TIER_IDS[plan], source, endDate });
    } else if (current) {
      // Ended: keep the row for history, with its end now; the plan falls back to trial or free rules.
      await this.deps.subscriptions.replaceActive({ userId, tierId: current.tier.id, source, endDate: now });
    }
    await this.deps.snapshots.rebuild(userId);
  }

  /**
   * Creates or links the merchant's account by e-mail: the store platform, its URL, a trial for a new
   * account, the password set-up flag, and a welcome e-mail with a sign-in link.
   */
  private async onboard(input: {
    platform: Platform;
    email: string;
    businessName: string | null;
    storeUrl: string | null;
    language?: TLanguage;
  }): Promise<string> {
    const { users, clock } = this.deps;
    const now = clock.now();
    const { user, created } = await users.findOrCreate({
      email: input.email,
      storePlatform: input.platform,
      storeUrl: input.storeUrl,
      businessName: input.businessName,
      needsPasswordSetup: true,
      trialEndsAt: new Date(now.getTime() + TRIAL_MS),
    });
    if (!created) {
      await users.update(user.id, {
        storePlatform: input.platform,
        storeUrl: input.storeUrl ?? user.storeUrl,
        businessName: user.businessName ?? input.businessName,
        needsPasswordSetup: user.passwordHash ? false : true,
      });
    }
    try {
      await this.deps.auth.sendWelcome(
        user.email,
        user.language,
        input.platform === 'salla' ? 'Salla' : 'Zid',
      );
    } catch (error) {
      // The install must not fail because mail did: the merchant can still ask for a link on /login.
      this.deps.logger.error({ err: error, userId: user.id }, 'welcome e-mail failed');
    }
    return user.id;
  }

  /** Renews Salla tokens that expire soon, one merchant at a time under its row lock. */
  async renewSallaTokens(): Promise<{ renewed: number; failed: number }> {
    const { connections, clock, box } = this.deps;
    const now = clock.now();
    let renewed = 0;
    let failed = 0;
    for (const storeId of await connections.dueForTokenRefresh(
      'salla',
      new Date(now.getTime() + TOKEN_RENEW_WINDOW_MS),
    )) {
      const outcome = await connections
        .withConnectionLock('salla', storeId, async (row, save) => {
          // Renewed by another worker while we waited: nothing to do.
          if (
            !row.refreshTokenEnc ||
            (row.tokenExpiresAt && row.tokenExpiresAt.getTime() > now.getTime() + TOKEN_RENEW_WINDOW_MS)
          )
            return 'skipped';
          const fresh = await this.deps.salla.refresh(box.open(row.refreshTokenEnc), now);
          if (!fresh.ok) throw new Error(fresh.error);
          // Both new tokens are saved before the lock is released: the old refresh token is now spent.
          await save({
            accessTokenEnc: box.seal(fresh.value.accessToken),
            refreshTokenEnc: box.seal(fresh.value.refreshToken),
            tokenExpiresAt: fresh.value.expiresAt,
          });
          return 'renewed';
        })
        .catch((error: unknown) => {
          this.deps.logger.error({ err: error, storeId }, 'Salla token renewal failed');
          return 'failed' as const;
        });
      if (outcome === 'renewed') renewed++;
      if (outcome === 'failed') failed++;
    }
    return { renewed, failed };
  }

  /** Where "Install on Zid" sends the merchant, with a signed, short-lived state. */
  async zidInstallUrl(): Promise<Result<string, AppError>> {
    if (!this.deps.zid.configured)
      return err(new AppError(503, 'zid_not_configured', 'The Zid app is not configured on this server.'));
    const state = await new SignJWT({ purpose: 'zid-install' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(this.deps.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(this.deps.clock.now().getTime() / 1000) + 600)
      .sign(this.deps.config.stateSecret);
    return ok(this.deps.zid.authorizeUrl(this.zidRedirectUri(), state));
  }

  private zidRedirectUri() {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}/api/integrations/zid/callback`;
  }

  /**
   * Finishes a Zid install: exchanges the code, stores the tokens sealed, onboards the merchant,
   * registers the storefront script, and signs the merchant straight into the dashboard.
   */
  async zidCallback(code: string, state: string): Promise<Result<string, AppError>> {
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
    const tokens = await d.zid.exchangeCode(code, this.zidRedirectUri(), now);
    if (!tokens.ok)
      return err(
        new AppError(502, 'zid_token_failed', `Zid did not accept the installation (${tokens.error}).`),
      );
    const profile = await d.zid.profile(tokens.value);
    if (!profile.ok)
      return err(new AppError(502, 'zid_profile_failed', `Could not read the Zid store (${profile.error}).`));
    const store = profile.value.user.store;
    const userId = await this.onboard({
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
