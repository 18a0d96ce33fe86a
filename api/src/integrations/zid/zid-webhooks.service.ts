import { ZZidProductEvent, ZZidWebhook, type TZidWebhook } from '@app/shared';
import type { SnapshotService } from '../../content/snapshot.service.js';
import type { Clock } from '../../lib/clock.js';
import type { MerchantOnboarding } from '../onboarding.service.js';
import type { ConnectionRow, PlatformConnectionsRepository } from '../platform-connections.repository.js';
import {
  parsePlatformDate,
  planFor,
  type PlanMap,
  type PlatformPlans,
} from '../../billing/platform-plans.service.js';
import { safeEqual, type WebhookHandler, type WebhookRequest } from '../webhook-inbox.service.js';

export interface ZidWebhooksDeps {
  connections: PlatformConnectionsRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  plans: Pick<PlatformPlans, 'applySubscription'>;
  onboarding: Pick<MerchantOnboarding, 'cancelPending'>;
  /** Product events applied to the local copies of products linked to posts. */
  products?: {
    applyPlatformEvent(
      platform: 'zid',
      storeId: string,
      id: string,
      kind: 'updated' | 'deleted',
    ): Promise<void>;
  };
  /** Asks Zid to drop the store's product webhooks (at uninstall, before its tokens are forgotten). */
  removeWebhooks?: (row: ConnectionRow) => Promise<void>;
  clock: Clock;
  config: { webhookSecret: string | undefined; planMap: PlanMap };
}

/**
 * Zid's documented grace: `suspended` is sent when the subscription's period ends and `expired` five days
 * later ("T+5 days … where 5 days are GRACE Period", docs.zid.sa/webhooks).
 */
export const ZID_GRACE_MS = 5 * 24 * 60 * 60 * 1000;

/** Zid's product events, as its webhook list names them (with and without the past tense). */
const ZID_PRODUCT_EVENTS: Record<string, 'updated' | 'deleted'> = {
  'product.update': 'updated',
  'product.updated': 'updated',
  'product.publish': 'updated',
  'product.delete': 'deleted',
  'product.deleted': 'deleted',
};

/** A Zid product event: the product's id and its store, wherever the delivery puts them. */
function readProductEvent(body: unknown) {
  const parsed = ZZidProductEvent.safeParse(body);
  if (!parsed.success) return undefined;
  const event = parsed.data.event_name ?? parsed.data.event;
  const kind = event ? ZID_PRODUCT_EVENTS[event] : undefined;
  const storeId = parsed.data.store_id ?? parsed.data.data?.store_id ?? undefined;
  const id = parsed.data.data?.id ?? parsed.data.id;
  if (!event || !kind || !storeId || !id) return undefined;
  return { event, kind, storeId, id };
}

/**
 * Zid's app events (the webhook inbox records and retries them). The OAuth callback onboards the
 * merchant; these events reactivate, uninstall and change the plan of a known store.
 */
export class ZidWebhooks implements WebhookHandler {
  readonly platform = 'zid' as const;
  readonly rejectionCode = 'invalid_secret';

  constructor(private readonly deps: ZidWebhooksDeps) {}

  /** Zid signs nothing: the secret is in the webhook URL we registered (`/webhook/:secret`). */
  verify(request: WebhookRequest): boolean {
    return this.verifySecret(request.param('secret') ?? '');
  }

  verifySecret(given: string): boolean {
    const secret = this.deps.config.webhookSecret;
    return Boolean(secret) && safeEqual(given, secret ?? '');
  }

  read(body: unknown) {
    const product = readProductEvent(body);
    if (product) return { event: product.event, storeId: product.storeId, payload: body };
    const parsed = ZZidWebhook.safeParse(body);
    if (!parsed.success) return undefined;
    return { event: parsed.data.event_name, storeId: parsed.data.store_id, payload: parsed.data };
  }

  async handle(payload: unknown): Promise<void> {
    const product = readProductEvent(payload);
    if (product) {
      await this.deps.products?.applyPlatformEvent('zid', product.storeId, product.id, product.kind);
      return;
    }
    return this.handleEvent(ZZidWebhook.parse(payload));
  }

  private async handleEvent(hook: TZidWebhook): Promise<void> {
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
        if (!row) {
          await this.deps.onboarding.cancelPending('zid', hook.store_id);
          return;
        }
        await this.deps.removeWebhooks?.(row);
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
      case 'app.market.subscription.suspended':
      case 'app.market.subscription.expired':
      case 'app.market.subscription.refunded': {
        if (!row) throw new Error(`no Zid connection for store ${hook.store_id} yet`);
        const plan = planFor(this.deps.config.planMap, [hook.plan_name, hook.plan_id]);
        if (hook.event_name.endsWith('suspended')) {
          // The period is over: the plan stays for Zid's five-day grace, until `expired` (or renewal).
          await this.deps.plans.applySubscription(
            row.userId,
            'zid',
            true,
            plan,
            new Date(now.getTime() + ZID_GRACE_MS),
          );
          return;
        }
        const ended = hook.event_name.endsWith('expired') || hook.event_name.endsWith('refunded');
        await this.deps.plans.applySubscription(
          row.userId,
          'zid',
          !ended,
          plan,
          ended ? null : parsePlatformDate(hook.end_date),
        );
        return;
      }
      default:
        return;
    }
  }
}
