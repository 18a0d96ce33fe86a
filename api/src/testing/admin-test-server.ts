import express, { type Express, type Router } from 'express';
import type { AddressInfo } from 'node:net';
import { ZApiError } from '@app/shared';
import { errorHandler, notFoundHandler } from '../http/error-middleware.js';

/**
 * Routers under test served on 127.0.0.1 between the app's JSON parser and its error middleware (callers
 * sign in with testing/sign-in.ts): the admin API's tests (admin.routes.test.ts, admin.cache-stats.test.ts).
 */

export interface Served {
  url: string;
  close(): Promise<void>;
}

export function serve(app: Express): Promise<Served> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/** The routers under test between the app's JSON parser and its error middleware, as app.ts mounts them. */
export function appWith(...routers: Router[]): Express {
  const app = express();
  app.use(express.json());
  for (const router of routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

export const errorOf = async (res: Response) => ZApiError.parse(await res.json()).error;
