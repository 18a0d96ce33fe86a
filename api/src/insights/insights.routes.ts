import { Router } from 'express';
import { ZInsightsQuery, type TInsights } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { parseInput } from '../http/validate.js';
import type { InsightsService } from './insights.service.js';

/** The dashboard's Insights: GET /api/merchant/insights?days=7|30|90. */
export function insightsRoutes(deps: { auth: AuthService; insights: InsightsService }): Router {
  const router = Router();
  router.get('/api/merchant/insights', requireAuth(deps.auth), async (req, res) => {
    const { days } = parseInput(ZInsightsQuery, req.query);
    const body: TInsights = await deps.insights.insights(caller(req).user.id, days);
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
  return router;
}
