import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Runtime } from './runtime.js';
import { healthRoutes } from './health/health.routes.js';
import { errorHandler, notFoundHandler } from './http/error-middleware.js';
import { pwaDistDir, pwaRoutes } from './http/static.js';

export interface CreateAppOptions {
  /** Where the built PWA lives; defaults to the workspace's pwa/dist when built. */
  pwaDir?: string | undefined;
}

/** The Express app: routes by feature, one JSON 404, one error middleware. */
export function createApp(runtime: Runtime, options: CreateAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  if (runtime.env.TRUST_PROXY) app.set('trust proxy', true);

  app.use(
    pinoHttp({
      logger: runtime.logger,
      // Health probes every few seconds would drown the log.
      autoLogging: { ignore: (req) => req.url === '/healthz' },
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
  app.use(express.json({ limit: '256kb' }));

  app.use(healthRoutes(runtime));

  const pwaDir = options.pwaDir ?? pwaDistDir();
  if (pwaDir) app.use(pwaRoutes(pwaDir));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
