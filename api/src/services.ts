import { supportChatUrl } from './config/env.js';
import { hostname } from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import type { Runtime } from './runtime.js';
import type { Database } from './db/database.js';
import { AdminRepository } from './admin/admin.repository.js';
import { AdminService } from './admin/admin.service.js';
import { AuthRepository } from './auth/auth.repository.js';
import { AuthService } from './auth/auth.service.js';
import { UsersRepository } from './users/users.repository.js';
import { DevTrialService } from './dev/dev-trial.service.js';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository.js';
import { WidgetPreferencesRepository } from './widget-settings/widget-preferences.repository.js';
import { InstagramAccountsRepository } from './content/instagram-accounts.repository.js';
import { ContentRepository } from './content/content.repository.js';
import { SnapshotsRepository } from './content/snapshots.repository.js';
import { SnapshotService } from './content/snapshot.service.js';
import { RefreshEngine } from './content/refresh.service.js';
import { InstagramAccountService } from './merchant/instagram-account.service.js';
import { HighlightsService } from './widget/highlights.service.js';
import { StoriesRepository } from './stories/stories.repository.js';
import { ContentHealthRepository } from './content-health/content-health.repository.js';
import { ContentHealthService } from './content-health/content-health.service.js';
import { StoriesService, widgetHighlightsOf } from './stories/stories.service.js';
import { SchemeMediaFetcher } from './media/scheme-media.fetcher.js';
import type { InstagramSource, MediaFetcher, MediaStreamer } from './instagram/instagram.source.js';
import { DemoMediaFetcher } from './instagram/demo-media.js';
import {
  createFacebookLogin,
  createInstagramLogin,
  createInstagramSource,
  SelectingSource,
} from './instagram/source.js';
import {
  FACEBOOK_CONNECTIONS,
  InstagramConnectionsRepository,
} from './instagram/instagram-connections.repository.js';
import { instagramConnections } from './db/schema.js';
import { InstagramConnect } from './instagram/instagram-connect.service.js';
import { HttpMediaFetcher } from './media/http-media.fetcher.js';
import { bufferedStreamer } from './media/buffered-streamer.js';
import { MediaStore } from './media/media.store.js';
import { LocalMediaBackend, type MediaBackend } from './media/media.backend.js';
import { S3MediaBackend } from './media/s3-media.backend.js';
import { MediaObjectsRepository } from './media/media-objects.repository.js';
import { MediaCleanup } from './media/media-cleanup.service.js';
import { UploadGate } from './media/upload-gate.js';
import { WidgetLookup } from './widget/widget-lookup.js';
import { MerchantService } from './merchant/merchant.service.js';
import { PlatformConnectionsRepository } from './integrations/platform-connections.repository.js';
import { WebhookDeliveriesRepository } from './integrations/webhook-deliveries.repository.js';
import { WebhookInbox } from './integrations/webhook-inbox.service.js';
import { MerchantOnboarding } from './integrations/onboarding.service.js';
import { StoreLinksRepository } from './integrations/store-links.repository.js';
import { PlatformPlans, parsePlanMap } from './billing/platform-plans.service.js';
import type { FetchLike } from './integrations/platform-http.js';
import { SallaClient } from './integrations/salla/salla.client.js';
import { SallaWebhooks } from './integrations/salla/salla-webhooks.service.js';
import { SallaTokens } from './integrations/salla/salla-tokens.service.js';
import { ZidClient } from './integrations/zid/zid.client.js';
import { ZidWebhooks } from './integrations/zid/zid-webhooks.service.js';
import { ZidOAuth } from './integrations/zid/zid-oauth.service.js';
import { ZidUpkeep } from './integrations/zid/zid-upkeep.service.js';
import { SecretBox } from './lib/secret-box.js';
import { AutoRenewRepository } from './billing/autorenew.repository.js';
import { AutoRenewService } from './billing/autorenew.service.js';
import { WidgetRepository } from './widget/widget.repository.js';
import { InstallRecorder, WidgetInstallsRepository } from './widget/widget-installs.js';
import { BillingRepository } from './billing/billing.repository.js';
import { BillingService } from './billing/billing.service.js';
import { DevPaymentProvider } from './billing/dev-payments.js';
import { MoyasarClient } from './integrations/moyasar/moyasar.client.js';
import { MoyasarWebhookVerification } from './integrations/moyasar/webhook-verification.service.js';
import { WebhookVerificationsRepository } from './integrations/moyasar/webhook-verifications.repository.js';
import { InsightsRepository } from './insights/insights.repository.js';
import { InsightsService, type EventLimits } from './insights/insights.service.js';
import { EventCounter } from './insights/event-counter.js';
import { PostsRepository } from './posts/posts.repository.js';
import { PostsService } from './posts/posts.service.js';
import { loggedFetch } from './lib/logged-fetch.js';
import { instagramBudget, readBacklogsFrom } from './metrics/metrics.js';

