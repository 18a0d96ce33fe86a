import { Router, type RequestHandler } from 'express';
import { ZAdminRefreshRequest, ZAdminUsersQuery } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin } from '../auth/auth.middleware.js';
import type { ContentService } from '../content/content.service.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import { parseInput } from '../http/validate.js';
import type { Runtime } from '../runtime.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService } from './admin.service.js';

export interface AdminRoutesDeps {
  runtime: Pick<Runtime, 'cache' | 'clock' | 'database'>;
  services: {
    auth: AuthService;
    accounts: InstagramAccountsRepository;
    content: Pick<ContentService, 'requestRefresh'>;
  };
}

/** Admin answers are about this moment and this admin: never stored by a browser or a proxy. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The admin API (spec §7 admin calls). Every route carries `requireAdmin`: the signed-in user's
 * `is_admin`, read from the database on each request, is the only authorisation (no shared secret).
 * admin.routes.test.ts walks this router and fails for any /api/admin route that lets a non-admin in.
 */
export function adminRoutes({ runtime, services }: AdminRoutesDeps): Router {
  const admin = new AdminService({
    repo: new AdminRepository(runtime.database.db),
    accounts: services.accounts,
    requestRefresh: (userId) => services.content.requestRefresh(userId),
    cache: runtime.cache,
    clock: runtime.clock,
  });
  const router = Router();
  const adminOnly = requireAdmin(services.auth);

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
