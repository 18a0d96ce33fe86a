import type { RequestHandler } from 'express';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors.js';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

/**
 * The one guard for development-only routes (dev mailbox, dev checkout, demo store): they answer only
 * callers on this machine, whatever HOST the server listens on. The socket's own address decides, never
 * a forwarded header, so neither TRUST_PROXY nor a forgotten NODE_ENV=production shows them to anyone
 * else. Everyone else gets the same 404 as an unknown route.
 */
export const loopbackOnly: RequestHandler = (req, _res, next) => {
  if (!isLoopbackAddress(req.socket.remoteAddress)) {
    throw new AppError('not_found', `No route for ${req.method} ${req.path}`);
  }
  next();
};
