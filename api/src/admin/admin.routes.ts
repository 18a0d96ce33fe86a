import { Router, type RequestHandler } from 'express';
import { ZAdminRefreshRequest, ZAdminUsersQuery } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin } from '../auth/auth.middleware.js';
import { parseInput } from '../http/validate.js';
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
  const adminOnly = requireAdmin(auth);

  router.get('/api/admin/users', adminOnly, noStore, async (req, res) => {
    const query = parseInput(ZAdminUsersQuery, req.query);
    res.json(await admin.listAccounts(query));
  });

  router.post('/api/admin/content-refresh', adminOnly, noStore, async (req, res) => {
    const body = parseInput(ZAdminRefreshRequest, req.body);
    const result =
      body.userId === undefined
        ? { ok: true as const, value: await admin.refreshAll() }
        : await admin.refreshAccount(body.userId);
    if (!result.ok) throw result.error;
    req.log?.info(
      { adminId: caller(req).user.id, userId: body.userId ?? null, queued: result.value.queued },
      'admin content refresh',
    );
    res.status(202).json(result.value);
  });

  router.get('/api/admin/cache-stats', adminOnly, noStore, async (_req, res) => {
    const result = await admin.cacheStats();
    if (!result.ok) throw result.error;
    res.json(result.value);
  });

  return router;
}
