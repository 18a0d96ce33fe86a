import { Router } from 'express';
import { storeContracts as c } from '@app/shared/contracts';
import { ANSWERED, contractRoutes } from '../../http/route.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { receiveWebhook, webhookRawBody } from '../webhook-inbox.routes.js';
import type { WebhookInbox } from '../webhook-inbox.service.js';

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

/** Salla's webhook (mount before the JSON body parser) and the storefront snippet. */
export function sallaRoutes(deps: {
  inbox: WebhookInbox;
  jobs: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
}): Router {
  const router = Router();
  const route = contractRoutes(router);

  // Signed over the raw bytes: the inbox checks and reads the body, tolerantly (own: body).
  route(c.sallaWebhook, receiveWebhook(deps.inbox, 'salla', deps.jobs), {
    before: [webhookRawBody],
    own: ['body'],
  });

  route(c.sallaSnippet, ({ res }) => {
    res.type('application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Loaded by store pages on Salla's domains: helmet's same-origin resource policy would block it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.send(sallaSnippet(deps.appUrl.replace(/\/$/, '')));
    return ANSWERED;
  });

  return router;
}
