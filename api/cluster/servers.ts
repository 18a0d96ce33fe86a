import pg from 'pg';
import { pino } from 'pino';
import { RedisCache } from '../src/cache/redis.cache.js';

/** The PostgreSQL server (a database of each run's own is made on it) and Redis the multi-process proofs use. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why PostgreSQL or Redis cannot be used, or undefined when both answer. */
async function unavailable(probePrefix: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return `PostgreSQL at ${adminUrl} does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const cache = new RedisCache({ url: redisUrl, keyPrefix: probePrefix, logger: pino({ level: 'silent' }) });
  try {
    for (let i = 0; i < 40; i++) {
      if (await cache.ping()) return undefined;
      await new Promise((r) => setTimeout(r, 50));
    }
    return `Redis at ${redisUrl} does not answer`;
  } finally {
    await cache.close();
  }
}

/** Exits with 2 and says why when PostgreSQL or Redis does not answer: `script` needs both. */
export async function requireServers(script: string, probePrefix: string): Promise<void> {
  const why = await unavailable(probePrefix);
  if (why === undefined) return;
  console.error(`${script} needs PostgreSQL and Redis: ${why}. Set TEST_DATABASE_URL / TEST_REDIS_URL.`);
  process.exit(2);
}

/** The JSON body of an answer that must be 2xx; otherwise an error naming `what` and the answer. */
export async function json(res: Response, what: string): Promise<unknown> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
}
