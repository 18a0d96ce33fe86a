import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import express from 'express';
import pg from 'pg';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, ZApiError } from '@app/shared';
import { errorHandler } from '../http/error-middleware.js';
import { freePort } from '../testing/processes.js';
import { isUnavailableError } from './unavailable.js';

/** What a call rejects with. */
async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('isUnavailableError', () => {
  it('recognises the real errors of a PostgreSQL that refuses connections, bare and wrapped by Drizzle', async () => {
    const port = await freePort(); // nothing listens there
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port,
      user: 'x',
      database: 'x',
      connectionTimeoutMillis: 2_000,
    });
    pool.on('error', () => undefined);
    try {
      const bare = await failureOf(() => pool.query('select 1'));
      expect((bare as { code?: string }).code).toBe('ECONNREFUSED');
      expect(isUnavailableError(bare)).toBe(true);
      const wrapped = await failureOf(() => drizzlePg(pool).execute(sql`select 1`));
      expect(wrapped).not.toBe(bare);
      expect(isUnavailableError(wrapped)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('recognises a server shutting down, a lost connection and Redis while it is disconnected', async () => {
    expect(isUnavailableError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(
      isUnavailableError(Object.assign(new Error('the database is starting up'), { code: '57P03' })),
    ).toBe(true);
    expect(
      isUnavailableError(new Error('x', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    const port = await freePort();
    const redis = createClient({
      url: `redis://127.0.0.1:${port}`,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: false },
    });
    redis.on('error', () => undefined);
    await redis.connect().catch(() => undefined);
    const offline = await failureOf(() => redis.get('k'));
    expect(isUnavailableError(offline)).toBe(true);
  });

  it('does not take a bug or a bad query for an outage', () => {
    const missingTable = Object.assign(new Error('relation "no_such_table" does not exist'), {
      code: '42P01',
    });
    expect(isUnavailableError(new Error('Failed query: select …', { cause: missingTable }))).toBe(false);
    expect(isUnavailableError(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(
      false,
    );
    expect(isUnavailableError(new TypeError('x is undefined'))).toBe(false);
    expect(isUnavailableError(undefined)).toBe(false);
  });
});

describe('a request that needs the database while it is down', () => {
  it('answers 503 service_unavailable with Retry-After and the table wording, not 500', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    pool.on('error', () => undefined);
    const app = express();
    app.get('/needs-db', async () => {
      await drizzlePg(pool).execute(sql`select 1`);
    });
    app.get('/bug', () => {
      throw new TypeError('a bug');
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/needs-db`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const body = ZApiError.parse(await res.json());
      expect(body.error.code).toBe('service_unavailable');
      expect(body.error.message).toBe(API_ERRORS.service_unavailable.en);
      expect((await fetch(`${base}/bug`)).status).toBe(500);
    } finally {
      server.close();
      await pool.end();
    }
  });
});
