import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError, ZInstallation, ZMerchant, ZOnboarding, ZStoreSaved } from '@app/shared';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Services } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { ManualClock } from '../lib/clock.js';
import { signInForTest } from '../testing/sign-in.js';
import { InstallRecorder, pageOriginOf } from '../widget/widget-installs.js';
import { databaseBackends, silentLogger } from '../testing/backends.js';

/** A GET with the headers a store page's fetch would send (fetch itself will not let a test set Origin). */
function getWith(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('page origins', () => {
  const own = 'http://localhost:3000';
  it('reads Origin, else the Referer origin, and ignores our own pages but the demo store', () => {
    expect(pageOriginOf({ origin: 'https://shop.example' }, own)).toBe('https://shop.example');
    expect(pageOriginOf({ referer: 'https://shop.example/products/1?x=2' }, own)).toBe(
      'https://shop.example',
    );
    expect(pageOriginOf({}, own)).toBeUndefined();
    expect(pageOriginOf({ origin: 'null' }, own)).toBeUndefined();
    expect(pageOriginOf({ origin: 'file:///x' }, own)).toBeUndefined();
    expect(pageOriginOf({ referer: `${own}/dashboard#settings` }, own)).toBeUndefined();
    expect(pageOriginOf({ referer: `${own}/demo/store?key=k` }, own)).toBe(own);
    expect(pageOriginOf({ origin: `https://${'a'.repeat(300)}.com` }, own)).toBeUndefined();
  });
});

describe('the install recorder', () => {
  it('writes after the answer, and idle() settles only once the write is made', async () => {
    let release = () => {};
    const written: string[] = [];
    const repo = {
      record: (key: string, origin: string) =>
        new Promise<void>((resolve) => {
          release = () => {
            written.push(`${key} ${origin}`);
            resolve();
          };
        }),
    };
    const recorder = new InstallRecorder(repo, new ManualClock(), silentLogger, 'http://localhost:3000');
    recorder.note('k1', {
      origin: 'https://shop.example',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    });
    let settled = false;
    const idle = recorder.idle().then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false); // the write started and has not finished
    release();
    await idle;
    expect(written).toEqual(['k1 https://shop.example']);
  });
});

describe.each(databaseBackends)('merchant journey API on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let server: RunningServer;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    runtime = await createTestRuntime({ database: await backend.open(), clock });
    services = createServices(runtime, { random: () => 0.5 });
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await server.close();
    await runtime.close();
  });

  it('starts a new merchant at the first step with no store name, and keeps the steps on the server', async () => {
    const { call } = await signInForTest(runtime, server.url, 'first-run@shop.sa');
    const fresh = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(fresh.store_name).toBeNull();
    expect(fresh.onboarding).toEqual({ step: 'store', skipped: [], done: false });

    const state = { step: 'style', skipped: ['connect'], done: false };
    const saved = await call('PUT', '/api/merchant/onboarding', state);
    expect(ZOnboarding.parse(await saved.json())).toEqual(state);
    expect(
      (await call('PUT', '/api/merchant/onboarding', { step: 'nowhere', skipped: [], done: false })).status,
    ).toBe(400);
    const later = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(later.onboarding).toEqual(state);
  });

  it('counts a merchant who named an account before the steps existed as done', async () => {
    const { call, userId } = await signInForTest(runtime, server.url, 'old-hand@shop.sa');
    const connected = await services.instagramAccount.connect(userId, 'old.hand');
    if (!connected.ok) throw connected.error;
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant.onboarding?.done).toBe(true);
  });

  it('edits the store name and address, normalising what merchants type', async () => {
    const { call } = await signInForTest(runtime, server.url, 'store-edit@shop.sa');
    const res = await call('PUT', '/api/merchant/store', {
      store_name: ' متجر الورد ',
      store_url: 'roses.example/',
    });
    expect(ZStoreSaved.parse(await res.json())).toEqual({
      store_name: 'متجر الورد',
      store_url: 'https://roses.example',
    });
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant).toMatchObject({
      store_name: 'متجر الورد',
      business_name: 'متجر الورد',
      store_url: 'https://roses.example',
    });

    const bad = await call('PUT', '/api/merchant/store', {
      store_name: 'x',
      store_url: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(ZApiError.parse(await bad.json()).error.message).toContain('store_url');
    expect((await call('PUT', '/api/merchant/store', { store_name: '', store_url: '' })).status).toBe(400);
    const cleared = await call('PUT', '/api/merchant/store', { store_name: 'Roses', store_url: '' });
    expect(ZStoreSaved.parse(await cleared.json()).store_url).toBeNull();
  });

  it('records the page origin that loads a widget, at most once a minute per key', async () => {
    const { call, userId } = await signInForTest(runtime, server.url, 'installed@shop.sa');
    expect(ZInstallation.parse(await (await call('GET', '/api/merchant/installation')).json())).toEqual({
      installs: [],
    });
    const connected = await services.instagramAccount.connect(userId, 'installed.shop');
    if (!connected.ok) throw connected.error;
    const key = connected.value.account.publicWidgetKey;
    const init = `${server.url}/api/widget/init?key=${key}`;
    const list = async () =>
      ZInstallation.parse(await (await call('GET', '/api/merchant/installation')).json()).installs;

    // What a browser's fetch() from the loader sends besides Origin (Fetch Metadata).
    const widgetLoad = {
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
      'sec-fetch-site': 'cross-site',
    };
    // The dashboard's own preview is not an installation.
    expect(await getWith(init, { ...widgetLoad, referer: `${runtime.env.APP_URL}/dashboard` })).toBe(200);
    // Nor is an Origin header alone (any script can send one), a navigation, an image, or an Origin the
    // Referer contradicts.
    expect(await getWith(init, { origin: 'https://made-up.example' })).toBe(200);
    expect(
      await getWith(init, {
        origin: 'https://nav.example',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      }),
    ).toBe(200);
    expect(
      await getWith(init, {
        origin: 'https://img.example',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'image',
      }),
    ).toBe(200);
    expect(
      await getWith(init, {
        ...widgetLoad,
        origin: 'https://claimed.example',
        referer: 'https://other.example/p',
      }),
    ).toBe(200);
    await services.installRecorder.idle();
    expect(await list()).toEqual([]);
    expect(
      await getWith(init, {
        ...widgetLoad,
        origin: 'https://roses.example',
        referer: 'https://roses.example/p/1',
      }),
    ).toBe(200);
    await services.installRecorder.idle();
    const first = await list();
    expect(first).toEqual([
      expect.objectContaining({ origin: 'https://roses.example', first_seen_at: clock.now().toISOString() }),
    ]);

    // Within the minute nothing more is written, not even another origin.
    clock.advance(30_000);
    expect(await getWith(init, { ...widgetLoad, origin: 'https://other.example' })).toBe(200);
    await services.installRecorder.idle();
    expect(await list()).toHaveLength(1);

    // After it, the sighting moves on and first_seen stays.
    clock.advance(31_000);
    expect(await getWith(init, { ...widgetLoad, origin: 'https://roses.example' })).toBe(200);
    await services.installRecorder.idle();
    const moved = await list();
    expect(moved[0]).toMatchObject({
      origin: 'https://roses.example',
      first_seen_at: first[0]!.first_seen_at,
      last_seen_at: clock.now().toISOString(),
    });

    // An unknown key is not recorded anywhere.
    expect(await getWith(`${server.url}/api/widget/init?key=nobody`, { origin: 'https://x.example' })).toBe(
      404,
    );
  });
});
