import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Runtime } from './runtime.js';
import { healthRoutes } from './health/health.routes.js';
import { errorHandler, notFoundHandler } from './http/error-middleware.js';
import { pwaDistDir, pwaRoutes } from './http/static.js';
import { supportChatUrl } from './config/env.js';
import { authRoutes } from './auth/auth.routes.js';
import { DevMailbox } from './mail/dev-mailbox.js';
import { devRoutes } from './dev/dev.routes.js';
import { createServices, type Services } from './services.js';
import { mediaRoutes } from './media/media.routes.js';
import { merchantRoutes } from './merchant/merchant.routes.js';
import { storiesRoutes } from './stories/stories.routes.js';
import { insightsRoutes } from './insights/insights.routes.js';
import { postsRoutes } from './posts/posts.routes.js';
import { contentHealthRoutes } from './content-health/content-health.routes.js';
import { sallaRoutes } from './integrations/salla/salla.routes.js';
import { zidRoutes } from './integrations/zid/zid.routes.js';
import { storeLinkRoutes } from './integrations/store-links.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { widgetAssetRoutes, widgetDistDir, widgetRoutes } from './widget/widget.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { devCheckoutRoutes } from './billing/dev-checkout.routes.js';
import { moyasarWebhookRoutes } from './integrations/moyasar/moyasar.webhook.js';
import { jobsAdminRoutes } from './jobs/jobs.routes.js';
import { instagramRoutes, metaConnectRoutes } from './instagram/instagram.routes.js';
import { devInstagramRoutes } from './instagram/dev-instagram.routes.js';
import { DevInstagramLogin } from './instagram/dev-instagram-login.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { openApiRoutes } from './openapi/openapi.routes.js';
import { recordRequestDuration } from './metrics/request-duration.middleware.js';
import { currentRequestId, newRequestId } from './lib/request-context.js';

interface SerializedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
  remotePort?: number;
}

const requestForLog = (req: SerializedRequest): SerializedRequest => ({
  method: req.method,
  url: req.url,
  headers: req.headers,
  remoteAddress: req.remoteAddress,
  remotePort: req.remotePort,
});

const PROBE_PATHS = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

export interface CreateAppOptions {
  /** Where the built PWA lives; defaults to the workspace's pwa/dist when built. */
  pwaDir?: string | undefined;
  /** Where the built widget lives; defaults to the workspace's widget/dist when built. */
  widgetDir?: string | undefined;
  /** Built once and shared with an in-process cron worker; made here when absent. */
  services?: Services;
  /** True once the process drains after SIGTERM (/readyz answers 503). */
  isDraining?: () => boolean;
}

