import {
  ZSallaAuthorizeData,
  ZSallaProductEventData,
  ZSallaSettingsData,
  ZSallaSubscriptionData,
  ZSallaWebhook,
  type TSallaWebhook,
} from '@app/shared';
import type { SnapshotService } from '../../content/snapshot.service.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { TRIAL_MS } from '../../billing/plan.js';
import type { UsersRepository } from '../../users/users.repository.js';
import type { MerchantOnboarding } from '../onboarding.service.js';
import type { PlatformConnectionsRepository } from '../platform-connections.repository.js';
import {
  parsePlatformDate,
  planFor,
  type PlanMap,
  type PlatformPlans,
} from '../../billing/platform-plans.service.js';
import {
  hmacSha256Hex,
  safeEqual,
  type WebhookHandler,
  type WebhookRequest,
} from '../webhook-inbox.service.js';
import { sallaExpiry, type SallaClient } from './salla.client.js';

/**
 * Salla's product events and what they do to a linked copy. Salla is replacing `product.updated` and
 * `product.available` with finer events (`product.price.updated`, `product.status.updated`,
 * `product.image.updated`, …): every one of them is read again from Salla; a deletion removes the copy.
 */
export function sallaProductEvent(event: string): 'updated' | 'deleted' | undefined {
  if (event === 'product.deleted') return 'deleted';
  if (event === 'product.available' || /^product\.([a-z_]+\.)*updated$/.test(event)) return 'updated';
  if (event === 'product.quantity.low') return 'updated';
  return undefined;
}

export interface SallaWebhooksConfig {
  webhookSecret: string | undefined;
  webhookStrategy: 'signature' | 'token';
  planMap: PlanMap;
}

export interface SallaWebhooksDeps {
  connections: PlatformConnectionsRepository;
  users: UsersRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  onboarding: Pick<MerchantOnboarding, 'onboard' | 'cancelPending' | 'applyStoreDetails'>;
  plans: Pick<PlatformPlans, 'applySubscription'>;
  salla: SallaClient;
  /** Product events applied to the local copies of products linked to posts. */
  products?: {
    applyPlatformEvent(
      platform: 'salla',
      storeId: string,
      id: string,
      kind: 'updated' | 'deleted',
    ): Promise<void>;
  };
  box: SecretBox;
  clock: Clock;
  config: SallaWebhooksConfig;
}

/**
 * Salla's app events (the webhook inbox records and retries them): the authorize event onboards the
 * merchant and stores its tokens sealed; uninstall, settings, trials and subscriptions follow.
 */
export class SallaWebhooks implements WebhookHandler {
  readonly platform = 'salla' as const;
  readonly rejectionCode = 'invalid_signature';

  constructor(private readonly deps: SallaWebhooksDeps) {}

  verify(request: WebhookRequest): boolean {
    return this.verifySignature(request.raw, {
      signature: request.header('x-salla-signature'),
      authorization: request.header('authorization'),
    });
  }

  /** Checks a delivery against the configured strategy (an HMAC of the body, or a bearer token). */
  verifySignature(
    raw: Buffer,
    headers: { signature?: string | undefined; authorization?: string | undefined },
  ): boolean {
    const secret = this.deps.config.webhookSecret;
    if (!secret) return false;
    if (this.deps.config.webhookStrategy === 'signature') {
      return (
        typeof headers.signature === 'string' &&
        safeEqual(headers.signature.trim().toLowerCase(), hmacSha256Hex(secret, raw))
      );
    }
    const token = headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    return typeof token === 'string' && safeEqual(token, secret);
  }

  read(body: unknown) {
    const parsed = ZSallaWebhook.safeParse(body);
    if (!parsed.success) return undefined;
    return { event: parsed.data.event, storeId: parsed.data.merchant, payload: parsed.data };
  }

  handle(payload: unknown): Promise<void> {
    return this.handleEvent(ZSallaWebhook.parse(payload));
  }

  private async handleEvent(hook: TSallaWebhook): Promise<void> {
    const { connections, clock } = this.deps;
    const storeId = hook.merchant;
    const now = clock.now();
    const productChange = sallaProductEvent(hook.event);
    if (productChange) {
      const { id } = ZSallaProductEventData.parse(hook.data);
      await this.deps.products?.applyPlatformEvent('salla', storeId, id, productChange);
      return;
    }
    switch (hook.event) {
      case 'app.store.authorize': {
        const data = ZSallaAuthorizeData.parse(hook.data);
        const info = await this.deps.salla.userInfo(data.access_token);
        if (!info.ok) throw new Error(`Salla user info: ${info.error}`);
        const merchant = info.value.merchant;
        const existing = await connections.find('salla', storeId);
        await this.deps.onboarding.onboard({
          platform: 'salla',
          storeId,
          email: info.value.email,
          businessName: merchant?.name ?? info.value.name ?? null,
          storeUrl: merchant?.domain ?? null,
          connection: {
            accessTokenEnc: this.deps.box.seal(data.access_token),
            refreshTokenEnc: data.refresh_token
              ? this.deps.box.seal(data.refresh_token)
              : (existing?.refreshTokenEnc ?? null),
            tokenExpiresAt: sallaExpiry(data, now),
            scope: data.scope ?? null,
          },
        });
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
        else await this.deps.onboarding.cancelPending('salla', storeId);
        return;
      }
      case 'app.store.update':
      case 'app.store.updated': {
        // The store's name or domain changed on Salla: read them again with the store's token.
        const row = await connections.find('salla', storeId);
        if (!row?.accessTokenEnc || row.status !== 'active') return;
        const info = await this.deps.salla.userInfo(this.deps.box.open(row.accessTokenEnc));
        if (!info.ok) throw new Error(`Salla user info: ${info.error}`);
        await this.deps.onboarding.applyStoreDetails('salla', row, {
          name: info.value.merchant?.name ?? null,
          url: info.value.merchant?.domain ?? null,
        });
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
            ? (parsePlatformDate(data.end_date) ?? new Date(now.getTime() + TRIAL_MS))
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
        await this.deps.plans.applySubscription(
          row.userId,
          'salla',
          active,
          planFor(this.deps.config.planMap, [data.plan_name, data.item_slug, data.price]),
          parsePlatformDate(data.end_date),
        );
        return;
      }
      default:
        return; // app.feedback.created and future events: recorded, nothing to do
    }
  }
}
