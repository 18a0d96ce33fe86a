import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../http/errors.js';
import type { Authenticated, AuthService } from './auth.service.js';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: Authenticated;
  }
}

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** Requires a valid, unrevoked access token; sets `req.auth`. 401 otherwise. */
export function requireAuth(auth: AuthService): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('unauthorized');
    const result = await auth.authenticate(token);
    if (!result.ok) throw result.error;
    req.auth = result.value;
    next();
  };
}

/**
 * Requires a signed-in admin: 401 signed out, 403 signed in without the role. The role is read from the
 * database on every request, so revoking it takes effect at once.
 */
export function requireAdmin(auth: AuthService): RequestHandler {
  const authenticate = requireAuth(auth);
  return async (req: Request, res: Response, next: NextFunction) => {
    await authenticate(req, res, () => undefined);
    if (req.auth?.user.isAdmin !== true) throw new AppError('forbidden');
    next();
  };
}

/** The authenticated caller of a route behind requireAuth. */
export function caller(req: Request): Authenticated {
  if (!req.auth) throw new AppError('unauthorized');
  return req.auth;
}