/** The Express app: routes by feature, one JSON 404, one error middleware. */
export function createApp(runtime: Runtime, options: CreateAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // A hop count or the proxies' addresses (never `true`, which believes whatever the client wrote).
  if (runtime.env.TRUST_PROXY !== false) app.set('trust proxy', runtime.env.TRUST_PROXY);

  app.use(recordRequestDuration);
  app.use(
    pinoHttp({
      logger: runtime.logger,
      // The server gave the request its id (the caller's X-Request-Id, or a new one) and echoes it; the
      // logger's mixin adds it to every line as `reqId`, this and every other logger's.
      genReqId: () => currentRequestId() ?? newRequestId(),
      // Probes every few seconds would drown the log.
      autoLogging: { ignore: (req) => PROBE_PATHS.has(req.url ?? '') },
      // The URL alone, whose secrets the logger's sink cuts out; parsed query and params would repeat
      // them as JSON fields (`"code":"…"`) that no URL pattern matches.
      serializers: { req: requestForLog },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Images come from our media store and, in previews, from data: URLs.
          'img-src': ["'self'", 'data:', 'blob:'],
          // http: APP_URL on localhost must not be upgraded.
          'upgrade-insecure-requests': runtime.env.NODE_ENV === 'production' ? [] : null,
        },
      },
    }),
  );
  app.use(compression());
  const services = options.services ?? createServices(runtime);
  // Before the JSON parser: webhook signatures are checked over the raw bytes.
  app.use(sallaRoutes({ inbox: services.webhookInbox, jobs: services.jobs, appUrl: runtime.env.APP_URL }));
  // Secure cookies everywhere except plain-http development on this machine.
  const appHost = new URL(runtime.env.APP_URL).hostname;
  const secureCookies = !['localhost', '127.0.0.1', '[::1]'].includes(appHost);
  app.use(
    zidRoutes({
      inbox: services.webhookInbox,
      jobs: services.jobs,
      oauth: services.zidOAuth,
      secureCookies,
    }),
  );
  app.use(express.json({ limit: '256kb' }));

  app.use(healthRoutes(runtime, { isDraining: options.isDraining }));
  app.use(metricsRoutes(runtime.env));
  app.use(openApiRoutes({ includeDev: runtime.env.NODE_ENV !== 'production' }));
  app.use(
    storeLinkRoutes({ auth: services.auth, onboarding: services.onboarding, zidUpkeep: services.zidUpkeep }),
  );
  app.use(authRoutes(services.auth, { secureCookies }));
  app.use(
    merchantRoutes({
      auth: services.auth,
      merchant: services.merchant,
      instagramAccount: services.instagramAccount,
    }),
  );
  app.use(storiesRoutes({ auth: services.auth, stories: services.stories }));
  app.use(insightsRoutes({ auth: services.auth, insights: services.insights }));
  app.use(postsRoutes({ auth: services.auth, posts: services.posts }));
  app.use(contentHealthRoutes({ auth: services.auth, health: services.contentHealth }));
  app.use(instagramRoutes({ auth: services.auth, connect: services.instagramConnect, secureCookies }));
  app.use(metaConnectRoutes({ auth: services.auth, connect: services.facebookConnect, secureCookies }));
  if (runtime.env.NODE_ENV !== 'production' && services.instagramLogin instanceof DevInstagramLogin) {
    app.use(
      devInstagramRoutes({
        login: services.instagramLogin,
        callbackUrl: services.instagramConnect.redirectUri(),
      }),
    );
  }
  if (runtime.env.NODE_ENV !== 'production' && services.facebookLogin instanceof DevInstagramLogin) {
    app.use(
      devInstagramRoutes({
        login: services.facebookLogin,
        callbackUrl: services.facebookConnect.redirectUri(),
        provider: 'facebook',
      }),
    );
  }
  app.use(adminRoutes({ auth: services.auth, admin: services.admin }));
  app.use(jobsAdminRoutes({ auth: services.auth, jobs: services.jobs }));
  app.use(billingRoutes({ auth: services.auth, billing: services.billing, autoRenew: services.autoRenew }));
  app.use(
    moyasarWebhookRoutes({
      billing: services.billing,
      verification: services.moyasarVerification,
      auth: services.auth,
      jobs: services.jobs,
    }),
  );
  if (runtime.env.NODE_ENV !== 'production' && services.devPayments) {
    app.use(devCheckoutRoutes({ billing: services.billing, provider: services.devPayments }));
  }
  app.use(mediaRoutes(services.mediaStore));
  app.use(
    widgetRoutes({
      lookup: services.widgetLookup,
      highlights: services.highlights,
      proxyFetcher: services.proxyFetcher,
      isProduction: runtime.env.NODE_ENV === 'production',
    }),
  );
  const widgetDir = options.widgetDir ?? widgetDistDir();
  if (widgetDir) app.use(widgetAssetRoutes(widgetDir));
  if (runtime.env.NODE_ENV !== 'production' && runtime.mailer instanceof DevMailbox) {
    app.use(devRoutes(runtime.mailer, services.devTrial));
  }

  const pwaDir = options.pwaDir ?? pwaDistDir();
  if (pwaDir) {
    const { env } = runtime;
    app.use(
      pwaRoutes(pwaDir, {
        support_whatsapp: env.SUPPORT_WHATSAPP ?? null,
        support_chat_url: supportChatUrl(env) ?? null,
        company: {
          legal_name: env.COMPANY_LEGAL_NAME ?? null,
          commercial_registration: env.COMPANY_CR_NUMBER ?? null,
          vat_number: env.COMPANY_VAT_NUMBER ?? null,
        },
        salla_app_url: env.SALLA_APP_URL ?? null,
        zid_app_url: env.ZID_APP_URL ?? null,
      }),
    );
  }

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
