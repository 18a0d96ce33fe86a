import type { CacheKey, CachePort } from '../cache/cache.port.js';
import type { Logger } from '../lib/logger.js';
import type { MailMessage, MailPort } from '../mail/mail.port.js';
import { cacheLookups, mailMessages } from './metrics.js';

/** The cache, counting reads by key family (`widget`, `ratelimit`, …) and whether they hit. */
export function countingCache(cache: CachePort): CachePort {
  const counters = new Map<string, { hit: { inc(): void }; miss: { inc(): void } }>();
  const countersOf = (key: CacheKey) => {
    const colon = key.indexOf(':');
    const family = colon > 0 ? key.slice(0, colon) : 'other';
    let found = counters.get(family);
    if (!found) {
      found = { hit: cacheLookups.labels(family, 'hit'), miss: cacheLookups.labels(family, 'miss') };
      counters.set(family, found);
    }
    return found;
  };
  return {
    kind: cache.kind,
    get: async <T>(key: CacheKey): Promise<T | undefined> => {
      const value = await cache.get<T>(key);
      const c = countersOf(key);
      (value === undefined ? c.miss : c.hit).inc();
      return value;
    },
    set: (key, value, ttlSeconds) => cache.set(key, value, ttlSeconds),
    del: (key) => cache.del(key),
    increment: (key, ttlSeconds, by) => cache.increment(key, ttlSeconds, by),
    countAttempt: (key, ttlSeconds) => cache.countAttempt(key, ttlSeconds),
    stats: () => cache.stats(),
    ping: () => cache.ping(),
    close: () => cache.close(),
  };
}

/** The mailer, counting messages sent and failed and logging each (with the request id). */
export function countingMailer(mailer: MailPort, logger: Logger): MailPort {
  const send = async (message: MailMessage): Promise<void> => {
    const started = performance.now();
    try {
      await mailer.send(message);
      mailMessages.labels('sent').inc();
      logger.info({ transport: mailer.kind, ms: Math.round(performance.now() - started) }, 'mail sent');
    } catch (err) {
      mailMessages.labels('failed').inc();
      logger.warn({ transport: mailer.kind, err }, 'mail failed');
      throw err;
    }
  };
  // A proxy, not a copy: the dev mailbox stays a DevMailbox (its routes need it) with its own methods.
  return new Proxy(mailer, {
    get(target, property) {
      if (property === 'send') return send;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