export interface ServiceOverrides {
  /** Tests point Salla/Zid calls at fakes on 127.0.0.1. */
  platformFetch?: FetchLike;
  /** Tests point Moyasar calls at a fake on 127.0.0.1. */
  moyasarFetch?: FetchLike;
  /** Tests inject a source or media fetcher (fakes on 127.0.0.1). */
  source?: InstagramSource;
  mediaFetcher?: MediaFetcher;
  /** Tests fetch product pictures from a fake (else any public https host through the guarded fetcher). */
  productMediaFetcher?: MediaFetcher;
  /** Tests stream image-proxy answers from a fake (else the media fetcher override, buffered). */
  proxyStreamer?: MediaStreamer;
  random?: () => number;
  workerId?: string;
  /** Tests lower the widget events' rate limits. */
  eventLimits?: EventLimits;
  /** Tests renew refresh leases faster than a third of REFRESH_LEASE_SECONDS. */
  refreshHeartbeatMs?: number;
}

/** A key for one purpose, derived from AUTH_SECRET, so tokens signed for one use never verify for another. */
const deriveKey = (secret: Uint8Array, purpose: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', secret).update(`lamha:${purpose}`).digest());

/** Where media live: MEDIA_DIR, else DATA_DIR/media. */
export const mediaDirOf = (env: Runtime['env']) =>
  path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'));

/** The configured media backend: MEDIA_DIR on this machine, or the S3-compatible bucket. */
export function mediaBackendOf(env: Runtime['env']): MediaBackend {
  if (env.MEDIA_STORE === 'local') return new LocalMediaBackend(mediaDirOf(env));
  return new S3MediaBackend({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/** Every repository over one database handle. Only this file (and tests, via testing/repositories.ts) sees them. */
export function createRepositories(db: Database) {
  return {
    auth: new AuthRepository(db),
    admin: new AdminRepository(db),
    users: new UsersRepository(db),
    subscriptions: new SubscriptionsRepository(db),
    preferences: new WidgetPreferencesRepository(db),
    accounts: new InstagramAccountsRepository(db),
    content: new ContentRepository(db),
    snapshots: new SnapshotsRepository(db),
    widget: new WidgetRepository(db),
    widgetInstalls: new WidgetInstallsRepository(db),
    platformConnections: new PlatformConnectionsRepository(db),
    webhookDeliveries: new WebhookDeliveriesRepository(db),
    billing: new BillingRepository(db),
    autoRenew: new AutoRenewRepository(db),
    moyasarVerifications: new WebhookVerificationsRepository(db),
    instagramConnections: new InstagramConnectionsRepository(db),
    facebookConnections: new InstagramConnectionsRepository(db, FACEBOOK_CONNECTIONS),
    storeLinks: new StoreLinksRepository(db),
    stories: new StoriesRepository(db),
    contentHealth: new ContentHealthRepository(db),
    insights: new InsightsRepository(db),
    posts: new PostsRepository(db),
    mediaObjects: new MediaObjectsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * The composition root: every service, built once per process from the runtime's ports, shared by the
 * HTTP routes and the cron worker so a manual refresh and a scheduled one run the same code. Routes get
 * these services, never repositories.
 */
export function createServices(runtime: Runtime, overrides: ServiceOverrides = {}) {
  const { env, clock, cache } = runtime;
  const repos = createRepositories(runtime.database.db);
  const { users, subscriptions, preferences, accounts, content, platformConnections } = repos;

  const auth = new AuthService({
    auth: repos.auth,
    users,
    cache,
    mailer: runtime.mailer,
    clock,
    logger: runtime.logger.child({ component: 'auth' }),
    secret: runtime.authSecret,
    appUrl: env.APP_URL,
    adminEmails: env.ADMIN_EMAILS,
  });

  // Instagram Login (or its dev stand-in) for merchants who connected their own account; the fallback
  // source reads everyone else by username. instagram/source.ts decides per account.
  // Every outside call is logged with the request id of the request or cron tick that made it.
  const outgoingLogger = runtime.logger.child({ component: 'outgoing' });
  const instagramFetch = loggedFetch(outgoingLogger);
  const instagramLogin = createInstagramLogin(env, { clock, fetch: instagramFetch });
  // Facebook Login for Business: the documented source of stories (without FACEBOOK_APP_ID in
  // production, none: nothing changes).
  const facebookLogin = createFacebookLogin(env, { clock, fetch: instagramFetch });
  const fallbackSource: InstagramSource =
    overrides.source ?? createInstagramSource(env, { clock, cache, fetch: instagramFetch });
  instagramBudget.set(env.IG_CALLS_PER_HOUR);
  if (fallbackSource.name === 'none')
    runtime.logger.warn(
      'connecting by username is off: production without IG_GRAPH_TOKEN and IG_GRAPH_USER_ID (Business Discovery); set them, or DEMO_CONTENT=true to serve sample content on purpose',
    );
  const source: InstagramSource = new SelectingSource(fallbackSource, instagramLogin, {
    tokenFor: (userId) => instagramConnect.tokenFor(userId),
    markNeedsReconnect: (id, reason) => instagramConnect.markNeedsReconnect(id, reason),
  });

  const mediaFetcher =
    overrides.mediaFetcher ??
    new SchemeMediaFetcher({
      demo: new DemoMediaFetcher({ maxWidth: env.DEMO_MEDIA_MAX_WIDTH }),
      https: new HttpMediaFetcher({ maxBytes: env.MEDIA_MAX_BYTES, clock }),
    });
  const mediaBackend = mediaBackendOf(env);
  const mediaStore = new MediaStore(mediaBackend, { ledger: repos.mediaObjects });
  const workerId = overrides.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const mediaCleanup = new MediaCleanup({
    repo: repos.mediaObjects,
    store: mediaStore,
    clock,
    logger: runtime.logger.child({ component: 'media-cleanup' }),
    config: {
      graceMs: env.MEDIA_CLEANUP_GRACE_DAYS * 86_400_000,
      intervalMs: 6 * 3_600_000,
      leaseMs: 10 * 60_000,
      workerId,
    },
  });
  const widgetLookup = new WidgetLookup(cache, repos.snapshots, repos.widget, {
    logger: runtime.logger.child({ component: 'widget' }),
  });
  const installRecorder = new InstallRecorder(
    repos.widgetInstalls,
    clock,
    runtime.logger.child({ component: 'widget-installs' }),
    new URL(env.APP_URL).origin,
  );
  const snapshots: SnapshotService = new SnapshotService({
    onRebuilt: (key) => widgetLookup.forget(key),
    isUninstalled: (id) => platformConnections.isUninstalled(id),
    merchantHighlights: (id, now) => widgetHighlightsOf(repos.stories, id, now),
    postCuration: (id, productLinks) => posts.curationOf(id, productLinks),
    users,
    accounts,
    content,
    preferences,
    subscriptions,
    snapshots: repos.snapshots,
    cache,
    clock,
    mediaPublicUrl: env.MEDIA_PUBLIC_URL,
  });

  const due = new Set<() => void>();
  const refresh = new RefreshEngine({
    accounts,
    content,
    users,
    subscriptions,
    snapshots,
    source,
    mediaFetcher,
    mediaStore,
    clock,
    logger: runtime.logger.child({ component: 'refresh' }),
    refreshProducts: (userId) => posts.refreshProducts(userId),
    random: overrides.random ?? Math.random,
    config: {
      batchSize: env.REFRESH_BATCH_SIZE,
      concurrency: env.REFRESH_CONCURRENCY,
      mediaConcurrency: 4,
      leaseMs: env.REFRESH_LEASE_SECONDS * 1000,
      heartbeatMs: overrides.refreshHeartbeatMs ?? (env.REFRESH_LEASE_SECONDS * 1000) / 3,
      workerId,
    },
  });
  const instagramAccount = new InstagramAccountService({
    accounts,
    source,
    usernameAvailable: fallbackSource.name !== 'none',
    snapshots,
    clock,
    cache,
    onAccountDue: () => due.forEach((listener) => listener()),
    onRefreshRequested: (userId) => repos.stories.markPollDue(userId),
  });
  // One gate for both upload routes: a merchant's hourly count and the process's decode slots are shared.
  const uploads = new UploadGate({ cache, clock, mediaStore });
  const stories = new StoriesService({
    stories: repos.stories,
    users,
    subscriptions,
    snapshots,
    // Facebook Login first: it is the documented source; Instagram Login's /me/stories is read too.
    readers: [
      ...(facebookLogin
        ? [
            {
              via: 'facebook' as const,
              login: facebookLogin,
              tokens: {
                tokenFor: (userId: string) => facebookConnect.tokenFor(userId),
                markNeedsReconnect: (id: string, reason: string) =>
                  facebookConnect.markNeedsReconnect(id, reason),
              },
              table: FACEBOOK_CONNECTIONS,
            },
          ]
        : []),
      ...(instagramLogin
        ? [
            {
              via: 'instagram' as const,
              login: instagramLogin,
              tokens: {
                tokenFor: (userId: string) => instagramConnect.tokenFor(userId),
                markNeedsReconnect: (id: string, reason: string) =>
                  instagramConnect.markNeedsReconnect(id, reason),
              },
              table: instagramConnections,
            },
          ]
        : []),
    ],
    mediaFetcher,
    mediaStore,
    uploads,
    clock,
    logger: runtime.logger.child({ component: 'stories' }),
    config: {
      retentionDays: env.STORIES_RETENTION_DAYS,
      pollBatchSize: env.REFRESH_BATCH_SIZE,
      mediaConcurrency: 4,
    },
  });
  const contentHealth = new ContentHealthService({
    repo: repos.contentHealth,
    users,
    subscriptions,
    mailer: runtime.mailer,
    clock,
    logger: runtime.logger.child({ component: 'content-health' }),
    appUrl: env.APP_URL,
    loginAvailable: instagramLogin !== undefined,
  });
  const highlights = new HighlightsService({
    accounts,
    content,
    lookup: widgetLookup,
    merchantHighlightStories: (userId, id) => stories.widgetStories(userId, id),
    mediaPublicUrl: env.MEDIA_PUBLIC_URL,
  });

  // Widget events are counted in memory and flushed to the daily counters (started with the HTTP server).
  const insightsLogger = runtime.logger.child({ component: 'insights' });
  const eventCounter = new EventCounter(repos.insights, insightsLogger);
  const insights = new InsightsService({
    repo: repos.insights,
    snapshots: repos.snapshots,
    counter: eventCounter,
    cache,
    clock,
    logger: insightsLogger,
    addressSecret: deriveKey(runtime.authSecret, 'widget-events-address'),
    limits: overrides.eventLimits ?? {
      perAddressPerMinute: env.EVENTS_LIMIT_PER_ADDRESS,
      perKeyPerMinute: env.EVENTS_LIMIT_PER_KEY,
    },
  });

  const admin = new AdminService({
    repo: repos.admin,
    accounts,
    requestRefresh: (userId) => instagramAccount.requestRefresh(userId, { limited: false }),
    cache,
    clock,
  });

  const merchant = new MerchantService({
    users,
    accounts,
    preferences,
    subscriptions,
    snapshots,
    clock,
    // The dashboard's "Need Help": the chat link, else the support WhatsApp.
    supportChatUrl: supportChatUrl(env),
    installs: repos.widgetInstalls,
    sallaConnectionExpiry: (userId) => platformConnections.sallaTokenExpiry(userId),
  });

  // Store platforms: both clients, the shared onboarding and plan mirroring, one webhook inbox.
  const platformFetch: FetchLike = loggedFetch(
    outgoingLogger,
    overrides.platformFetch ?? ((input, init) => fetch(input, init)),
  );
  const integrationsLogger = runtime.logger.child({ component: 'integrations' });
  const box = SecretBox.fromConfig(env.TOKEN_ENCRYPTION_KEY, env.DATA_DIR);
  const sallaClient = new SallaClient({
    accountsUrl: env.SALLA_ACCOUNTS_URL,
    clientId: env.SALLA_CLIENT_ID,
    clientSecret: env.SALLA_CLIENT_SECRET,
    fetch: platformFetch,
  });
  const zidClient = new ZidClient({
    oauthUrl: env.ZID_OAUTH_URL,
    apiUrl: env.ZID_API_URL,
    clientId: env.ZID_CLIENT_ID,
    clientSecret: env.ZID_CLIENT_SECRET,
    fetch: platformFetch,
  });
  const plans = new PlatformPlans({ subscriptions, snapshots, clock });
  // The posts studio: hide, pin, and products linked to posts, copied from the store's platform.
  const posts: PostsService = new PostsService({
    posts: repos.posts,
    accounts,
    content,
    users,
    subscriptions,
    snapshots,
    connections: platformConnections,
    catalogue: {
      sallaApiUrl: env.SALLA_API_URL,
      zidApiUrl: env.ZID_API_URL,
      fetch: platformFetch,
      open: (sealed) => box.open(sealed),
    },
    mediaFetcher:
      overrides.productMediaFetcher ??
      new HttpMediaFetcher({ allowedHostSuffixes: ['*'], maxBytes: env.MEDIA_MAX_BYTES, clock }),
    mediaStore,
    uploads,
    clock,
    logger: runtime.logger.child({ component: 'posts' }),
  });
  // The inbox replays a store's waiting events once its link is confirmed; it is built after the handlers.
  const inbox: { current?: WebhookInbox } = {};
  const onboarding = new MerchantOnboarding({
    users,
    connections: platformConnections,
    links: repos.storeLinks,
    snapshots,
    forgetStore: (platform, storeId) => widgetLookup.forgetStore(platform, storeId),
    onConnected: async (platform, storeId) => {
      if (platform !== 'zid') return;
      await zidUpkeep.registerScript(storeId);
      await zidUpkeep.registerWebhooks(storeId);
    },
    auth,
    mailer: runtime.mailer,
    replayStore: (platform, storeId) => inbox.current?.replayStore(platform, storeId) ?? Promise.resolve(),
    clock,
    logger: integrationsLogger,
    appUrl: env.APP_URL,
  });
  const sallaWebhooks = new SallaWebhooks({
    connections: platformConnections,
    users,
    snapshots,
    onboarding,
    plans,
    salla: sallaClient,
    products: posts,
    box,
    clock,
    config: {
      webhookSecret: env.SALLA_WEBHOOK_SECRET,
      webhookStrategy: env.SALLA_WEBHOOK_STRATEGY,
      planMap: parsePlanMap(env.SALLA_PLAN_MAP),
    },
  });
  const zidWebhooks = new ZidWebhooks({
    connections: platformConnections,
    snapshots,
    plans,
    onboarding,
    products: posts,
    // Called at uninstall, long after zidUpkeep below exists.
    removeWebhooks: (row) => zidUpkeep.removeWebhooks(row),
    clock,
    config: { webhookSecret: env.ZID_WEBHOOK_SECRET, planMap: parsePlanMap(env.ZID_PLAN_MAP) },
  });
  const webhookInbox = new WebhookInbox({
    deliveries: repos.webhookDeliveries,
    handlers: [sallaWebhooks, zidWebhooks],
    clock,
    logger: integrationsLogger,
  });
  inbox.current = webhookInbox;
  readBacklogsFrom({
    webhookBacklog: () => repos.webhookDeliveries.backlog(clock.now()),
    refreshBacklog: () => accounts.refreshBacklog(clock.now()),
  });
  const zidUpkeep = new ZidUpkeep({
    connections: platformConnections,
    users,
    zid: zidClient,
    box,
    mailer: runtime.mailer,
    applyStoreDetails: (row, details) => onboarding.applyStoreDetails('zid', row, details),
    clock,
    logger: integrationsLogger,
    appUrl: env.APP_URL,
    webhookSecret: env.ZID_WEBHOOK_SECRET,
    appId: env.ZID_CLIENT_ID,
  });
  const sallaTokens = new SallaTokens({
    connections: platformConnections,
    salla: sallaClient,
    box,
    clock,
    logger: integrationsLogger,
  });
  const zidOAuth = new ZidOAuth({
    connections: platformConnections,
    users,
    onboarding,
    auth,
    zid: zidClient,
    box,
    cache,
    clock,
    logger: integrationsLogger,
    // Its own key, derived from AUTH_SECRET: an access token can never pass for a state, nor the reverse.
    config: { appUrl: env.APP_URL, stateSecret: deriveKey(runtime.authSecret, 'zid-oauth-state') },
  });

  const instagramConnect = new InstagramConnect({
    connections: repos.instagramConnections,
    accounts,
    snapshots,
    login: instagramLogin,
    box,
    cache,
    clock,
    logger: integrationsLogger,
    onAccountDue: () => due.forEach((listener) => listener()),
    fallbackIsDemo: fallbackSource.name === 'demo',
    usernameAvailable: fallbackSource.name !== 'none',
    config: {
      appUrl: env.APP_URL,
      authSecret: runtime.authSecret,
      appSecret: env.INSTAGRAM_APP_SECRET,
    },
  });

  // The same connect flow for Facebook Login for Business; it connects the story source only.
  const facebookConnect = new InstagramConnect({
    provider: 'facebook',
    connections: repos.facebookConnections,
    accounts,
    snapshots,
    login: facebookLogin,
    box,
    cache,
    clock,
    logger: integrationsLogger,
    onAccountDue: () => due.forEach((listener) => listener()),
    onStoriesDue: (userId) => repos.stories.markPollDue(userId),
    fallbackIsDemo: false,
    usernameAvailable: fallbackSource.name !== 'none',
    config: {
      appUrl: env.APP_URL,
      authSecret: runtime.authSecret,
      appSecret: env.FACEBOOK_APP_SECRET,
    },
  });

  const billing = createBilling(runtime, overrides, repos.moyasarVerifications, box, repos.autoRenew, {
    repo: repos.billing,
    subscriptions,
    users,
    snapshots,
    platformOf: async (user) => {
      if (user.storePlatform === 'salla' || user.storePlatform === 'zid') return user.storePlatform;
      return (await platformConnections.sallaTokenExpiry(user.id)) !== undefined ? 'salla' : null;
    },
  });

  return {
    billing: billing.service,
    /** Saved cards and automatic renewal (MOYASAR_TOKENIZATION). */
    autoRenew: billing.autoRenew,
    /** Moyasar's webhook verification codes: kept, sent back, shown to admins. */
    moyasarVerification: billing.verification,
    /** Set on a machine without Moyasar keys: the dev checkout page's payments. */
    devPayments: billing.devPayments,
    auth,
    admin,
    merchant,
    webhookInbox,
    onboarding,
    sallaWebhooks,
    sallaTokens,
    zidOAuth,
    instagramConnect,
    /** The login in use (the dev consent page needs the dev stand-in). */
    instagramLogin,
    facebookConnect,
    facebookLogin,
    zidUpkeep,
    mediaStore,
    mediaCleanup,
    /**
     * Temporary files a crashed writer left in the media directory (the local store; a bucket's writes
     * leave none). Entry points call it once at start, before this process writes anything.
     */
    removeStrayMediaFiles: async () => {
      if (!(mediaBackend instanceof LocalMediaBackend)) return;
      const files = await mediaBackend.removeStrayTemporaryFiles(clock.now());
      if (files > 0) runtime.logger.info({ files }, 'removed temporary media files a crash left');
    },
    snapshots,
    /** Moves a trial's end (the development route only; never mounted in production). */
    devTrial: new DevTrialService({ users, snapshots }),
    refresh,
    instagramAccount,
    highlights,
    stories,
    posts,
    contentHealth,
    widgetLookup,
    installRecorder,
    insights,
    eventCounter,
    /** The image proxy's fetcher: Instagram/Facebook CDN hosts only. */
    proxyFetcher:
      overrides.proxyStreamer ??
      (overrides.mediaFetcher
        ? bufferedStreamer(overrides.mediaFetcher)
        : new HttpMediaFetcher({ maxBytes: env.MEDIA_MAX_BYTES, clock })),
    /** Lets an in-process scheduler start at once when an account becomes due. */
    onAccountDue(listener: () => void) {
      due.add(listener);
      return () => due.delete(listener);
    },
  };
}
export type Services = ReturnType<typeof createServices>;

/** Without seller details (outside production) invoices name a development seller, plainly. */
export const DEV_SELLER = {
  name: 'Lamha (development seller)',
  vatNumber: '399999999900003',
  address: 'Riyadh, Saudi Arabia (development)',
} as const;

/** Billing: Moyasar when its secret key is set, else (never in production) the dev checkout stands in. */
function createBilling(
  runtime: Runtime,
  overrides: ServiceOverrides,
  verifications: WebhookVerificationsRepository,
  box: SecretBox,
  autoRenewRepo: AutoRenewRepository,
  deps: Pick<
    ConstructorParameters<typeof BillingService>[0],
    'repo' | 'subscriptions' | 'users' | 'snapshots' | 'platformOf'
  >,
) {
  const { env } = runtime;
  const devPayments =
    env.MOYASAR_SECRET_KEY || env.NODE_ENV === 'production' ? undefined : new DevPaymentProvider(env.APP_URL);
  const provider =
    devPayments ??
    new MoyasarClient({
      apiUrl: env.MOYASAR_API_URL,
      secretKey: env.MOYASAR_SECRET_KEY ?? '',
      fetch: loggedFetch(
        runtime.logger.child({ component: 'outgoing' }),
        overrides.moyasarFetch ?? ((input, init) => fetch(input, init)),
      ),
    });
  const autoRenew = new AutoRenewService({
    repo: autoRenewRepo,
    billing: deps.repo,
    provider,
    box,
    confirm: (payment) => service.confirmPayment(payment),
    mailer: runtime.mailer,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'billing' }),
    config: { tokenization: env.MOYASAR_TOKENIZATION, appUrl: env.APP_URL },
  });
  const service: BillingService = new BillingService({
    ...deps,
    cards: autoRenew,
    provider,
    mailer: runtime.mailer,
    clock: runtime.clock,
    cache: runtime.cache,
    logger: runtime.logger.child({ component: 'billing' }),
    config: {
      appUrl: env.APP_URL,
      webhookSecret: env.MOYASAR_WEBHOOK_SECRET,
      paymentsEnabled: env.BILLING !== 'platform-only',
      seller: {
        name: env.BILLING_SELLER_NAME ?? DEV_SELLER.name,
        vatNumber: env.BILLING_SELLER_VAT_NUMBER ?? DEV_SELLER.vatNumber,
        address: env.BILLING_SELLER_ADDRESS ?? DEV_SELLER.address,
      },
    },
  });
  const verification = new MoyasarWebhookVerification({
    repo: verifications,
    verifier: provider instanceof MoyasarClient ? provider : undefined,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'billing' }),
  });
  return { service, autoRenew, devPayments, verification };
}
