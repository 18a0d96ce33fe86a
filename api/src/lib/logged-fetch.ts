import type { Logger } from './logger.js';

type Fetch = typeof fetch;
/** The outside call itself: our clients always pass the URL as a string. */
type FetchByUrl = (input: string, init?: RequestInit) => Promise<Response>;

const hrefOf = (input: Parameters<Fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * A fetch that logs every outside call (host, path, method, status, time; never the query, where
 * tokens travel), at debug when it succeeds and info when it fails. Lines carry the request id of the
 * request or cron tick that made the call (see request-context.ts).
 */
export function loggedFetch(logger: Logger, inner: FetchByUrl = (input, init) => fetch(input, init)): Fetch {
  return async (input, init) => {
    const href = hrefOf(input);
    const url = new URL(href);
    const call = { host: url.host, path: url.pathname, method: init?.method ?? 'GET' };
    const started = performance.now();
    try {
      const res = await inner(href, init);
      const ms = Math.round(performance.now() - started);
      if (res.ok) logger.debug({ ...call, status: res.status, ms }, 'outgoing call');
      else logger.info({ ...call, status: res.status, ms }, 'outgoing call failed');
      return res;
    } catch (err) {
      logger.info({ ...call, err, ms: Math.round(performance.now() - started) }, 'outgoing call failed');
      throw err;
    }
  };
}
