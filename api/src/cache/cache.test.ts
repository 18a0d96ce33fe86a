import net from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheBackends, silentLogger } from '../testing/backends.js';
import { cacheKeys } from './cache.port.js';
import { MemoryCache } from './memory.cache.js';
import { infoField, RedisCache } from './redis.cache.js';

describe.each(cacheBackends)('cache port on $name', (backend) => {
  let cache: Awaited<ReturnType<typeof backend.open>>;
  beforeEach(async () => {
    cache = await backend.open();
  });
  afterEach(async () => {
    await cache.clear();
    await cache.close();
  });

  it('stores, reads and deletes JSON values', async () => {
    const k = cacheKeys.widgetInit('abc');
    expect(await cache.get(k)).toBeUndefined();
    await cache.set(k, { feed: [1, 2], title: 'مرحبا' }, 60);
    expect(await cache.get(k)).toEqual({ feed: [1, 2], title: 'مرحبا' });
    await cache.del(k);
    expect(await cache.get(k)).toBeUndefined();
  });

  it('counts within a window', async () => {
    const k = cacheKeys.rateLimit('magic-link', 'a@b.co');
    expect(await cache.increment(k, 60)).toBe(1);
    expect(await cache.increment(k, 60)).toBe(2);
    expect(await cache.increment(k, 60)).toBe(3);
    expect(await cache.increment(k, 60, 10)).toBe(13);
  });

  it('reports keys, hits, misses and memory', async () => {
    const before = await cache.stats();
    await cache.set(cacheKeys.probe('a'), 'x', 60);
    await cache.get(cacheKeys.probe('a'));
    await cache.get(cacheKeys.probe('missing'));
    const after = await cache.stats();
    expect(after.total_keys).toBeGreaterThanOrEqual(1);
    expect(after.hits).toBeGreaterThan(before.hits);
    expect(after.misses).toBeGreaterThan(before.misses);
    expect(after.hit_rate_percentage).toBeGreaterThan(0);
    expect(after.hit_rate_percentage).toBeLessThanOrEqual(100);
    // Two decimals: 57.29 * 100 is 5728.999… in floating point, so compare with the rounding itself.
    expect(after.hit_rate_percentage).toBe(Math.round(after.hit_rate_percentage * 100) / 100);
    expect(after.hit_rate_percentage).toBeCloseTo((100 * after.hits) / (after.hits + after.misses), 1);
    expect(after.used_memory_bytes).toBeGreaterThan(0);
    expect(after.used_memory_human).toMatch(/^\d+(\.\d+)?[BKMGT]$/);
  });
});

