import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminCacheStats, hitRatePercentage } from '@app/shared';
import { authRoutes } from '../auth/auth.routes.js';
import { cacheKeys, type CachePort } from '../cache/cache.port.js';
import { RedisCache } from '../cache/redis.cache.js';
import type { Runtime } from '../runtime.js';
import { createServices, type Services } from '../services.js';
import { cacheBackends, silentLogger } from '../testing/backends.js';
import { appWith, errorOf, serve, type Served } from '../testing/admin-test-server.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { adminRoutes } from './admin.routes.js';

describe('admin cache statistics', () => {
  let runtime: Runtime;
  let services: Services;
  let auth: Served;
  let adminToken: string;

  /** A server whose admin routes read the given cache (sign-in keeps using the runtime's own). */
  async function statsOf(cache: CachePort): Promise<Response> {
    const server = await serve(
      appWith(adminRoutes({ auth: services.auth, admin: createServices({ ...runtime, cache }).admin })),
    );
    try {
      return await fetch(`${server.url}/api/admin/cache-stats`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
    } finally {
      await server.close();
    }
  }

  beforeAll(async () => {
    runtime = await createTestRuntime({ env: { ADMIN_EMAILS: 'boss@shop.sa' } });
    services = createServices(runtime);
    auth = await serve(appWith(authRoutes(services.auth, { secureCookies: false })));
    adminToken = (await signInForTest(runtime, auth.url, 'boss@shop.sa')).accessToken;
  });
  afterAll(async () => {
    await auth?.close();
    await runtime?.close();
  });

  describe.each(cacheBackends)('on $name', (backend) => {
    it('reports keys, hits, misses, hit rate with 2 decimals and memory', async () => {
      const cache = await backend.open();
      try {
        const before = ZAdminCacheStats.parse(await (await statsOf(cache)).json());
        if (backend.name === 'memory') {
          // Nothing looked up yet: a rate of 0, not a division by zero.
          expect(before).toMatchObject({ total_keys: 0, hits: 0, misses: 0, hit_rate_percentage: 0 });
        }
        await cache.set(cacheKeys.probe('admin-stats'), { n: 1 }, 60);
        await cache.get(cacheKeys.probe('admin-stats'));
        await cache.get(cacheKeys.probe('admin-missing-1'));
        await cache.get(cacheKeys.probe('admin-missing-2'));

        const res = await statsOf(cache);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const after = ZAdminCacheStats.parse(await res.json());
        expect(after.used_memory_human).toMatch(/^\d+(\.\d+)?[BKMGT]$/);
        expect(after.total_keys).toBeGreaterThanOrEqual(1);
        // Redis counts for the whole server (other tests share it); the LRU counts exactly ours.
        expect(after.hits - before.hits).toBeGreaterThanOrEqual(1);
        expect(after.misses - before.misses).toBeGreaterThanOrEqual(2);
        expect(after.hit_rate_percentage).toBe(hitRatePercentage(after.hits, after.misses));
        expect(String(after.hit_rate_percentage)).toMatch(/^\d{1,3}(\.\d{1,2})?$/);
        if (backend.name === 'memory') {
          expect(after).toMatchObject({ total_keys: 1, hits: 1, misses: 2, hit_rate_percentage: 33.33 });
        }
      } finally {
        await cache.clear();
        await cache.close();
      }
    });
  });

  it('answers 503 with a clear message when the cache server cannot answer', async () => {
    // A real Redis client pointed at a port where nothing listens.
    const probe = await serve(express());
    const port = new URL(probe.url).port;
    await probe.close();
    const cache = new RedisCache({
      url: `redis://127.0.0.1:${port}`,
      keyPrefix: 't:',
      logger: silentLogger,
      timeoutMs: 200,
    });
    try {
      const res = await statsOf(cache);
      expect(res.status).toBe(503);
      expect(await errorOf(res)).toMatchObject({
        code: 'cache_unavailable',
        message: 'Cache statistics are unavailable: the cache server did not answer.',
      });
    } finally {
      await cache.close().catch(() => undefined);
    }
  });

  it('answers 503 when the cache port throws', async () => {
    const broken: CachePort = {
      ...runtime.cache,
      stats: () => Promise.reject(new Error('boom')),
      kind: 'redis',
    };
    const res = await statsOf(broken);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe('cache_unavailable');
  });
});
