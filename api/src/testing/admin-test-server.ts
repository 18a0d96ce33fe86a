import express, { type Express, type Router } from 'express';
import type { AddressInfo } from 'node:net';
import { ZApiError, ZSession } from '@app/shared';
import { AuthRepository } from '../auth/auth.repository.js';
import { randomToken, sha256 } from '../auth/crypto.js';
import { errorHandler, notFoundHandler } from '../http/error-middleware.js';
import type { Runtime } from '../runtime.js';

/**
 * Routers under test served on 127.0.0.1 between the app's JSON parser and its error middleware, and a
 * signed-in caller for them: the admin API's tests (admin.routes.test.ts, admin.cache-stats.test.ts).
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

/** An access token for `email`, through a stored magic-link code and the token endpoint at `baseUrl`. */
export async function signIn(runtime: Runtime, baseUrl: string, email: string): Promise<string> {
  const code = randomToken();
  await new AuthRepository(runtime.database.db).saveMagicLinkCode({
    codeHash: sha256(code),
    email,
    expiresAt: new Date(runtime.clock.now().getTime() + 60_000),
  });
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'magic_link', code }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ZSession.parse(await res.json()).access_token;
}

export const errorOf = async (res: Response) => ZApiError.parse(await res.json()).error;
