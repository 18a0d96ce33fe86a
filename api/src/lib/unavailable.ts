/**
 * Whether an error means a backing service (PostgreSQL, Redis) cannot be reached right now, as opposed to a
 * bug or a bad query: such a request is answered 503 `service_unavailable` with Retry-After, never 500, and
 * the cron process skips its tick. Drizzle wraps the driver's error in `cause`, so the whole chain is read.
 */

/** Socket-level failures Node reports in `code`. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is gone or not taking connections: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres and pg-pool (no code) and node-redis (error class names) say when the link is gone. */
const MESSAGES = [
  /^Connection terminated/i, // pg: "Connection terminated unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/i, // pg-pool
  /^Client has encountered a connection error and is not queryable/i, // pg
  /^Cannot use a pool after calling end on the pool/i,
  /^The client is closed/i, // node-redis ClientClosedError
  /^Socket closed unexpectedly/i, // node-redis SocketClosedUnexpectedlyError
  /^Connection timeout/i, // node-redis ConnectionTimeoutError
];
const REDIS_ERROR_NAMES = new Set([
  'ClientClosedError',
  'ClientOfflineError',
  'SocketClosedUnexpectedlyError',
  'ConnectionTimeoutError',
  'ReconnectStrategyError',
]);

export function isUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof e.code === 'string') {
      if (SOCKET_CODES.has(e.code) || POSTGRES_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))
        return true;
    }
    if (typeof e.name === 'string' && REDIS_ERROR_NAMES.has(e.name)) return true;
    if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
    // An AggregateError (a connection tried on IPv4 and IPv6) holds the socket errors in `errors`.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailableError(inner))) return true;
    current = e.cause;
  }
  return false;
}
