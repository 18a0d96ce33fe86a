import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../lib/logger.js';
import type { IntegrationsService } from './integrations.service.js';

const rawBody = express.raw({ type: () => true, limit: '512kb' });

/**
 * The storefront snippet for Salla's App Snippets: plain JavaScript that waits for the storefront's
 * `salla` object, reads the store id and loads our widget for it. It never throws into the store.
 */
export function sallaSnippet(origin: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  var done = false;
  function load() {
    try {
      if (done) return;
      var salla = window.salla;
      var id = salla && salla.config && typeof salla.config.get === 'function' ? salla.config.get('store.id', '') : '';
      if (!id) return;
      done = true;
      var s = document.createElement('script');
      s.src = origin + '/widget.js?store=' + encodeURIComponent(String(id)) + '&platform=salla';
      s.async = true;
      (document.body || document.documentElement).appendChild(s);
    } catch (e) {}
  }
  function wait(tries) {
    try {
      if (window.salla && typeof window.salla.onReady === 'function') return window.salla.onReady(load);
    } catch (e) {}
    if (tries > 0) setTimeout(function () { wait(tries - 1); }, 250);
  }
  wait(40);
})();
`;
}

/** Must be mounted before the JSON body parser: webhook signatures are over the raw bytes. */
export function integrationRoutes(deps: {
  integrations: IntegrationsService;
  logger: Logger;
  appUrl: string;
}): Router {
  const router = Router();
  const { integrations, logger } = deps;

  const accept = async (platform: 'salla' | 'zid', req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const received = await integrations.receive(platform, raw);
    if (!received.ok) throw received.error;
    // Answer at once (platforms retry after ~30 s without a 2xx); process after the answer.
    res
      .status(received.value.duplicate ? 200 : 202)
      .json({ status: received.value.duplicate ? 'duplicate' : 'accepted' });
    if (!received.value.duplicate) {
      setImmediate(() => {
        integrations
          .process(received.value.id)
          .catch((err: unknown) => logger.error({ err }, 'webhook processing crashed'));
      });
    }
  };

  router.post('/api/integrations/salla/webhook', rawBody, async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const ok = integrations.verifySalla(raw, {
      signature: req.get('x-salla-signature'),
      authorization: req.get('authorization'),
    });
    if (!ok) {
      res
        .status(401)
        .json({ error: { code: 'invalid_signature', message: 'The webhook could not be verified.' } });
      return;
    }
    await accept('salla', req, res);
  });

  router.post('/api/integrations/zid/webhook/:secret', rawBody, async (req, res) => {
    if (!integrations.verifyZidSecret(String(req.params.secret))) {
      res
        .status(401)
        .json({ error: { code: 'invalid_secret', message: 'The webhook could not be verified.' } });
      return;
    }
    await accept('zid', req, res);
  });

  router.get('/api/integrations/zid/install', async (_req, res) => {
    const url = await integrations.zidInstallUrl();
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
    const result = await integrations.zidCallback(query.data.code, query.data.state);
    if (!result.ok) {
      res.redirect(302, `/login?error=auth_exception&message=${encodeURIComponent(result.error.message)}`);
      return;
    }
    // A one-time sign-in link: the merchant lands signed in on the dashboard.
    res.redirect(302, result.value);
  });

  router.get('/integrations/salla/snippet.js', (_req, res) => {
    res.type('application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Loaded by store pages on Salla's domains: helmet's same-origin resource policy would block it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.send(sallaSnippet(deps.appUrl.replace(/\/$/, '')));
  });

  return router;
}
