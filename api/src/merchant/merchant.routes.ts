import { Router } from 'express';
import { ZSettingsUpdate, ZSubscriptionChange } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { parseInput } from '../http/validate.js';
import type { MerchantService } from './merchant.service.js';

export function merchantRoutes(deps: { auth: AuthService; merchant: MerchantService }): Router {
  const router = Router();
  const signedIn = requireAuth(deps.auth);

  router.get('/api/merchant', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await deps.merchant.get(caller(req).user));
  });

  router.put('/api/merchant/settings', signedIn, async (req, res) => {
    const input = parseInput(ZSettingsUpdate, req.body);
    const result = await deps.merchant.saveSettings(caller(req).user, input);
    if (!result.ok) throw result.error;
    res.json(result.value);
  });

  router.post('/api/user/subscription', signedIn, async (req, res) => {
    const { tierId } = parseInput(ZSubscriptionChange, req.body);
    const result = await deps.merchant.changePlan(caller(req).user, tierId);
    if (!result.ok) throw result.error;
    res.json(result.value);
  });

  return router;
}
