import type { IncomingMessage } from 'node:http';
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
 * Headers a reverse proxy or tunnel adds (nginx, Caddy, Cloudflare, ngrok, the standard `Forwarded`).
 * A request that carries one came from further away than its socket says.
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
] as const;

export function cameThroughProxy(req: Pick<IncomingMessage, 'headers'>): boolean {
  return PROXY_HEADERS.some((name) => req.headers[name] !== undefined);
}

/**
 * A caller on this machine itself: a loopback socket and no sign of a proxy in front. A reverse proxy or
 * tunnel on the same host connects from loopback too; its forwarding headers give it away.
 */
export function isLocalCaller(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && !cameThroughProxy(req);
}

/**
 * The one guard for development-only routes (dev mailbox, dev checkout, demo store): they answer only
 * callers on this machine, whatever HOST the server listens on. The socket's own address decides, never
 * a forwarded header, so neither TRUST_PROXY nor a forgotten NODE_ENV=production shows them to anyone
 * else; a request with forwarding headers is refused even from loopback (a proxy on this host).
 * Everyone else gets the same 404 as an unknown route.
 */
export const loopbackOnly: RequestHandler = (req, _res, next) => {
  if (!isLocalCaller(req)) {
    throw new AppError('not_found', `No route for ${req.method} ${req.path}`);
  }
  next();
};
