import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { MemoryCache } from '../cache/memory.cache.js';
import { DevMailbox } from '../mail/dev-mailbox.js';
import { countingCache, countingMailer } from './instrumented.js';
import { metricsText } from './metrics.js';
import { startMetricsServer } from './metrics.routes.js';

/** The value of one sample of the exposition text (0 when absent), labels matched exactly. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '').split(',').filter(Boolean).sort();
    if (got.join(',') === wanted.join(',')) return Number(m[3]);
  }
  return 0;
}

const silent = pino({ level: 'silent' });
const TOKEN = 'metrics-token-0123456789abcdef';

describe('metrics', () => {
  let runtime: Runtime;
  let services: Services;
  let server: RunningServer;
  let key: string;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-metrics-'));
    const base = await createTestRuntime({ env: { MEDIA_DIR: mediaDir } });
    runtime = { ...base, cache: countingCache(base.cache) };
    services = createServices(runtime, { random: () => 0.5 });
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    const repos = testRepositories(runtime);
    const { user } = await repos.users.findOrCreate({
      email: 'metrics@shop.sa',
      trialEndsAt: new Date(runtime.clock.now().getTime() + 86_400_000),
    });
    const connected = await services.instagramAccount.connect(user.id, 'coffee.house');
    if (!connected.ok) throw connected.error;
    key = connected.value.account.publicWidgetKey;
  });
  afterAll(async () => {
    await server.close();
    await runtime.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers this machine in Prometheus text format, every name prefixed lamha_', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const names = [...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(5);
    expect(names.every((n) => n?.startsWith('lamha_'))).toBe(true);
  });

  it('counts refreshes by outcome, their lag, and the backlog of due accounts', async () => {
    const before = await metricsText();
    expect(sample(before, 'lamha_refresh_due_accounts')).toBe(1);
    const outcomes = await services.refresh.refreshDueAccounts();
    expect(outcomes).toMatchObject([{ ok: true }]);
    const after = await metricsText();
    expect(sample(after, 'lamha_refresh_outcomes_total', { outcome: 'ok' })).toBe(
      sample(before, 'lamha_refresh_outcomes_total', { outcome: 'ok' }) + 1,
    );
    expect(sample(after, 'lamha_refresh_lag_seconds_count')).toBe(
      sample(before, 'lamha_refresh_lag_seconds_count') + 1,
    );
    expect(sample(after, 'lamha_refresh_due_accounts')).toBe(0);
    expect(sample(after, 'lamha_webhook_backlog')).toBe(0);
    // The demo account's media are encoded on the first refresh: slow on a busy machine.
  }, 120_000);

  it('records widget init answers by tier and status, and request times by route pattern', async () => {
    const before = await metricsText();
    const url = `${server.url}/api/widget/init?key=${key}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    // Now in this process's memory: the fast path, then a 304.
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${server.url}/api/widget/init?key=wk_nobody`)).status).toBe(404);
    // A route with a parameter, twice with different ids: one series, named by its pattern.
    await fetch(`${server.url}/api/merchant/posts/abc`, { method: 'PATCH' });
    await fetch(`${server.url}/api/merchant/posts/def`, { method: 'PATCH' });
    const after = await metricsText();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    // The first answer came from the shared cache or the database (the rebuild may have cleared the cache).
    expect(
      delta('lamha_widget_init_total', { tier: 'cache', status: '200' }) +
        delta('lamha_widget_init_total', { tier: 'database', status: '200' }),
    ).toBe(1);
    expect(delta('lamha_widget_init_total', { tier: 'memory', status: '200' })).toBe(1);
    expect(delta('lamha_widget_init_total', { tier: 'memory', status: '304' })).toBe(1);
    expect(delta('lamha_widget_init_total', { tier: 'none', status: '404' })).toBe(1);
    const init200 = { route: '/api/widget/init', method: 'GET', status: '200' };
    expect(delta('lamha_http_request_duration_seconds_count', init200)).toBe(2);
    expect(delta('lamha_http_request_duration_seconds_bucket', { ...init200, le: '+Inf' })).toBe(2);
    expect(
      delta('lamha_http_request_duration_seconds_count', {
        route: '/api/merchant/posts/:id',
        method: 'PATCH',
        status: '401',
      }),
    ).toBe(2);
    expect(after).not.toContain('posts/abc');
    // The shared cache was read for the first answer (and the unknown key).
    expect(
      delta('lamha_cache_lookups_total', { family: 'widget', result: 'hit' }) +
        delta('lamha_cache_lookups_total', { family: 'widget', result: 'miss' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts e-mails sent and failed', async () => {
    const db = runtime.database.db;
    const mailer = countingMailer(new DevMailbox(db, silent), silent);
    const failing = countingMailer(
      { kind: 'smtp', send: () => Promise.reject(new Error('refused')), close: () => Promise.resolve() },
      silent,
    );
    const before = await metricsText();
    await mailer.send({ to: 'a@shop.sa', subject: 's', text: 't', html: 'h' });
    await expect(failing.send({ to: 'b@shop.sa', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
    const after = await metricsText();
    expect(sample(after, 'lamha_mail_messages_total', { result: 'sent' })).toBe(
      sample(before, 'lamha_mail_messages_total', { result: 'sent' }) + 1,
    );
    expect(sample(after, 'lamha_mail_messages_total', { result: 'failed' })).toBe(
      sample(before, 'lamha_mail_messages_total', { result: 'failed' }) + 1,
    );
    // The dev mailbox stays itself behind the counter (its routes need it).
    expect(mailer).toBeInstanceOf(DevMailbox);
  });

  it('counts cache reads as hits and misses by key family', async () => {
    const cache = countingCache(new MemoryCache({ maxBytes: 1024 * 1024 }));
    const before = await metricsText();
    const { cacheKeys } = await import('../cache/cache.port.js');
    await cache.set(cacheKeys.probe('x'), 1, 60);
    await cache.get(cacheKeys.probe('x'));
    await cache.get(cacheKeys.probe('y'));
    const after = await metricsText();
    for (const result of ['hit', 'miss']) {
      expect(sample(after, 'lamha_cache_lookups_total', { family: 'probe', result })).toBe(
        sample(before, 'lamha_cache_lookups_total', { family: 'probe', result }) + 1,
      );
    }
  });
});

describe('metrics access', () => {
  it('needs the bearer token when METRICS_TOKEN is set, and moves to METRICS_PORT when that is set', async () => {
    const withToken = await createTestRuntime({ env: { METRICS_TOKEN: TOKEN } });
    const tokenServer = await startHttpServer(withToken, { port: 0, host: '127.0.0.1' });
    const withPort = await createTestRuntime({ env: { METRICS_PORT: '0' } });
    const portServer = await startHttpServer(withPort, { port: 0, host: '127.0.0.1' });
    const separate = await startMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN });
    try {
      const refused = await fetch(`${tokenServer.url}/metrics`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('Bearer');
      const wrong = await fetch(`${tokenServer.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      const ok = await fetch(`${tokenServer.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('lamha_http_request_duration_seconds');

      // With METRICS_PORT the API port does not answer them at all, even to this machine.
      expect((await fetch(`${portServer.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${separate.url}/metrics`)).status).toBe(401);
      const scraped = await fetch(`${separate.url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE lamha_refresh_lag_seconds histogram');
      expect((await fetch(`${separate.url}/livez`)).status).toBe(200);
      expect((await fetch(`${separate.url}/other`)).status).toBe(404);
    } finally {
      await separate.close();
      await tokenServer.close();
      await portServer.close();
      await withToken.close();
      await withPort.close();
    }
  });
});
