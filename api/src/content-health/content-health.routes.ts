import { Router } from 'express';
import { merchantContracts } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { contractRoutes } from '../http/route.js';
import type { ContentHealthService } from './content-health.service.js';

/** GET /api/merchant/content-health: the dashboard's reconnect banner. */
export function contentHealthRoutes(deps: { auth: AuthService; health: ContentHealthService }): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth) });
  route(merchantContracts.contentHealth, ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return deps.health.forMerchant(caller(req).user.id);
  });
  return router;
}
