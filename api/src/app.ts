import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Runtime } from './runtime.js';
import { healthRoutes } from './health/health.routes.js';
import { errorHandler, notFoundHandler } from './http/error-middleware.js';
import { pwaDistDir, pwaRoutes } from './http/static.js';
import { AuthRepository } from './auth/auth.repository.js';
import { AuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { UsersRepository } from './users/users.repository.js';
import { DevMailbox } from './mail/dev-mailbox.js';
import { devRoutes } from './dev/dev.routes.js';

/** The services every route group uses, built once per app from the runtime's ports. */
export function createServices(runtime: Runtime) {
  const db = runtime.database.db;
  const users = new UsersRepository(db);
  const auth = new AuthService({
    auth: new AuthRepository(db),
    users,
    cache: runtime.cache,
    mailer: runtime.mailer,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'auth' }),
    secret: runtime.authSecret,
    appUrl: runtime.env.APP_URL,
    adminEmails: runtime.env.ADMIN_EMAILS,
  });
  return { users, auth };
}
export type Services = ReturnType<typeof createServices>;

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

  const services = createServices(runtime);
  app.use(healthRoutes(runtime));
  // Secure cookies everywhere except plain-http development on this machine.
  const appHost = new URL(runtime.env.APP_URL).hostname;
  const secureCookies = !['localhost', '127.0.0.1', '[::1]'].includes(appHost);
  app.use(authRoutes(services.auth, { secureCookies }));
  if (runtime.env.NODE_ENV !== 'production' && runtime.mailer instanceof DevMailbox) {
    app.use(devRoutes(runtime.mailer));
  }

  const pwaDir = options.pwaDir ?? pwaDistDir();
  if (pwaDir) app.use(pwaRoutes(pwaDir));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
