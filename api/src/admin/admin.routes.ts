import { Router, type RequestHandler } from 'express';
import { adminContracts as c } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin } from '../auth/auth.middleware.js';
import { contractRoutes } from '../http/route.js';
import type { AdminService } from './admin.service.js';

export interface AdminRoutesDeps {
  auth: AuthService;
  admin: AdminService;
}

/** Admin answers are about this moment and this admin: never stored by a browser or a proxy. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The admin API (product §7 admin calls). Every route carries `requireAdmin`: the signed-in user's
 * `is_admin`, read from the database on each request, is the only authorisation (no shared secret).
 * admin.routes.test.ts walks this router and fails for any /api/admin route that lets a non-admin in.
 */
export function adminRoutes({ auth, admin }: AdminRoutesDeps): Router {
  const router = Router();
  const route = contractRoutes(router, { admin: requireAdmin(auth) });
  const before = [noStore];

  route(c.users, ({ query }) => admin.listAccounts(query), { before });

  route(
    c.contentRefresh,
    async ({ req, body }) => {
      const result =
        body.user_id === undefined
          ? { ok: true as const, value: await admin.refreshAll() }
          : await admin.refreshAccount(body.user_id);
      if (!result.ok) throw result.error;
      req.log?.info(
        { adminId: caller(req).user.id, userId: body.user_id ?? null, queued: result.value.queued },
        'admin content refresh',
      );
      return result.value;
    },
    { before },
  );

  route(
    c.cacheStats,
    async () => {
      const result = await admin.cacheStats();
      if (!result.ok) throw result.error;
      return result.value;
    },
    { before },
  );

  return router;
}
