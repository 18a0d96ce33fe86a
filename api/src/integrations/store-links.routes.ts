import { Router } from 'express';
import { ZStoreLinkTokenRequest, type TScriptFailuresResponse, type TStoreLinksResponse } from '@app/shared';
import { caller, requireAdmin, requireAuth } from '../auth/auth.middleware.js';
import type { AuthService } from '../auth/auth.service.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { toStoreLink, type MerchantOnboarding } from './onboarding.service.js';
import type { ZidUpkeep } from './zid/zid-upkeep.service.js';

/**
 * The "link this store to your account?" flow. Preview and confirm are POSTs carrying the e-mailed token
 * in the body: a mail scanner that follows the link confirms nothing, and the token stays out of URLs in
 * logs. The owner's dashboard lists its waiting requests.
 */
export function storeLinkRoutes(deps: {
  auth: AuthService;
  onboarding: Pick<
    MerchantOnboarding,
    'previewLink' | 'confirmLink' | 'declineLink' | 'pendingLinks' | 'connectionStatus'
  >;
  zidUpkeep: Pick<ZidUpkeep, 'retryScriptFor' | 'scriptFailures'>;
}): Router {
  const router = Router();

  router.post('/api/integrations/store-link/preview', async (req, res) => {
    const { token } = parseInput(ZStoreLinkTokenRequest, req.body);
    const preview = await deps.onboarding.previewLink(token);
    if (!preview) throw new AppError('store_link_invalid');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ link: toStoreLink(preview) });
  });

  router.post('/api/integrations/store-link/confirm', async (req, res) => {
    const { token } = parseInput(ZStoreLinkTokenRequest, req.body);
    const result = await deps.onboarding.confirmLink(token);
    if (!result.ok) throw result.error;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ link: toStoreLink(result.value) });
  });

  router.post('/api/integrations/store-link/decline', async (req, res) => {
    const { token } = parseInput(ZStoreLinkTokenRequest, req.body);
    await deps.onboarding.declineLink(token);
    res.status(204).end();
  });

  router.get('/api/merchant/store-links', requireAuth(deps.auth), async (req, res) => {
    const links = await deps.onboarding.pendingLinks(caller(req).user.id);
    const body: TStoreLinksResponse = { links: links.map(toStoreLink) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  // The embed tab: the store connection's real state, and "Try again" for Zid's storefront script.
  router.get('/api/merchant/store-connection', requireAuth(deps.auth), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await deps.onboarding.connectionStatus(caller(req).user.id));
  });

  router.post('/api/merchant/store-connection/script/retry', requireAuth(deps.auth), async (req, res) => {
    const userId = caller(req).user.id;
    await deps.zidUpkeep.retryScriptFor(userId);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await deps.onboarding.connectionStatus(userId));
  });

  router.get('/api/admin/integrations/script-failures', requireAdmin(deps.auth), async (_req, res) => {
    const body: TScriptFailuresResponse = { failures: await deps.zidUpkeep.scriptFailures() };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  return router;
}
