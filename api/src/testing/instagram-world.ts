import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ZInstagramConnectResponse } from '@app/shared';
import { ManualClock } from '../lib/clock.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import type { Runtime } from '../runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createServices, type Repositories, type Services } from '../services.js';
import type { DatabaseBackend } from './backends.js';
import type { FakeCdn } from './fake-cdn.js';
import { startFakeInstagram, type FakeInstagram, type FakeInstagramAccount } from './fake-instagram.js';
import { testRepositories } from './repositories.js';
import { createTestRuntime } from './runtime.js';

/**
 * A world of its own for one test of Instagram Login: database, clock, fake Instagram, server and media
 * directory. Nothing a test does to its clock (days of retention or staleness) or its accounts can reach
 * another test, whatever the order.
 */
export interface InstagramWorld {
  runtime: Runtime & { clock: ManualClock };
  services: Services;
  repos: Repositories;
  http: RunningServer;
  ig: FakeInstagram;
  clock: ManualClock;
  close(): Promise<void>;
}

export async function openInstagramWorld(
  backend: DatabaseBackend,
  cdn: FakeCdn,
  options: { accounts: FakeInstagramAccount[]; env?: Record<string, string> },
): Promise<InstagramWorld> {
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  const ig = await startFakeInstagram({
    cdnUrl: cdn.baseUrl,
    accounts: options.accounts,
    now: () => clock.now(),
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamha-ig-world-'));
  const runtime = (await createTestRuntime({
    database: await backend.open(),
    clock,
    env: { APP_URL: 'https://feed.example.com', DATA_DIR: dataDir, ...ig.env, ...options.env },
  })) as Runtime & { clock: ManualClock };
  const mediaFetcher = new HttpMediaFetcher({ allowLoopbackForTests: true, clock, timeoutMs: 2_000 });
  const services = createServices(runtime, { mediaFetcher, random: () => 0.5 });
  const http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  return {
    runtime,
    services,
    repos: testRepositories(runtime),
    http,
    ig,
    clock,
    close: async () => {
      await http.close();
      await runtime.close();
      await ig.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * "Connect with Instagram" as the browser does it: the connect call (which sets the state cookie), the
 * fake's authorize step, and the callback with that cookie, which must land on the dashboard connected.
 */
export async function connectWithInstagram(
  w: InstagramWorld,
  call: (method: string, url: string) => Promise<Response>,
): Promise<void> {
  const res = await call('POST', '/api/instagram/connect');
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { url } = ZInstagramConnectResponse.parse(await res.json());
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  const done = await fetch(`${w.http.url}${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: { cookie },
  });
  expect(done.headers.get('location')).toBe('/dashboard?instagram=connected');
}
