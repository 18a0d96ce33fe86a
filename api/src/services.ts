import { supportChatUrl } from './config/env.js';
import { hostname } from 'node:os';
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
import { StoriesService } from './stories/stories.service.js';
import { widgetHighlightsOf } from './stories/highlight-stories.js';
import {
  FACEBOOK_CONNECTIONS,
  InstagramConnectionsRepository,
} from './instagram/instagram-connections.repository.js';
import { instagramConnections } from './db/schema.js';
import { MediaObjectsRepository } from './media/media-objects.repository.js';
import { WidgetLookup } from './widget/widget-lookup.js';
import { MerchantService } from './merchant/merchant.service.js';
import { PlatformConnectionsRepository } from './integrations/platform-connections.repository.js';
import { WebhookDeliveriesRepository } from './integrations/webhook-deliveries.repository.js';
import { StoreLinksRepository } from './integrations/store-links.repository.js';
import type { FetchLike } from './integrations/platform-http.js';
import { SecretBox } from './lib/secret-box.js';
import { AutoRenewRepository } from './billing/autorenew.repository.js';
import { WidgetRepository } from './widget/widget.repository.js';
import { InstallRecorder, WidgetInstallsRepository } from './widget/widget-installs.js';
import { BillingRepository } from './billing/billing.repository.js';
import { WebhookVerificationsRepository } from './integrations/moyasar/webhook-verifications.repository.js';
import { InsightsRepository } from './insights/insights.repository.js';
import { InsightsService } from './insights/insights.service.js';
import { EventCounter } from './insights/event-counter.js';
import { PostsRepository } from './posts/posts.repository.js';
import { PostsService } from './posts/posts.service.js';
import { PostCurationReader } from './posts/post-curation.js';
import { ProductCopies } from './posts/product-copies.js';
import { loggedFetch } from './lib/logged-fetch.js';
import { readBacklogsFrom } from './metrics/metrics.js';
import type { ServiceOverrides } from './overrides.js';
import { createMedia } from './media/media.factory.js';
import { createInstagram } from './instagram/instagram.factory.js';
import { createPlatforms } from './integrations/platforms.factory.js';
import { createBilling } from './billing/billing.factory.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobsRepository } from './jobs/jobs.repository.js';
import { JobLeasesRepository } from './jobs/job-leases.repository.js';
import { registerJobs } from './jobs/register-jobs.js';

