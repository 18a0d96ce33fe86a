import { Router } from 'express';
import { ZStoreLinkTokenRequest, type TStoreLink, type TStoreLinksResponse } from '@app/shared';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import type { AuthService } from '../auth/auth.service.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import type { MerchantOnboarding, StoreLinkPreview } from './onboarding.service.js';

const toStoreLink = (p: StoreLinkPreview): TStoreLink => ({
  platform: p.platform,
  store_name: p.storeName,
  store_url: p.storeUrl,
  expires_at: p.expiresAt.toISOString(),
});

/**
 * The "link this store to your account?" flow. Preview and confirm are POSTs carrying the e-mailed token
 * in the body: a mail scanner that follows the link confirms nothing, and the token stays out of URLs in
 * logs. The owner's dashboard lists its waiting requests.
 */
export function storeLinkRoutes(deps: {
  auth: AuthService;
  onboarding: Pick<MerchantOnboarding, 'previewLink' | 'confirmLink' | 'declineLink' | 'pendingLinks'>;
}): Router {
  const router = Router();

  router.post('/api/integrations/store-link/preview', async (req, res) => {
    const { token } = parseInput(ZStoreLinkTokenRequest, req.body);
    const preview = await deps.onboarding.previewLink(token);
    if (!preview)
      throw new AppError(
        400,
        'store_link_invalid',
        'This link has expired or has already been used. Install the app again from your store to get a new one.',
      );
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

  return router;
}
