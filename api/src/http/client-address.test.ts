import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadApiEnv } from '../config/env.js';
import { cacheBackends, databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { isLoopbackAddress, loopbackOnly } from './loopback-only.js';

/** Each database backend with the cache it runs beside in production-like tests (PGlite+LRU, PG+Redis). */
const backends = databaseBackends.map((db, i) => ({
  name: `${db.name}+${cacheBackends[i]?.name ?? 'memory'}`,
  db,
  cache: cacheBackends[i] ?? cacheBackends[0]!,
}));

/** An address of this machine that is not loopback, to call the server as another host would. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('TRUST_PROXY', () => {
  const problem = (value: string) => {
    try {
      loadApiEnv({ TRUST_PROXY: value });
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return undefined;
  };

  it('refuses true and says what to write instead', () => {
    expect(problem('true')).toMatch(/TRUST_PROXY: .*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
    expect(problem('yes')).toMatch(/TRUST_PROXY/);
  });

  it('reads a hop count or a list of proxy addresses and CIDRs', () => {
    expect(loadApiEnv({}).TRUST_PROXY).toBe(false);
    expect(loadApiEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadApiEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadApiEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,loopback,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'loopback',
      'fd00::/8',
    ]);
    expect(problem('10.0.0.0/99')).toMatch(/TRUST_PROXY: .*10\.0\.0\.0\/99/);
    expect(problem('proxy.internal')).toMatch(/TRUST_PROXY/);
  });
});

describe.each(backends)('client addresses on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.db.open(),
      cache: await backend.cache.open(),
      env: { TRUST_PROXY: '1' },
    });
    // Every interface, as a server exposed on purpose would listen.
    http = await startHttpServer(runtime, { port: 0, host: '0.0.0.0' });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  const port = () => new URL(http.url).port;

  it('takes the address the trusted proxy appended, so a client-written X-Forwarded-For cannot dodge the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) {
      const res = await fetch(`http://127.0.0.1:${port()}/api/auth/magic-link/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${n}.7, 203.0.113.9` },
        // A different address each time, so only the per-IP limit can stop these.
        body: JSON.stringify({ email: `visitor${n}@shop.sa` }),
      });
      statuses.push(res.status);
    }
    // Every request came from 203.0.113.9 as far as the limit can tell: it stops them well before 40.
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });

  it('answers development routes only to this machine, whatever HOST is and whatever a header claims', async () => {
    for (const path of ['/api/dev/mailbox', '/dev/mailbox', '/demo/store']) {
      expect((await fetch(`http://127.0.0.1:${port()}${path}`)).status, path).toBe(200);
    }
    if (!lanAddress) return;
    for (const path of ['/api/dev/mailbox', '/dev/mailbox', '/demo/store', '/dev/checkout/x']) {
      const res = await fetch(`http://${lanAddress}:${port()}${path}`, {
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toMatch(/Dev mailbox|Demo store|Dev checkout/);
    }
    const post = await fetch(`http://${lanAddress}:${port()}/api/dev/checkout/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid' }),
    });
    expect(post.status).toBe(404);
  });

  it('refuses development routes and /metrics to a proxy or tunnel on this machine (forwarding headers)', async () => {
    const local = `http://127.0.0.1:${port()}`;
    expect((await fetch(`${local}/metrics`)).status).toBe(200);
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=198.51.100.4;proto=https' },
      { 'x-real-ip': '198.51.100.4' },
      { via: '1.1 tunnel' },
      { 'cf-connecting-ip': '198.51.100.4' },
    ];
    for (const headers of forwarded) {
      for (const path of ['/api/dev/mailbox', '/dev/mailbox', '/demo/store', '/dev/checkout/x', '/metrics']) {
        const res = await fetch(`${local}${path}`, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(await res.text()).not.toMatch(/Dev mailbox|Demo store|Dev checkout|lamha_http/);
      }
    }
  });
});

describe('loopback addresses', () => {
  it('covers the loopback range and its IPv4-mapped form, nothing else', () => {
    for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      '10.0.0.7',
      '192.0.2.2',
      '::ffff:10.0.0.1',
      'fd00::2',
      '0.0.0.0',
      '',
      undefined,
      'localhost',
    ]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
    expect(() =>
      loopbackOnly(
        { socket: { remoteAddress: '203.0.113.9' }, method: 'GET', path: '/x' } as never,
        {} as never,
        () => {},
      ),
    ).toThrow(/No route/);
  });
});

describe('HOST default', () => {
  it('listens on this machine only outside production, on every interface in production', () => {
    expect(loadApiEnv({}).HOST).toBe('127.0.0.1');
    expect(loadApiEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadApiEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(
      loadApiEnv({
        NODE_ENV: 'production',
        BILLING: 'platform-only',
        DEMO_CONTENT: 'true',
        AUTH_SECRET: 'q7N2vKx9TzL4pWm8RbY1cHd6JfG3sAe5',
        SMTP_URL: 'smtp://mail.example.com:587',
        APP_URL: 'https://feed.example.com',
      }).HOST,
    ).toBe('0.0.0.0');
  });
});