/** A key for one purpose, derived from AUTH_SECRET, so tokens signed for one use never verify for another. */
const deriveKey = (secret: Uint8Array, purpose: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', secret).update(`lamha:${purpose}`).digest());

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
    jobs: new JobsRepository(db),
    jobLeases: new JobLeasesRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * The composition root: every service, built once per process from the runtime's ports, shared by the
 * HTTP routes and the cron worker so a manual refresh and a scheduled one run the same code. Routes get
 * these services, never repositories. Features with several parts build them in their own factory
 * (media/, instagram/, integrations/, billing/); this function wires the features together.
 */
export function createServices(runtime: Runtime, overrides: ServiceOverrides = {}) {
  const { env, clock, cache } = runtime;
  const repos = createRepositories(runtime.database.db);
  const { users, subscriptions, preferences, accounts, content, platformConnections } = repos;
  const keyFor = (purpose: string) => deriveKey(runtime.authSecret, purpose);

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

  // Every outside call is logged with the request id of the request or cron tick that made it.
  const outgoingLogger = runtime.logger.child({ component: 'outgoing' });
  const platformFetch: FetchLike = loggedFetch(
    outgoingLogger,
    overrides.platformFetch ?? ((input, init) => fetch(input, init)),
  );
  const box = SecretBox.fromConfig(env.TOKEN_ENCRYPTION_KEY, env.DATA_DIR);
  const workerId = overrides.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const media = createMedia(runtime, overrides, {
    ledger: repos.mediaObjects,
    leases: repos.jobLeases,
    workerId,
  });

  // The widget's answers: a snapshot per merchant, rebuilt whenever content, settings or plan change.
  const widgetLookup = new WidgetLookup(cache, repos.snapshots, repos.widget, {
    logger: runtime.logger.child({ component: 'widget' }),
  });
  const installRecorder = new InstallRecorder(
    repos.widgetInstalls,
    clock,
    runtime.logger.child({ component: 'widget-installs' }),
    new URL(env.APP_URL).origin,
  );
  // Snapshots show the posts studio's choices, read from its tables (the studio rebuilds snapshots).
  const postCuration = new PostCurationReader({ posts: repos.posts, connections: platformConnections });
  const snapshots = new SnapshotService({
    onRebuilt: (key) => widgetLookup.forget(key),
    isUninstalled: (id) => platformConnections.isUninstalled(id),
    merchantHighlights: (id, now) => widgetHighlightsOf(repos.stories, id, now),
    postCuration: (id, productLinks) => postCuration.curationOf(id, productLinks),
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

  // The posts studio: hide, pin, and products linked to posts, copied from the store's platform.
  const postsLogger = runtime.logger.child({ component: 'posts' });
  const productCopies = new ProductCopies({
    posts: repos.posts,
    connections: platformConnections,
    catalogue: {
      sallaApiUrl: env.SALLA_API_URL,
      zidApiUrl: env.ZID_API_URL,
      fetch: platformFetch,
      open: (sealed) => box.open(sealed),
    },
    mediaFetcher: media.productFetcher,
    mediaStore: media.store,
    snapshots,
    clock,
    logger: postsLogger,
  });
  const posts = new PostsService({
    posts: repos.posts,
    accounts,
    content,
    users,
    subscriptions,
    snapshots,
    copies: productCopies,
    uploads: media.uploads,
    clock,
    logger: postsLogger,
  });

  const due = new Set<() => void>();
  const onAccountDue = () => due.forEach((listener) => listener());
  const instagram = createInstagram(runtime, overrides, {
    fetch: loggedFetch(outgoingLogger),
    accounts,
    instagramConnections: repos.instagramConnections,
    facebookConnections: repos.facebookConnections,
    stories: repos.stories,
    snapshots,
    box,
    onAccountDue,
  });
  const { instagramConnect, facebookConnect, instagramLogin, facebookLogin } = instagram;

  const refresh = new RefreshEngine({
    accounts,
    content,
    users,
    subscriptions,
    snapshots,
    source: instagram.source,
    mediaFetcher: media.fetcher,
    mediaStore: media.store,
    clock,
    logger: runtime.logger.child({ component: 'refresh' }),
    refreshProducts: (userId) => productCopies.refreshProducts(userId),
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
    source: instagram.source,
    usernameAvailable: instagram.usernameAvailable,
    snapshots,
    clock,
    cache,
    onAccountDue,
    onRefreshRequested: (userId) => repos.stories.markPollDue(userId),
  });
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
              tokens: facebookConnect,
              table: FACEBOOK_CONNECTIONS,
            },
          ]
        : []),
      ...(instagramLogin
        ? [
            {
              via: 'instagram' as const,
              login: instagramLogin,
              tokens: instagramConnect,
              table: instagramConnections,
            },
          ]
        : []),
    ],
    mediaFetcher: media.fetcher,
    mediaStore: media.store,
    uploads: media.uploads,
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
    addressSecret: keyFor('widget-events-address'),
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

  const platforms = createPlatforms(runtime, {
    fetch: platformFetch,
    box,
    users,
    subscriptions,
    connections: platformConnections,
    links: repos.storeLinks,
    deliveries: repos.webhookDeliveries,
    snapshots,
    widgetLookup,
    auth,
    products: productCopies,
    deriveKey: keyFor,
  });
  readBacklogsFrom({
    webhookBacklog: () => repos.webhookDeliveries.backlog(clock.now()),
    refreshBacklog: () => accounts.refreshBacklog(clock.now()),
    jobCounts: () => repos.jobs.counts(),
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

  // Work handed over after an answer: a row in `jobs`, run at once by this process's worker.
  const jobs = registerJobs(
    new JobQueue({
      repo: repos.jobs,
      clock,
      logger: runtime.logger.child({ component: 'jobs' }),
      worker: workerId,
    }),
    { webhookInbox: platforms.webhookInbox, billing: billing.service, verification: billing.verification },
  );

  return {
    /** The background-work queue (api/src/jobs/). */
    jobs,
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
    webhookInbox: platforms.webhookInbox,
    onboarding: platforms.onboarding,
    sallaWebhooks: platforms.sallaWebhooks,
    sallaTokens: platforms.sallaTokens,
    zidOAuth: platforms.zidOAuth,
    instagramConnect,
    /** The login in use (the dev consent page needs the dev stand-in). */
    instagramLogin,
    facebookConnect,
    facebookLogin,
    zidUpkeep: platforms.zidUpkeep,
    mediaStore: media.store,
    mediaCleanup: media.cleanup,
    /** The periodic jobs' leases in job_leases, held in this process's name (cron/src/tick.ts). */
    jobLeases: { holder: workerId, ledger: repos.jobLeases as JobLeaseLedger },
    removeStrayMediaFiles: media.removeStrayMediaFiles,
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
    proxyFetcher: media.proxyFetcher,
    /** Lets an in-process scheduler start at once when an account becomes due. */
    onAccountDue(listener: () => void) {
      due.add(listener);
      return () => due.delete(listener);
    },
  };
}
export type Services = ReturnType<typeof createServices>;
/** Take, renew and release a named periodic job's lease (jobs/job-leases.repository.ts). */
export type JobLeaseLedger = Pick<JobLeasesRepository, 'claimJob' | 'extendJob' | 'finishJob'>;
