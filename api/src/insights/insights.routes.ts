import { Router } from 'express';
import { merchantContracts } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { contractRoutes } from '../http/route.js';
import type { InsightsService } from './insights.service.js';

/** The dashboard's Insights: GET /api/merchant/insights?days=7|30|90. */
export function insightsRoutes(deps: { auth: AuthService; insights: InsightsService }): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth) });
  route(merchantContracts.insights, async ({ req, res, query }) => {
    const body = await deps.insights.insights(caller(req).user.id, query.days);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  });
  return router;
}
