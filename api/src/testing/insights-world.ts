import { afterAll, beforeAll, expect } from 'vitest';
import { ZInsights, ZWidgetInit, type TInsights, type TWidgetEvent } from '@app/shared';
import { ManualClock } from '../lib/clock.js';
import type { Runtime } from '../runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createServices, type Repositories, type Services } from '../services.js';
import type { storageBackends } from './backends.js';
import { testRepositories } from './repositories.js';
import { createTestRuntime } from './runtime.js';
import { signInForTest } from './sign-in.js';

export const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';

/**
 * Widget-event tests' world for one storage backend, opened before the file's tests and closed after
 * them: a merchant connected to a demo account whose widget snapshot carries products on its first two
 * posts, the API over HTTP behind one proxy (TRUST_PROXY=1), and helpers that send beacons and read the
 * merchant's insights. Fields are set once the tests start; a test may sign the merchant in again.
 */
export function useInsightsWorld(backend: (typeof storageBackends)[number]) {
  const world = {
    runtime: undefined as unknown as Runtime,
    // Noon in Riyadh: the Saudi day is the UTC day here.
    clock: new ManualClock(new Date('2026-03-10T09:00:00Z')),
    services: undefined as unknown as Services,
    repos: undefined as unknown as Repositories,
    server: undefined as unknown as RunningServer,
    key: '',
    posts: [] as string[],
    highlights: [] as string[],
    /** The snapshot as the widget gets it, with products on the first two posts. */
    snapshot: undefined as unknown as {
      data: { config: Record<string, unknown>; content: Record<string, unknown> };
    },
    merchant: undefined as unknown as Awaited<ReturnType<typeof signInForTest>>,
    beacon,
    send,
    insights,
  };
  const clock = world.clock;
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let server: RunningServer;
  let key: string;
  let posts: string[];
  let highlights: string[];
  let snapshot: typeof world.snapshot;
  let merchant: typeof world.merchant;

  /** A beacon as sendBeacon sends a string: text/plain, from a browser, from `address` (TRUST_PROXY=1). */
  function beacon(body: unknown, options: { ua?: string; address?: string; raw?: string } = {}) {
    return fetch(`${world.server.url}/api/widget/events`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': options.ua ?? BROWSER,
        'x-forwarded-for': options.address ?? '203.0.113.7',
      },
      body: options.raw ?? JSON.stringify(body),
    });
  }
  function send(events: TWidgetEvent[], address?: string) {
    return beacon({ key: world.key, events }, address ? { address } : {});
  }
  async function insights(days = 7): Promise<TInsights> {
    const res = await world.merchant.call('GET', `/api/merchant/insights?days=${days}`);
    expect(res.status).toBe(200);
    return ZInsights.parse(await res.json());
  }
  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.database.open(),
      cache: await backend.cache.open(),
      clock,
      env: { TRUST_PROXY: '1' },
    });
    services = createServices(runtime, {
      random: () => 0.5,
      eventLimits: { perAddressPerMinute: 30, perKeyPerMinute: 60 },
    });
    repos = testRepositories(runtime);
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    merchant = await signInForTest(runtime, server.url, 'insights@shop.sa');
    const connected = await services.instagramAccount.connect(merchant.userId, 'insights.shop');
    if (!connected.ok) throw connected.error;
    key = connected.value.account.publicWidgetKey;
    await services.refresh.refreshDueAccounts();
    // Products on the first two posts, as the widget snapshot carries them.
    const row = await repos.snapshots.findByMerchant(merchant.userId);
    const init = ZWidgetInit.parse(JSON.parse(row!.body));
    const feed = init.data.content.feed;
    posts = feed.map((p) => p.id);
    highlights = init.data.content.highlights.map((h) => h.id);
    expect(highlights.length).toBeGreaterThan(0);
    const image = feed[0]!.media.image;
    const body = JSON.parse(row!.body) as { data: { content: { feed: Record<string, unknown>[] } } };
    body.data.content.feed[0]!.products = [
      { id: 'prod-abaya', name_ar: 'عباية سوداء', name_en: 'Black abaya', image },
      { id: 'prod-scarf', name_ar: 'وشاح', name_en: 'Scarf', image: null },
    ];
    body.data.content.feed[1]!.products = [
      { id: 'prod-abaya', name_ar: 'عباية سوداء', name_en: 'Black abaya', image },
    ];
    snapshot = body as unknown as typeof snapshot;
    await repos.snapshots.save({
      merchantId: merchant.userId,
      publicWidgetKey: key,
      body: JSON.stringify(body),
      etag: '"with-products"',
      version: row!.version + 1,
      builtAt: clock.now(),
    });
    Object.assign(world, { runtime, services, repos, server, key, posts, highlights, snapshot, merchant });
  });
  afterAll(async () => {
    await server?.close();
    await runtime?.close();
  });
  return world;
}
