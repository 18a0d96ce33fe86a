import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { cacheKeys } from '../cache/cache.port.js';
import { RedisCache } from '../cache/redis.cache.js';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { consumeRateLimits } from './rate-limit.js';

/** A port on 127.0.0.1 where nothing listens: a Redis that is down. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function capturingLogger() {
  const lines: { msg: string; operation?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}

describe('rate limits while Redis is down', () => {
  it('count in this process, so the limit still holds, and say so once a minute', async () => {
    let now = 1_000_000;
    const { logger, lines } = capturingLogger();
    const cache = new RedisCache({
      url: `redis://127.0.0.1:${await deadPort()}`,
      keyPrefix: 'test:',
      logger,
      timeoutMs: 50,
      now: () => now,
    });
    try {
      const rule = { key: cacheKeys.rateLimit('password:ip', '203.0.113.9'), limit: 3, windowSeconds: 60 };
      const answers: boolean[] = [];
      for (let i = 0; i < 6; i++) answers.push(await consumeRateLimits(cache, [rule]));
      expect(answers).toEqual([true, true, true, false, false, false]);

      const fallbackLines = () => lines.filter((l) => l.operation === 'rate-limit').length;
      expect(fallbackLines()).toBe(1);
      now += 30_000;
      await consumeRateLimits(cache, [rule]);
      expect(fallbackLines()).toBe(1);
      // The window has passed (60 s since the first attempt): a fresh allowance, and a fresh reminder.
      now += 31_000;
      expect(await consumeRateLimits(cache, [rule])).toBe(true);
      expect(fallbackLines()).toBe(2);
    } finally {
      await cache.close();
    }
  });
});

describe.each(databaseBackends)('sign-in limits with Redis down on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.open(),
      cache: new RedisCache({
        url: `redis://127.0.0.1:${await deadPort()}`,
        keyPrefix: 'test:',
        logger: pino({ level: 'silent' }),
        timeoutMs: 50,
      }),
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  it('still stops one address asking for sign-in links without end', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) {
      const res = await fetch(`${http.url}/api/auth/magic-link/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `visitor${n}@shop.sa` }),
      });
      statuses.push(res.status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });
});
