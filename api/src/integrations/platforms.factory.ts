import type { AuthService } from '../auth/auth.service.js';
import { PlatformPlans, parsePlanMap } from '../billing/platform-plans.service.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { ProductCopies } from '../posts/product-copies.js';
import type { Runtime } from '../runtime.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { WidgetLookup } from '../widget/widget-lookup.js';
import { MerchantOnboarding } from './onboarding.service.js';
import { applyStoreDetails } from './store-details.js';
import type { PlatformConnectionsRepository } from './platform-connections.repository.js';
import type { FetchLike } from './platform-http.js';
import { SallaClient } from './salla/salla.client.js';
import { SallaTokens } from './salla/salla-tokens.service.js';
import { SallaWebhooks } from './salla/salla-webhooks.service.js';
import type { StoreLinksRepository } from './store-links.repository.js';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookInbox } from './webhook-inbox.service.js';
import { ZidClient } from './zid/zid.client.js';
import { ZidOAuth } from './zid/zid-oauth.service.js';
import { ZidUpkeep } from './zid/zid-upkeep.service.js';
import { ZidWebhooks } from './zid/zid-webhooks.service.js';

/**
 * Store platforms: both clients, the shared onboarding and plan mirroring, one webhook inbox, and the
 * upkeep of tokens, storefront scripts and webhooks.
 */
export function createPlatforms(
  runtime: Runtime,
  deps: {
    fetch: FetchLike;
    box: SecretBox;
    users: UsersRepository;
    subscriptions: SubscriptionsRepository;
    connections: PlatformConnectionsRepository;
    links: StoreLinksRepository;
    deliveries: WebhookDeliveriesRepository;
    snapshots: SnapshotService;
    widgetLookup: Pick<WidgetLookup, 'forgetStore'>;
    auth: AuthService;
    products: ProductCopies;
    /** Key derivation from AUTH_SECRET (one key per purpose). */
    deriveKey: (purpose: string) => Uint8Array;
  },
) {
  const { env, clock, cache } = runtime;
  const { box, users, connections, snapshots, auth, products } = deps;
  const logger = runtime.logger.child({ component: 'integrations' });
  const sallaClient = new SallaClient({
    accountsUrl: env.SALLA_ACCOUNTS_URL,
    clientId: env.SALLA_CLIENT_ID,
    clientSecret: env.SALLA_CLIENT_SECRET,
    fetch: deps.fetch,
  });
  const zidClient = new ZidClient({
    oauthUrl: env.ZID_OAUTH_URL,
    apiUrl: env.ZID_API_URL,
    clientId: env.ZID_CLIENT_ID,
    clientSecret: env.ZID_CLIENT_SECRET,
    fetch: deps.fetch,
  });
  const plans = new PlatformPlans({ subscriptions: deps.subscriptions, snapshots, clock });
  const zidUpkeep = new ZidUpkeep({
    connections,
    users,
    zid: zidClient,
    box,
    mailer: runtime.mailer,
    applyStoreDetails: (row, details) => applyStoreDetails({ users, connections }, 'zid', row, details),
    clock,
    logger,
    appUrl: env.APP_URL,
    webhookSecret: env.ZID_WEBHOOK_SECRET,
    appId: env.ZID_CLIENT_ID,
  });
  // One true cycle is closed by a call made long after construction: onboarding replays a store's
  // waiting events through the inbox, whose handlers onboard.
  const onboarding = new MerchantOnboarding({
    users,
    connections,
    links: deps.links,
    snapshots,
    forgetStore: (platform, storeId) => deps.widgetLookup.forgetStore(platform, storeId),
    onConnected: async (platform, storeId) => {
      if (platform !== 'zid') return;
      await zidUpkeep.registerScript(storeId);
      await zidUpkeep.registerWebhooks(storeId);
    },
    auth,
    mailer: runtime.mailer,
    replayStore: (platform, storeId) => webhookInbox.replayStore(platform, storeId),
    clock,
    logger,
    appUrl: env.APP_URL,
  });
  const sallaWebhooks = new SallaWebhooks({
    connections,
    users,
    snapshots,
    onboarding,
    plans,
    salla: sallaClient,
    products,
    box,
    clock,
    config: {
      webhookSecret: env.SALLA_WEBHOOK_SECRET,
      webhookStrategy: env.SALLA_WEBHOOK_STRATEGY,
      planMap: parsePlanMap(env.SALLA_PLAN_MAP),
    },
  });
  const zidWebhooks = new ZidWebhooks({
    connections,
    snapshots,
    plans,
    onboarding,
    products,
    removeWebhooks: (row) => zidUpkeep.removeWebhooks(row),
    clock,
    config: { webhookSecret: env.ZID_WEBHOOK_SECRET, planMap: parsePlanMap(env.ZID_PLAN_MAP) },
  });
  const webhookInbox: WebhookInbox = new WebhookInbox({
    deliveries: deps.deliveries,
    handlers: [sallaWebhooks, zidWebhooks],
    clock,
    logger,
  });
  const sallaTokens = new SallaTokens({ connections, salla: sallaClient, box, clock, logger });
  const zidOAuth = new ZidOAuth({
    connections,
    users,
    onboarding,
    auth,
    zid: zidClient,
    box,
    cache,
    clock,
    logger,
    // Its own key, derived from AUTH_SECRET: an access token can never pass for a state, nor the reverse.
    config: { appUrl: env.APP_URL, stateSecret: deps.deriveKey('zid-oauth-state') },
  });
  return { onboarding, sallaWebhooks, zidWebhooks, webhookInbox, zidUpkeep, sallaTokens, zidOAuth };
}
