import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWidgetInit } from '@app/shared';
import { cacheBackends, databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';

const DAY = 86_400_000;
const backends = databaseBackends.map((db, i) => ({
  name: `${db.name}+${cacheBackends[i]?.name ?? 'memory'}`,
  db,
  cache: cacheBackends[i] ?? cacheBackends[0]!,
}));

describe.each(backends)('POST /api/dev/trial on $name', (backend) => {
  let runtime: Runtime & { clock: { now(): Date } };
  let services: Services;
  let server: RunningServer;
  let key: string;
  const email = `trial-clock-${backend.name.replace(/\W/g, '')}@shop.sa`;

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.db.open(),
      cache: await backend.cache.open(),
    });
    services = createServices(runtime);
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    const { user } = await testRepositories(runtime).users.findOrCreate({
      email,
      trialEndsAt: new Date(runtime.clock.now().getTime() + 14 * DAY),
    });
    const connected = await services.instagramAccount.connect(user.id, 'trial.clock');
    if (!connected.ok) throw connected.error;
    key = connected.value.account.publicWidgetKey;
  });
  afterAll(async () => {
    await server?.close();
    await runtime?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/dev/trial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const merchant = async () => {
    const user = await testRepositories(runtime).users.findByEmail(email);
    return services.merchant.get(user!);
  };
  const widget_enabled = async () => {
    const res = await fetch(`${server.url}/api/widget/init?key=${key}`);
    return ZWidgetInit.parse(await res.json()).data.config.widget_enabled;
  };

  it('moves the trial end: a running trial, then grace, then expired (and the widget hidden)', async () => {
    const now = runtime.clock.now().getTime();
    const soon = new Date(now + 2 * DAY + 3_600_000).toISOString();
    const set = await post({ email: email.toUpperCase(), trial_ends_at: soon });
    expect(set.status).toBe(200);
    expect(set.headers.get('cache-control')).toBe('no-store');
    expect(await set.json()).toEqual({ trial_ends_at: soon });
    expect((await merchant()).subscription_status).toBe('trial');
    expect((await merchant()).trial_ends_at).toBe(soon);
    expect(await widget_enabled()).toBe(true);

    expect((await post({ email, trial_ends_at: new Date(now - DAY).toISOString() })).status).toBe(200);
    expect((await merchant()).subscription_status).toBe('grace');

    expect((await post({ email, trial_ends_at: new Date(now - 30 * DAY).toISOString() })).status).toBe(200);
    expect((await merchant()).subscription_status).toBe('expired');
    // The snapshot was rebuilt as a real expiry rebuilds it: the store page shows nothing.
    expect(await widget_enabled()).toBe(false);
  });

  it('checks its input and says when no merchant has the e-mail', async () => {
    expect((await post({ email: 'not-an-email', trial_ends_at: new Date().toISOString() })).status).toBe(400);
    expect((await post({ email, trial_ends_at: 'tomorrow' })).status).toBe(400);
    expect((await post({ email, trial_ends_at: new Date().toISOString(), plan: 'pro' })).status).toBe(400);
    const unknown = await post({ email: 'nobody@shop.sa', trial_ends_at: new Date().toISOString() });
    expect(unknown.status).toBe(404);
  });

  it('answers only this machine: a request through a proxy gets the plain 404', async () => {
    const res = await post(
      { email, trial_ends_at: new Date().toISOString() },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(res.status).toBe(404);
    expect((await merchant()).subscription_status).toBe('expired');
  });
});

describe('POST /api/dev/trial in production', () => {
  it('is not there', async () => {
    const runtime = await createTestRuntime();
    const app = (await import('../app.js')).createApp({
      ...runtime,
      env: { ...runtime.env, NODE_ENV: 'production' },
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/dev/trial`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@shop.sa', trial_ends_at: new Date().toISOString() }),
      });
      expect(res.status).toBe(404);
    } finally {
      server.close();
      await runtime.close();
    }
  });
});
