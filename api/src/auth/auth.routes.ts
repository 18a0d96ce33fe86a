import { Router, type Request, type Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { TSession, TTokenTransport } from '@app/shared';
import { authContracts as c } from '@app/shared/contracts';
import { AppError } from '../http/errors.js';
import { contractRoutes } from '../http/route.js';
import { caller, requireAuth } from './auth.middleware.js';
import { toAuthUser, type AuthService, type ClientInfo, type IssuedSession } from './auth.service.js';

export const REFRESH_COOKIE = 'lamha_refresh';
/**
 * A readable companion cookie holding no secret: it only tells the page a refresh cookie exists, so
 * anonymous visitors never send a doomed refresh request (no 401 noise, one request less per page).
 */
export const SIGNED_IN_HINT_COOKIE = 'lamha_signed_in';
/** Set at every sign-in: this browser signed in with that e-mail (it is never refused a link for it). */
export const DEVICE_COOKIE = 'lamha_device';
/** The refresh and device cookies go only to the sign-in routes (their contracts' common prefix). */
const COOKIE_PATH = '/api/auth';
/** The product's cookie lifetime; the token inside expires sooner unless it keeps being rotated. */
const COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

export interface AuthRoutesOptions {
  /** Secure cookies everywhere but plain-http localhost development. */
  secureCookies: boolean;
}

const clientInfo = (req: Request): ClientInfo => ({ ip: req.ip, userAgent: req.get('user-agent') });

export function authRoutes(auth: AuthService, options: AuthRoutesOptions): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(auth) });

  const setRefreshCookie = (res: Response, token: string) => {
    res.cookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      secure: options.secureCookies,
      sameSite: 'lax',
      path: COOKIE_PATH,
      maxAge: COOKIE_MAX_AGE_MS,
    });
    res.cookie(SIGNED_IN_HINT_COOKIE, '1', {
      secure: options.secureCookies,
      sameSite: 'lax',
      path: '/',
      maxAge: COOKIE_MAX_AGE_MS,
    });
  };
  const clearRefreshCookie = (res: Response) => {
    res.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      secure: options.secureCookies,
      sameSite: 'lax',
      path: COOKIE_PATH,
    });
    res.clearCookie(SIGNED_IN_HINT_COOKIE, { secure: options.secureCookies, sameSite: 'lax', path: '/' });
  };

  /** A session's answer: the refresh token goes in the httpOnly cookie or, for API clients, the body. */
  const sendSession = (res: Response, issued: IssuedSession, transport: TTokenTransport): TSession => {
    res.setHeader('Cache-Control', 'no-store');
    res.cookie(DEVICE_COOKIE, auth.deviceCookieFor(issued.session.user.email), {
      httpOnly: true,
      secure: options.secureCookies,
      sameSite: 'lax',
      path: COOKIE_PATH,
      maxAge: COOKIE_MAX_AGE_MS,
    });
    if (transport === 'cookie') {
      setRefreshCookie(res, issued.refreshToken);
      return issued.session;
    }
    return { ...issued.session, refresh_token: issued.refreshToken };
  };

  route(c.magicLink, async ({ req, body: input }) => {
    // A signed-in merchant (re-authenticating before a password change) is the e-mail's owner.
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const signedIn = bearer ? await auth.authenticate(bearer) : undefined;
    const result = await auth.requestMagicLink(input, clientInfo(req), {
      signedInEmail: signedIn?.ok ? signedIn.value.user.email : undefined,
      deviceCookie: parseCookies(req.get('cookie') ?? '')[DEVICE_COOKIE],
    });
    if (!result.ok) throw result.error;
    return result.value;
  });

  route(c.token, async ({ req, res, body: input }) => {
    const transport = input.transport ?? 'body';
    if (input.grant_type === 'magic_link') {
      const result = await auth.exchangeMagicLink(input.code, clientInfo(req));
      if (!result.ok) throw result.error;
      return sendSession(res, result.value, transport);
    }
    const fromCookie = parseCookies(req.get('cookie') ?? '')[REFRESH_COOKIE];
    const token = transport === 'cookie' ? fromCookie : input.refresh_token;
    if (!token) {
      if (transport === 'cookie') clearRefreshCookie(res);
      throw new AppError('invalid_refresh_token');
    }
    const result = await auth.refresh(token);
    if (!result.ok) {
      if (transport === 'cookie') clearRefreshCookie(res);
      throw result.error;
    }
    return sendSession(res, result.value, transport);
  });

  route(c.password, async ({ req, res, body: input }) => {
    const result = await auth.signInWithPassword(input, clientInfo(req));
    if (!result.ok) throw result.error;
    return sendSession(res, result.value, input.transport ?? 'body');
  });

  route(c.user, ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return { user: toAuthUser(caller(req).user) };
  });

  route(
    c.logout,
    async ({ req, res, body: { scope } }) => {
      await auth.logout(caller(req), scope);
      if (scope !== 'others') clearRefreshCookie(res);
    },
    { bodyWhenAbsent: {} },
  );

  route(c.setPassword, async ({ req, body: { password } }) => {
    const result = await auth.setPassword(caller(req), password);
    if (!result.ok) throw result.error;
    return { user: result.value };
  });

  return router;
}
