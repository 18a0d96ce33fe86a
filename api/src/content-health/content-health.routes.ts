import { Router } from 'express';
import type { TContentHealth } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import type { ContentHealthService } from './content-health.service.js';

/** GET /api/merchant/content-health: the dashboard's reconnect banner. */
export function contentHealthRoutes(deps: { auth: AuthService; health: ContentHealthService }): Router {
  const router = Router();
  router.get('/api/merchant/content-health', requireAuth(deps.auth), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: TContentHealth = await deps.health.forMerchant(caller(req).user.id);
    res.json(body);
  });
  return router;
}
