import { Router } from 'express';
import { storeContracts as c } from '@app/shared/contracts';
import { caller, requireAdmin, requireAuth } from '../auth/auth.middleware.js';
import type { AuthService } from '../auth/auth.service.js';
import { AppError } from '../http/errors.js';
import { contractRoutes } from '../http/route.js';
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

  const route = contractRoutes(router, { merchant: requireAuth(deps.auth), admin: requireAdmin(deps.auth) });

  route(c.storeLinkPreview, async ({ res, body: { token } }) => {
    const preview = await deps.onboarding.previewLink(token);
    if (!preview) throw new AppError('store_link_invalid');
    res.setHeader('Cache-Control', 'no-store');
    return { link: toStoreLink(preview) };
  });

  route(c.storeLinkConfirm, async ({ res, body: { token } }) => {
    const result = await deps.onboarding.confirmLink(token);
    if (!result.ok) throw result.error;
    res.setHeader('Cache-Control', 'no-store');
    return { link: toStoreLink(result.value) };
  });

  route(c.storeLinkDecline, async ({ body: { token } }) => {
    await deps.onboarding.declineLink(token);
  });

  route(c.storeLinks, async ({ req, res }) => {
    const links = await deps.onboarding.pendingLinks(caller(req).user.id);
    res.setHeader('Cache-Control', 'no-store');
    return { links: links.map(toStoreLink) };
  });

  // The embed tab: the store connection's real state, and "Try again" for Zid's storefront script.
  route(c.storeConnection, ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return deps.onboarding.connectionStatus(caller(req).user.id);
  });

  route(c.retryScript, async ({ req, res }) => {
    const userId = caller(req).user.id;
    await deps.zidUpkeep.retryScriptFor(userId);
    res.setHeader('Cache-Control', 'no-store');
    return deps.onboarding.connectionStatus(userId);
  });

  route(c.adminScriptFailures, async ({ res }) => {
    const body = { failures: await deps.zidUpkeep.scriptFailures() };
    res.setHeader('Cache-Control', 'no-store');
    return body;
  });

  return router;
}
