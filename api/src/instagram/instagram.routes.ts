import express, { Router } from 'express';
import { parse as parseCookies } from 'cookie';
import { INVALID_CHARACTERS_CODE, isInvalidCharactersError } from '@app/shared';
import { facebookContracts, instagramContracts } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { ANSWERED, contractRoutes } from '../http/route.js';
import { escapeHtml } from '../lib/html.js';
import { CONNECT_COOKIE, type InstagramConnect } from './instagram-connect.service.js';

const signedRequestBody = express.urlencoded({ extended: false, limit: '16kb' });

/** Connect with Instagram, its callback, the connection's state, and Meta's two callbacks. */
/**
 * A Meta login's connect routes under `/api/<provider>/`: start (the authorize URL, a browser-bound nonce
 * cookie), the callback, the connection's state, and disconnect. Instagram Login and Facebook Login share
 * them; only the provider's name differs.
 */
export function metaConnectRoutes(deps: {
  auth: AuthService;
  connect: InstagramConnect;
  secureCookies: boolean;
}): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth) });
  const provider = deps.connect.provider;
  const c = provider === 'facebook' ? facebookContracts : instagramContracts;
  const cookie = provider === 'instagram' ? CONNECT_COOKIE : `lamha_${provider}_connect`;
  const cookieOptions = {
    httpOnly: true,
    secure: deps.secureCookies,
    // Meta sends the browser back with a top-level GET, which Lax cookies accompany.
    sameSite: 'lax' as const,
    path: deps.connect.callbackPath,
  };

  route(c.connect, async ({ req, res }) => {
    const started = await deps.connect.start(caller(req).user.id);
    if (!started.ok) throw new AppError(`${provider}_not_configured`);
    res.cookie(cookie, started.value.browserNonce, { ...cookieOptions, maxAge: 600_000 });
    res.setHeader('Cache-Control', 'no-store');
    return { url: started.value.url };
  });

  // A bad query is sent back to the dashboard with a code, not answered 400.
  route(
    c.callback,
    async ({ req, res }) => {
      const query = c.callback.query.safeParse(req.query);
      const nonce = parseCookies(req.get('cookie') ?? '')[cookie];
      res.clearCookie(cookie, cookieOptions);
      res.setHeader('Cache-Control', 'no-store');
      if (!query.success) {
        res.redirect(302, `/dashboard?${provider}=error&code=state_invalid`);
        return ANSWERED;
      }
      res.redirect(302, await deps.connect.callback(query.data, nonce));
      return ANSWERED;
    },
    { own: ['query'] },
  );

  route(c.connection, async ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return deps.connect.connection(caller(req).user.id);
  });

  route(c.disconnect, async ({ req }) => {
    const disconnected = await deps.connect.disconnect(caller(req).user.id);
    return { disconnected };
  });

  return router;
}

/** Connect with Instagram, its callback, the connection's state, and Meta's two callbacks. */
export function instagramRoutes(deps: {
  auth: AuthService;
  connect: InstagramConnect;
  secureCookies: boolean;
}): Router {
  const router = Router();
  router.use(metaConnectRoutes(deps));
  const route = contractRoutes(router);
  const c = instagramContracts;
  const before = [signedRequestBody];

  const verified = async (signed_request: string) => {
    const request = await deps.connect.acceptSignedRequest(signed_request);
    if (!request) throw new AppError('invalid_signed_request');
    return request;
  };

  route(
    c.deauthorize,
    async ({ body }) => {
      await deps.connect.deauthorize(await verified(body.signed_request));
      return { ok: true as const };
    },
    { before },
  );

  route(c.dataDeletion, async ({ body }) => deps.connect.deleteData(await verified(body.signed_request)), {
    before,
  });

  // Checked before the database sees it (PostgreSQL refuses NUL); the answer and the log carry the
  // table's message only, never the value sent.
  route(
    c.dataDeletionStatus,
    async ({ req, res }) => {
      const query = c.dataDeletionStatus.query.safeParse(req.query);
      if (!query.success)
        throw new AppError(isInvalidCharactersError(query.error) ? INVALID_CHARACTERS_CODE : 'invalid_input');
      const found = await deps.connect.deletionStatus(query.data.code);
      res.setHeader('Cache-Control', 'no-store');
      res.status(found ? 200 : 404).type('html').send(`<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Data deletion · حذف البيانات</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#1f2937;line-height:1.6}
.en{direction:ltr;text-align:left;border-top:1px solid #e5e7eb;margin-top:24px;padding-top:16px}code{background:#f3f4f6;padding:2px 6px;border-radius:6px}</style>
</head><body>
${
  found && found.accounts === 0
    ? `<h1>لا توجد بيانات لهذا الحساب لدينا</h1>
<p>رمز التأكيد <code id="code">${escapeHtml(found.confirmationCode)}</code>: لم نجد لدينا أي بيانات مرتبطة بحساب إنستغرام هذا، فلم يكن هناك ما يُحذف.</p>
<div class="en"><h2>We held no data for this account</h2>
<p id="status" data-status="${escapeHtml(found.status)}" data-accounts="0">Confirmation code <code>${escapeHtml(found.confirmationCode)}</code>: we found no data linked to this Instagram account, so there was nothing to delete (${escapeHtml(found.status)}, ${escapeHtml(found.completedAt?.toISOString() ?? '')}).</p></div>`
    : found
      ? `<h1>تم حذف بياناتك</h1>
<p>رمز التأكيد <code id="code">${escapeHtml(found.confirmationCode)}</code>: حُذفت رموز الوصول والمحتوى ومراجع الوسائط لحساب إنستغرام هذا في ${escapeHtml(found.completedAt?.toISOString() ?? found.requestedAt.toISOString())}.</p>
<div class="en"><h2>Your data was deleted</h2>
<p id="status" data-status="${escapeHtml(found.status)}" data-accounts="${found.accounts}">Confirmation code <code>${escapeHtml(found.confirmationCode)}</code>: the access tokens, content and media references of this Instagram account were deleted (${escapeHtml(found.status)}, ${escapeHtml(found.completedAt?.toISOString() ?? '')}).</p></div>`
      : `<h1>لم نجد هذا الطلب</h1><div class="en"><h2>No deletion request with this code</h2></div>`
}
</body></html>`);
      return ANSWERED;
    },
    { own: ['query'] },
  );

  return router;
}
