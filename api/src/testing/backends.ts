import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { openTestPglite, templateKey } from './pglite-template.js';
import { MemoryCache } from '../cache/memory.cache.js';
import { RedisCache } from '../cache/redis.cache.js';
import type { CachePort } from '../cache/cache.port.js';

/**
 * Integration tests run once per backend: always on PGlite and the in-process LRU, and again on
 * PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set (CI sets them).
 */
export interface DatabaseBackend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; close() removes it. */
  open(): Promise<DatabaseHandle>;
}

export interface CacheBackend {
  name: 'memory' | 'redis';
  open(): Promise<CachePort & { clear(): Promise<void> }>;
}

export const silentLogger = pino({ level: 'silent' });

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const testRedisUrl = process.env.TEST_REDIS_URL;

// Any fixed number, other than the migration lock's: test processes take it to make the template once.
const TEMPLATE_LOCK_ID = 7_406_210_002;

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated, empty database on the test server to copy (`create database … template`), named by the
 * same hash as the PGlite template so a changed migration makes a new one. The first test process
 * migrates it under an advisory lock, under a temporary name renamed when done: a half-made template is
 * never copied. Its connections are closed before anyone copies it (PostgreSQL requires that).
 */
let template: Promise<string> | undefined;
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `lamha_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists "${partial}" with (force)`);
      await admin.query(`create database "${partial}"`);
      const handle = await openDatabase({
        databaseUrl: withDatabase(adminUrl, partial),
        dataDir: 'unused',
        poolMax: 1,
      });
      await handle.close();
      await admin.query(`alter database "${partial}" rename to "${name}"`);
    }
  } finally {
    await admin.end(); // ends the session, and so its advisory lock
  }
  return name;
}

/** Creates a database with a random name on the test server as a copy of the migrated template. */
async function freshPostgres(adminUrl: string): Promise<DatabaseHandle> {
  template ??= postgresTemplate(adminUrl);
  const source = await template;
  const name = `lamha_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${source}"`);
  await admin.end();
  const handle = await openDatabase({
    databaseUrl: withDatabase(adminUrl, name),
    dataDir: 'unused',
    poolMax: 4,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export const databaseBackends: DatabaseBackend[] = [
  { name: 'pglite', open: openTestPglite },
  ...(testDatabaseUrl ? [{ name: 'postgres' as const, open: () => freshPostgres(testDatabaseUrl) }] : []),
];

export const cacheBackends: CacheBackend[] = [
  {
    name: 'memory',
    open: () => {
      const cache = new MemoryCache({ maxBytes: 1024 * 1024 });
      return Promise.resolve(Object.assign(cache, { clear: () => cache.close() }));
    },
  },
  ...(testRedisUrl
    ? [
        {
          name: 'redis' as const,
          open: async () => {
            const cache = new RedisCache({
              url: testRedisUrl,
              keyPrefix: `lamha_test_${randomBytes(6).toString('hex')}:`,
              logger: silentLogger,
            });
            // Wait for the connection so the first assertions do not race it.
            for (let i = 0; i < 50 && !(await cache.ping()); i++) {
              await new Promise((r) => setTimeout(r, 50));
            }
            return Object.assign(cache, { clear: () => cache.clearPrefix() });
          },
        },
      ]
    : []),
];

/**
 * Database and cache together, as a deployment pairs them: PGlite with the in-process cache always, and
 * PostgreSQL with Redis when both test URLs are set.
 */
export const storageBackends: { name: string; database: DatabaseBackend; cache: CacheBackend }[] = [
  { name: 'pglite + memory', database: databaseBackends[0]!, cache: cacheBackends[0]! },
  ...(testDatabaseUrl && testRedisUrl
    ? [{ name: 'postgres + redis', database: databaseBackends[1]!, cache: cacheBackends[1]! }]
    : []),
];
