import { Router } from 'express';
import { z } from 'zod';
import type { Logger } from '../../lib/logger.js';
import { webhookEndpoint } from '../webhook-inbox.routes.js';
import type { WebhookInbox } from '../webhook-inbox.service.js';
import type { ZidOAuth } from './zid-oauth.service.js';

/** Zid's webhook (mount before the JSON body parser) and its OAuth install and callback. */
export function zidRoutes(deps: { inbox: WebhookInbox; oauth: ZidOAuth; logger: Logger }): Router {
  const router = Router();

  router.post('/api/integrations/zid/webhook/:secret', ...webhookEndpoint(deps.inbox, 'zid', deps.logger));

  router.get('/api/integrations/zid/install', async (_req, res) => {
    const url = await deps.oauth.installUrl();
    if (!url.ok) throw url.error;
    res.redirect(302, url.value);
  });

  router.get('/api/integrations/zid/callback', async (req, res) => {
    const query = z
      .object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(4000) })
      .safeParse(req.query);
    if (!query.success) {
      res.redirect(
        302,
        `/login?error=auth_exception&message=${encodeURIComponent('The Zid installation did not finish. Please try again from Zid.')}`,
      );
      return;
    }
    const result = await deps.oauth.callback(query.data.code, query.data.state);
    if (!result.ok) {
      res.redirect(302, `/login?error=auth_exception&message=${encodeURIComponent(result.error.message)}`);
      return;
    }
    // A one-time sign-in link: the merchant lands signed in on the dashboard.
    res.redirect(302, result.value);
  });

  return router;
}