describe('memory cache', () => {
  it('expires entries after their TTL and counts exact stats', async () => {
    let now = 1_000;
    const cache = new MemoryCache({ maxBytes: 1024 * 1024, now: () => now });
    expect((await cache.stats()).hit_rate_percentage).toBe(0);
    await cache.set(cacheKeys.probe('t'), 1, 10);
    expect(await cache.get(cacheKeys.probe('t'))).toBe(1);
    now += 10_001;
    expect(await cache.get(cacheKeys.probe('t'))).toBeUndefined();
    const stats = await cache.stats();
    expect(stats).toMatchObject({ total_keys: 0, hits: 1, misses: 1, hit_rate_percentage: 50 });
  });

  it('keeps a counter window from its first increment', async () => {
    let now = 1_000;
    const cache = new MemoryCache({ maxBytes: 1024, now: () => now });
    const k = cacheKeys.rateLimit('ip', '1.2.3.4');
    await cache.increment(k, 10);
    now = 7_000;
    expect(await cache.increment(k, 10)).toBe(2);
    now = 11_500;
    expect(await cache.increment(k, 10)).toBe(1);
  });

  it('keeps rate-limit counters and one-time markers apart: no other entries push them out', async () => {
    const cache = new MemoryCache({ maxBytes: 64 * 1024 });
    const signIn = cacheKeys.rateLimit('magic-link:email:1m', 'owner@shop.sa');
    const state = cacheKeys.usedOnce('zid-state', 'jti-1');
    await cache.increment(signIn, 60);
    await cache.increment(state, 600);
    // Snapshots and whatever else: a hundred times the main LRU's size.
    for (let i = 0; i < 2_000; i++) await cache.set(cacheKeys.widgetInit(`wk_${i}`), 'x'.repeat(1_600), 60);
    expect(await cache.get(cacheKeys.widgetInit('wk_0'))).toBeUndefined();
    expect(await cache.get(signIn)).toBe(1);
    expect(await cache.increment(state, 600)).toBe(2);
  });

  it('adds more than one at a time, keeping the window', async () => {
    let now = 1_000;
    const cache = new MemoryCache({ maxBytes: 1024, now: () => now });
    const k = cacheKeys.rateLimit('beacons', 'x');
    expect(await cache.increment(k, 10, 5)).toBe(5);
    now = 10_000;
    expect(await cache.increment(k, 10, 3)).toBe(8);
    now = 11_001;
    expect(await cache.increment(k, 10, 2)).toBe(2);
  });

  it('evicts the least recently used entries beyond its size', async () => {
    const cache = new MemoryCache({ maxBytes: 2_000 });
    for (let i = 0; i < 50; i++) await cache.set(cacheKeys.probe(`k${i}`), 'x'.repeat(50), 60);
    const stats = await cache.stats();
    expect(stats.used_memory_bytes).toBeLessThanOrEqual(2_000);
    expect(stats.total_keys).toBeLessThan(50);
    expect(await cache.get(cacheKeys.probe('k49'))).toBe('x'.repeat(50));
    expect(await cache.get(cacheKeys.probe('k0'))).toBeUndefined();
  });

  it('hands out copies, not shared objects', async () => {
    const cache = new MemoryCache({ maxBytes: 10_000 });
    const value = { n: 1 };
    await cache.set(cacheKeys.probe('o'), value, 60);
    value.n = 2;
    const read = await cache.get<{ n: number }>(cacheKeys.probe('o'));
    expect(read?.n).toBe(1);
  });
});

describe('redis cache failures', () => {
  const servers: net.Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
    const server = net.createServer(onConnection);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as net.AddressInfo).port;
  }

  it('answers a miss when the server refuses connections', async () => {
    const port = await listen((s) => s.destroy());
    const cache = new RedisCache({ url: `redis://127.0.0.1:${port}`, keyPrefix: 't:', logger: silentLogger });
    await expect(cache.get(cacheKeys.probe('x'))).resolves.toBeUndefined();
    await expect(cache.set(cacheKeys.probe('x'), 1, 5)).resolves.toBeUndefined();
    await expect(cache.increment(cacheKeys.probe('x'), 5)).resolves.toBeUndefined();
    await expect(cache.ping()).resolves.toBe(false);
    await expect(cache.stats()).rejects.toThrow(/did not answer/);
    await cache.close();
  });

  it('gives up on a server that never answers after its timeout', async () => {
    // Accepts the TCP connection and then stays silent, like a hung Redis.
    const port = await listen(() => undefined);
    const cache = new RedisCache({
      url: `redis://127.0.0.1:${port}`,
      keyPrefix: 't:',
      logger: silentLogger,
      timeoutMs: 200,
    });
    const started = performance.now();
    await expect(cache.get(cacheKeys.probe('x'))).resolves.toBeUndefined();
    // Generous bound: proves the call is cut short instead of hanging, not how fast the machine is.
    expect(performance.now() - started).toBeLessThan(5_000);
    await cache.close().catch(() => undefined);
  });

  it('parses INFO fields', () => {
    const info = '# Memory\r\nused_memory:1048576\r\nused_memory_human:1.00M\r\nkeyspace_hits:3\r\n';
    expect(infoField(info, 'used_memory_human')).toBe('1.00M');
    expect(infoField(info, 'used_memory')).toBe('1048576');
    expect(infoField(info, 'keyspace_misses')).toBeUndefined();
  });
});
