import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { ZMerchantPostsList, ZWidgetInit, type TWidgetPost } from '@app/shared';
import type { DatabaseBackend } from './backends.js';
import { createTestRuntime } from './runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from './repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { signInForTest } from './sign-in.js';
import { startFakeCdn, type FakeCdn } from './fake-cdn.js';
import { startFakeCatalogues } from './fake-catalogues.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { SecretBox } from '../lib/secret-box.js';

export const DAY = 86_400_000;
export const SALLA_SECRET = 'salla-webhook-secret-for-posts';
export const ZID_SECRET = 'zid-webhook-secret-for-posts-0123456789';
export const SALLA_TOKEN = 'salla-store-token';
export const ZID_TOKENS = { authorization: 'zid-auth-token', manager: 'zid-manager-token' };

/**
 * The posts studio's test server: fake CDN and platform catalogues, a media directory of its own, started
 * in the file's `beforeAll` and closed in its `afterAll`; `merchant` makes a refreshed trial merchant.
 */
export function postsStudio(backend: DatabaseBackend) {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let cdn: FakeCdn;
  let catalogues: Awaited<ReturnType<typeof startFakeCatalogues>>;
  let mediaDir: string;
  const tokenKey = randomBytes(32).toString('base64');
  const box = new SecretBox(Buffer.from(tokenKey, 'base64'));

  beforeAll(async () => {
    cdn = await startFakeCdn();
    catalogues = await startFakeCatalogues({ sallaToken: SALLA_TOKEN, zid: ZID_TOKENS });
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-posts-'));
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        MEDIA_DIR: mediaDir,
        TOKEN_ENCRYPTION_KEY: tokenKey,
        SALLA_API_URL: catalogues.sallaApiUrl,
        ZID_API_URL: catalogues.zidApiUrl,
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        ZID_WEBHOOK_SECRET: ZID_SECRET,
      },
    });
    services = createServices(runtime, {
      random: () => 0.5,
      productMediaFetcher: new HttpMediaFetcher({
        allowedHostSuffixes: ['*'],
        allowLoopbackForTests: true,
        clock: runtime.clock,
        timeoutMs: 2_000,
      }),
    });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await catalogues.close();
    await cdn.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** A merchant on a trial with an Instagram account refreshed from the demo source. */
  async function merchant(email: string, username: string) {
    const { user } = await repos.users.findOrCreate({
      email,
      trialEndsAt: new Date(runtime.clock.now().getTime() + 7 * DAY),
    });
    const connected = await services.instagramAccount.connect(user.id, username);
    if (!connected.ok) throw connected.error;
    const key = connected.value.account.publicWidgetKey;
    const refresh = async () => {
      await repos.accounts.markDue(connected.value.account.id, runtime.clock.now());
      const outcomes = await services.refresh.refreshDueAccounts();
      expect(outcomes.find((o) => o.accountId === connected.value.account.id)?.ok).toBe(true);
    };
    await refresh();
    const { call, accessToken } = await signInForTest(runtime, http.url, email);
    const json = async (method: string, url: string, body?: unknown) => {
      const res = await call(method, url, body);
      return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as unknown) };
    };
    const posts = async () => ZMerchantPostsList.parse((await json('GET', '/api/merchant/posts')).body);
    const feed = async (): Promise<TWidgetPost[]> => {
      const res = await fetch(`${http.url}/api/widget/init?key=${key}`);
      return ZWidgetInit.parse(await res.json()).data.content.feed;
    };
    return { userId: user.id, key, accessToken, json, posts, feed, refresh };
  }

  return {
    get runtime() {
      return runtime;
    },
    get services() {
      return services;
    },
    get repos() {
      return repos;
    },
    get http() {
      return http;
    },
    get cdn() {
      return cdn;
    },
    get catalogues() {
      return catalogues;
    },
    box,
    merchant,
  };
}
