import nodeHttp from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { ManualClock } from '../lib/clock.js';
import { READINESS_MEMO_MS } from './health.routes.js';

describe.each(databaseBackends)('readiness on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;
  let writable = true;
  let probes = 0;
  const clock = new ManualClock();
  /** Past the time one readiness result is reused. */
  const later = () => clock.advance(READINESS_MEMO_MS);

  beforeAll(async () => {
    const database = await backend.open();
    runtime = await createTestRuntime({
      clock,
      database: {
        ...database,
        // The real probe, unless the test says the disk has just filled up.
        writeProbe: () => {
          probes++;
          return writable ? database.writeProbe() : Promise.reject(new Error('ENOSPC'));
        },
      },
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  it('/readyz writes to the database; /healthz only reads', async () => {
    const ready = await fetch(`${http.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', db: backend.name });
    // Twice in a row: the probe leaves nothing behind that would make the next one fail.
    later();
    expect((await fetch(`${http.url}/readyz`)).status).toBe(200);

    writable = false;
    later();
    const notReady = await fetch(`${http.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({
      status: 'not_ready',
      failed: ['database'],
      checks: { database: 'read_only', cache: 'ok', migrations: 'ok', shutdown: 'no' },
    });
    // Liveness does not depend on writing.
    expect((await fetch(`${http.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${http.url}/livez`)).status).toBe(200);
    writable = true;
    later();
  });

  it('/readyz costs one write however many call it at once, and one a second while they keep calling', async () => {
    later();
    const before = probes;
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${http.url}/readyz`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(probes - before).toBe(1);
    // Within the second: the same result, no new write.
    clock.advance(READINESS_MEMO_MS - 1);
    expect((await fetch(`${http.url}/readyz`)).status).toBe(200);
    expect(probes - before).toBe(1);
    clock.advance(1);
    expect((await fetch(`${http.url}/readyz`)).status).toBe(200);
    expect(probes - before).toBe(2);
  });

  it('the write probe leaves one row behind, however often it runs', async () => {
    for (let i = 0; i < 3; i++) await runtime.database.writeProbe();
    const result = await runtime.database.db.execute(
      sql`select count(*)::int as n from job_leases where name = 'readiness-probe'`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('/readyz names the cache when it does not answer, and migrations the database lacks', async () => {
    const cacheDown = await createTestRuntime({
      database: { ...runtime.database, close: () => Promise.resolve() },
      cache: { ...runtime.cache, ping: () => Promise.resolve(false), close: () => Promise.resolve() },
    });
    const behind = await createTestRuntime({
      database: {
        ...runtime.database,
        migrationsApplied: () => Promise.resolve(false),
        close: () => Promise.resolve(),
      },
    });
    const servers = await Promise.all(
      [cacheDown, behind].map((r) => startHttpServer(r, { port: 0, host: '127.0.0.1' })),
    );
    try {
      const [a, b] = await Promise.all(servers.map((s) => fetch(`${s.url}/readyz`)));
      expect(a?.status).toBe(503);
      expect(await a?.json()).toMatchObject({ failed: ['cache'], checks: { cache: 'unavailable' } });
      expect(b?.status).toBe(503);
      expect(await b?.json()).toMatchObject({ failed: ['migrations'], checks: { migrations: 'pending' } });
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('/readyz answers 503 as soon as the server drains, requests in flight finish, then it stops accepting', async () => {
    const own = await createTestRuntime({
      env: { SHUTDOWN_DELAY_MS: '1000' },
      database: { ...runtime.database, close: () => Promise.resolve() },
    });
    const server = await startHttpServer(own, { port: 0, host: '127.0.0.1' });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        nodeHttp
          .get(`${server.url}${path}`, { agent: false }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    try {
      expect((await get('/readyz')).status).toBe(200);
      // A slow request keeps the connection busy, so it is still open when draining starts.
      let finishBody!: () => void;
      const slow = new Promise<number>((resolve, reject) => {
        const req = nodeHttp.request(
          `${server.url}/api/auth/magic-link/request`,
          {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': 40 },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write('{"email":');
        finishBody = () => req.end('"drain@shop.sa"}'.padEnd(31, ' '));
      });
      // The server has the request (its headers) before draining starts.
      while ((await new Promise<number>((r) => server.server.getConnections((_e, n) => r(n)))) < 1) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const closed = server.close();
      const during = await get('/readyz');
      expect(during.status).toBe(503);
      expect(JSON.parse(during.body)).toMatchObject({
        status: 'not_ready',
        failed: ['shutdown'],
        checks: { shutdown: 'draining' },
      });
      // Once the server stops accepting, the request in flight since before still gets its answer.
      while (server.server.listening) await new Promise((r) => setTimeout(r, 10));
      finishBody();
      expect(await slow).toBe(200);
      await expect(get('/livez')).rejects.toThrow();
      await closed;
    } finally {
      await server.close();
    }
  });
});
