import { Router, type RequestHandler } from 'express';
import { parse as parseCookies } from 'cookie';
import { storeContracts as c } from '@app/shared/contracts';
import { ANSWERED, contractRoutes } from '../../http/route.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { receiveWebhook, webhookRawBody } from '../webhook-inbox.routes.js';
import type { WebhookInbox } from '../webhook-inbox.service.js';
import { ZID_STATE_TTL_SECONDS, type ZidOAuth } from './zid-oauth.service.js';

/** Zid's webhook (mount before the JSON body parser) and its OAuth install and callback. */
/** Holds the install's browser nonce between /install and the callback. */
export const ZID_INSTALL_COOKIE = 'lamha_zid_install';

export function zidRoutes(deps: {
  inbox: WebhookInbox;
  jobs: Pick<JobQueue, 'enqueue'>;
  oauth: ZidOAuth;
  secureCookies: boolean;
}): Router {
  const router = Router();

  const route = contractRoutes(router);

  // The URL's secret proves the delivery; the inbox checks and reads the body, tolerantly (own: body).
  const receive = receiveWebhook(deps.inbox, 'zid', deps.jobs);
  route(c.zidWebhook, receive, { before: [webhookRawBody], own: ['body'] });
  // A store's product events: Zid posts the bare product; the event and the store are in the URL we
  // registered, so the delivery is recorded as {event, store_id, data: product}.
  const wrapProduct: RequestHandler = (req, _res, next) => {
    try {
      const product = JSON.parse((req.body as Buffer).toString('utf8')) as unknown;
      req.body = Buffer.from(
        JSON.stringify({ event: req.params.event, store_id: req.params.store_id, data: product }),
      );
    } catch {
      // Not JSON: the inbox refuses it as it is.
    }
    next();
  };
  route(c.zidStoreWebhook, receive, { before: [webhookRawBody, wrapProduct] });

  route(c.zidInstall, async ({ res }) => {
    const install = await deps.oauth.installUrl();
    if (!install.ok) {
      // A person followed "Install on Zid" here: without the Zid app, the page on adding the widget by hand.
      if (install.error.code === 'zid_not_configured') {
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(302, '/install/zid');
        return ANSWERED;
      }
      throw install.error;
    }
    // Binds the state to this browser: the callback must come back with this cookie.
    res.cookie(ZID_INSTALL_COOKIE, install.value.browserNonce, {
      httpOnly: true,
      secure: deps.secureCookies,
      sameSite: 'lax',
      path: '/api/integrations/zid',
      maxAge: ZID_STATE_TTL_SECONDS * 1000,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, install.value.url);
    return ANSWERED;
  });

  // A bad query is not a 400 here: the person is sent back to sign in with the message (own: query).
  route(
    c.zidCallback,
    async ({ req, res, query: raw }) => {
      const query = c.zidCallback.query.safeParse(raw);
      if (!query.success) {
        res.redirect(
          302,
          `/login?error=auth_exception&message=${encodeURIComponent('The Zid installation did not finish. Please try again from Zid.')}`,
        );
        return ANSWERED;
      }
      const nonce = parseCookies(req.get('cookie') ?? '')[ZID_INSTALL_COOKIE];
      res.clearCookie(ZID_INSTALL_COOKIE, {
        httpOnly: true,
        secure: deps.secureCookies,
        sameSite: 'lax',
        path: '/api/integrations/zid',
      });
      const result = await deps.oauth.callback(query.data.code, query.data.state, nonce);
      if (!result.ok) {
        res.redirect(302, `/login?error=auth_exception&message=${encodeURIComponent(result.error.message)}`);
        return ANSWERED;
      }
      // A new account: a one-time sign-in link to the dashboard. An existing one: the dashboard (sign-in
      // required) or, while its owner has not confirmed the link, the "check the e-mail" page.
      res.redirect(302, result.value.redirect);
      return ANSWERED;
    },
    { own: ['query'] },
  );

  return router;
}
