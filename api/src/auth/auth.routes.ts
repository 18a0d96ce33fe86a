import { Router, type Request, type Response } from 'express';
import { parse as parseCookies } from 'cookie';
import {
  ZLogoutRequest,
  ZMagicLinkRequest,
  ZPasswordSignIn,
  ZSetPasswordRequest,
  ZTokenRequest,
  type TSession,
  type TTokenTransport,
} from '@app/shared';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
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

  /** Answers a session: the refresh token goes in the httpOnly cookie or, for API clients, the body. */
  const sendSession = (res: Response, issued: IssuedSession, transport: TTokenTransport) => {
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
      const body: TSession = issued.session;
      res.json(body);
    } else {
      const body: TSession = { ...issued.session, refresh_token: issued.refreshToken };
      res.json(body);
    }
  };

  router.post('/api/auth/magic-link/request', async (req, res) => {
    const input = parseInput(ZMagicLinkRequest, req.body);
    // A signed-in merchant (re-authenticating before a password change) is the e-mail's owner.
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const signedIn = bearer ? await auth.authenticate(bearer) : undefined;
    const result = await auth.requestMagicLink(input, clientInfo(req), {
      signedInEmail: signedIn?.ok ? signedIn.value.user.email : undefined,
      deviceCookie: parseCookies(req.get('cookie') ?? '')[DEVICE_COOKIE],
    });
    if (!result.ok) throw result.error;
    res.json(result.value);
  });

  router.post('/api/auth/token', async (req, res) => {
    const input = parseInput(ZTokenRequest, req.body);
    const transport = input.transport ?? 'body';
    if (input.grant_type === 'magic_link') {
      const result = await auth.exchangeMagicLink(input.code, clientInfo(req));
      if (!result.ok) throw result.error;
      sendSession(res, result.value, transport);
      return;
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
    sendSession(res, result.value, transport);
  });

  router.post('/api/auth/password', async (req, res) => {
    const input = parseInput(ZPasswordSignIn, req.body);
    const result = await auth.signInWithPassword(input, clientInfo(req));
    if (!result.ok) throw result.error;
    sendSession(res, result.value, input.transport ?? 'body');
  });

  router.get('/api/auth/user', requireAuth(auth), (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ user: toAuthUser(caller(req).user) });
  });

  router.post('/api/auth/logout', requireAuth(auth), async (req, res) => {
    const { scope } = parseInput(ZLogoutRequest, req.body ?? {});
    await auth.logout(caller(req), scope);
    if (scope !== 'others') clearRefreshCookie(res);
    res.status(204).end();
  });

  router.post('/api/auth/set-password', requireAuth(auth), async (req, res) => {
    const { password } = parseInput(ZSetPasswordRequest, req.body);
    const result = await auth.setPassword(caller(req), password);
    if (!result.ok) throw result.error;
    res.json({ user: result.value });
  });

  return router;
}
