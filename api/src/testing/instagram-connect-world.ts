import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ZInstagramConnection, ZInstagramConnectResponse } from '@app/shared';
import { ManualClock } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import type { Runtime } from '../runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createServices, type Repositories, type Services } from '../services.js';
import type { DatabaseBackend } from './backends.js';
import { startFakeCdn, type FakeCdn } from './fake-cdn.js';
import { startFakeInstagram, type FakeInstagram } from './fake-instagram.js';
import { testRepositories } from './repositories.js';
import { createTestRuntime } from './runtime.js';
import type { signInForTest } from './sign-in.js';

export const SHOP = {
  code: 'code-shop',
  userId: '17841400000000001',
  username: 'shop.one',
  accountType: 'BUSINESS',
  posts: 62,
  stories: 3,
} as const;
export const PERSONAL = {
  code: 'code-personal',
  userId: '17841400000000002',
  username: 'me.personal',
  accountType: 'PERSONAL',
  posts: 3,
  stories: 0,
} as const;

/**
 * Instagram Login tests' world for one backend, opened before the file's tests and closed after them: a
 * fake CDN and fake Instagram (SHOP and PERSONAL), the API over HTTP with every log line kept, and helpers
 * that walk the connect flow. The fake's faults are reset before each test. Fields are set once tests start.
 */
export function useInstagramConnectWorld(backend: DatabaseBackend) {
  const world = {
    runtime: undefined as unknown as Runtime & { clock: ManualClock },
    services: undefined as unknown as Services,
    repos: undefined as unknown as Repositories,
    http: undefined as unknown as RunningServer,
    cdn: undefined as unknown as FakeCdn,
    ig: undefined as unknown as FakeInstagram,
    /** Every line the API logs, as written (after redaction). */
    logLines: [] as string[],
    authorize,
    finish,
    connection,
    refreshOf,
  };
  const { logLines } = world;
  let runtime: Runtime & { clock: ManualClock };
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let cdn: FakeCdn;
  let ig: FakeInstagram;

  beforeAll(async () => {
    cdn = await startFakeCdn();
    const clock = new ManualClock(new Date());
    ig = await startFakeInstagram({
      cdnUrl: cdn.baseUrl,
      accounts: [SHOP, PERSONAL],
      now: () => clock.now(),
    });
    runtime = (await createTestRuntime({
      database: await backend.open(),
      clock,
      env: { APP_URL: 'https://feed.example.com', ...ig.env },
    })) as Runtime & { clock: ManualClock };
    runtime.logger = createLogger('info', 'api', { write: (line: string) => logLines.push(line) });
    const mediaFetcher = new HttpMediaFetcher({ allowLoopbackForTests: true, clock, timeoutMs: 2_000 });
    services = createServices(runtime, { mediaFetcher, random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    Object.assign(world, { runtime, services, repos, http, cdn, ig });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await ig.close();
    await cdn.close();
  });
  beforeEach(() => {
    ig.failWith = undefined;
    ig.expiredMedia = false;
    ig.consent = SHOP.code;
  });

  /** Starts a connection and follows Instagram's authorize redirect: the callback URL and this browser's cookie. */
  async function authorize(merchant: Awaited<ReturnType<typeof signInForTest>>) {
    const res = await merchant.call('POST', '/api/instagram/connect');
    expect(res.status).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { url } = ZInstagramConnectResponse.parse(await res.json());
    const back = await fetch(url, { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://feed.example.com/api/instagram/callback');
    return {
      callback: `${http.url}${location.pathname}${location.search}`,
      cookie,
      authorizeUrl: new URL(url),
    };
  }
  async function finish(callback: string, cookie?: string) {
    const res = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  }
  async function connection(merchant: Awaited<ReturnType<typeof signInForTest>>) {
    return ZInstagramConnection.parse(await (await merchant.call('GET', '/api/instagram/connection')).json());
  }

  /** Makes the merchant's account due and runs the refresh engine; the outcome for that account. */
  async function refreshOf(userId: string) {
    const account = (await repos.accounts.findByUserId(userId))!;
    await repos.accounts.markDue(account.id, runtime.clock.now());
    const outcomes = await services.refresh.refreshDueAccounts();
    return { account, outcome: outcomes.find((o) => o.accountId === account.id) };
  }
  return world;
}
