import { Router } from 'express';
import { loopbackOnly } from '../http/loopback-only.js';
import { AppError } from '../http/errors.js';
import { facebookContracts, instagramContracts } from '@app/shared/contracts';
import { ANSWERED, contractRoutes } from '../http/route.js';
import { escapeHtml } from '../lib/html.js';
import { DevInstagramLogin } from './dev-instagram-login.js';
import { parseInstagramUsername } from '@app/shared';

const DEMO_ACCOUNTS = ['lamha_store', 'oud_house', 'riyadh_coffee', 'personal_demo'];

/**
 * The dev consent page: Instagram's authorize window on a machine without Instagram credentials (never in
 * production, loopback only). The tester picks a demo account or denies; the browser goes back to our
 * callback exactly as Instagram would send it.
 */
export function devInstagramRoutes(deps: {
  login: DevInstagramLogin;
  callbackUrl: string;
  /** Which login window the page stands in for: Instagram Login's, or Facebook Login for Business's. */
  provider?: 'instagram' | 'facebook';
}): Router {
  const router = Router();
  const provider = deps.provider ?? 'instagram';
  const c = provider === 'facebook' ? facebookContracts : instagramContracts;
  const route = contractRoutes(router, { dev: loopbackOnly });
  const decide = escapeHtml(c.devDecide.path);
  const page =
    provider === 'facebook'
      ? {
          title: 'Dev Facebook consent',
          note: 'Dev consent page: stands in for Facebook Login for Business on this machine (no FACEBOOK_APP_ID). Pick the Instagram account linked to your Facebook Page; its stories are generated sample content.',
          ask: 'Allow Lamha to read the stories of the Instagram account linked to your Page?',
          colour: '#1877f2',
        }
      : {
          title: 'Dev Instagram consent',
          note: "Dev consent page: stands in for Instagram's login on this machine (no INSTAGRAM_APP_ID). Content is generated sample content.",
          ask: 'Allow Lamha to read your profile and media?',
          colour: '#c13584',
        };

  route(c.devAuthorize, ({ res, query: q }) => {
    if (q.redirect_uri !== deps.callbackUrl) throw new AppError('invalid_redirect_uri');
    const hidden = `<input type="hidden" name="redirect_uri" value="${escapeHtml(q.redirect_uri)}"><input type="hidden" name="state" value="${escapeHtml(q.state)}">`;
    const accounts = DEMO_ACCOUNTS.map(
      (u) =>
        `<form method="get" action="${decide}">${hidden}<input type="hidden" name="username" value="${u}"><button type="submit" data-username="${u}">@${u}${u.startsWith('personal_') ? ' (personal account)' : ''}</button></form>`,
    ).join('\n');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title}</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:440px;margin:40px auto;padding:0 16px;color:#1f2937}
.card{border:1px solid #e5e7eb;border-radius:14px;padding:20px}.note{font-size:13px;color:#6b7280}
button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:10px 16px;cursor:pointer;margin:4px 0;width:100%;background:${page.colour};color:#fff}
.deny{background:#fee2e2;color:#991b1b}input[type=text]{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:8px 0}</style>
</head><body><div class="card">
<p class="note">${page.note}</p>
<h1>${page.ask}</h1>
${accounts}
<form method="get" action="${decide}">${hidden}<input type="text" name="username" placeholder="another demo username" aria-label="username"><button type="submit">Use this account</button></form>
<form method="get" action="${decide}">${hidden}<input type="hidden" name="deny" value="1"><button class="deny" type="submit" id="deny">Deny</button></form>
</div></body></html>`);
    return ANSWERED;
  });

  route(c.devDecide, ({ res, query: q }) => {
    if (q.redirect_uri !== deps.callbackUrl) throw new AppError('invalid_redirect_uri');
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    const username = q.username ? parseInstagramUsername(q.username) : undefined;
    if (q.deny || !username) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'The user denied your request.');
    } else {
      back.searchParams.set('code', DevInstagramLogin.codeFor(username));
    }
    res.redirect(302, back.toString());
    return ANSWERED;
  });

  /** Revokes a demo account's tokens, as removing the app on Instagram would (for reconnect tests). */
  route(c.devRevoke, ({ body: { username } }) => {
    deps.login.revoke(username);
    return { revoked: username };
  });

  return router;
}
