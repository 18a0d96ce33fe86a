import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_IDS, ZApiError, ZHighlightStoriesResponse, ZMerchant, type TWidgetSettings } from '@app/shared';
import { ManualClock } from '../lib/clock.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createServices, type Repositories, type Services } from '../services.js';
import type { Runtime } from '../runtime.js';
import { storageBackends } from '../testing/backends.js';
import { testRepositories } from '../testing/repositories.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';

/** Issue 13 item 10: a highlight's stories are served only while the widget shows that highlight. */
describe.each(storageBackends)('highlight stories on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let mediaDir: string;
  let merchant: Awaited<ReturnType<typeof signInForTest>>;
  let widgetKey: string;
  let highlightId: string;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  const stories = () =>
    fetch(`${http.url}/api/widget/highlights/${encodeURIComponent(highlightId)}/stories?key=${widgetKey}`);

  /** Saves the widget settings through the dashboard's own call. */
  async function setSettings(change: (s: TWidgetSettings) => void) {
    const current = ZMerchant.parse(await (await merchant.call('GET', '/api/merchant')).json());
    const settings = structuredClone(current.display_settings);
    change(settings);
    const saved = await merchant.call('PUT', '/api/merchant/settings', {
      version: current.settings_version,
      settings,
    });
    expect(saved.status).toBe(200);
  }

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-stories-'));
    runtime = await createTestRuntime({
      database: await backend.database.open(),
      cache: await backend.cache.open(),
      clock,
      env: { MEDIA_DIR: mediaDir },
    });
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    merchant = await signInForTest(runtime, http.url, 'stories@shop.sa');
    const saved = await merchant.call('PUT', '/api/merchant/account', { instagram_username: 'coffee.house' });
    expect(saved.status).toBe(200);
    const account = (await repos.accounts.findByUserId(merchant.userId))!;
    widgetKey = account.publicWidgetKey;
    // Stored content as a refresh leaves it (written directly: encoding real media is not what is tested).
    const image = {
      kind: 'image' as const,
      width: 640,
      height: 640,
      color: '#aabbcc',
      renditions: [{ width: 640, height: 640, path: '/media/x-640.webp' }],
    };
    await repos.content.save(account.id, {
      profile: {
        external_id: '1',
        username: 'coffee.house',
        name: null,
        biography: null,
        picture: null,
        followers_count: null,
        following_count: null,
        media_count: null,
        is_verified: false,
      },
      posts: [],
      highlights: [
        {
          id: '178',
          external_id: 'highlight:178',
          title: 'Menu',
          cover: image,
          stories: [{ id: 's1', media_type: 'image', timestamp: '2026-02-28T10:00:00Z', image }],
        },
      ],
      source: 'demo',
      fetchedAt: clock.now(),
    });
    await services.snapshots.rebuild(merchant.userId);
    highlightId = 'highlight:178';
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const expectHidden = async () => {
    const res = await stories();
    expect(res.status).toBe(404);
    expect(ZApiError.parse(await res.json()).error.code).toBe('highlight_not_found');
  };
  const expectShown = async () => {
    const res = await stories();
    expect(res.status).toBe(200);
    expect(ZHighlightStoriesResponse.parse(await res.json()).stories.length).toBeGreaterThan(0);
  };

  it('serves the stories of a highlight the widget shows', async () => {
    await expectShown();
  });

  it('answers 404 while highlights are switched off', async () => {
    await setSettings((s) => (s.highlights.enabled = false));
    await expectHidden();
    await setSettings((s) => (s.highlights.enabled = true));
    await expectShown();
  });

  it('answers 404 while the widget is switched off', async () => {
    await setSettings((s) => (s.widget_enabled = false));
    await expectHidden();
    await setSettings((s) => (s.widget_enabled = true));
    await expectShown();
  });

  it('answers 404 when the plan has no highlights', async () => {
    await repos.subscriptions.replaceActive({
      userId: merchant.userId,
      tierId: TIER_IDS.basic,
      source: 'direct',
      startDate: clock.now(),
      endDate: null,
    });
    await services.snapshots.rebuild(merchant.userId);
    await expectHidden();
    await repos.subscriptions.replaceActive({
      userId: merchant.userId,
      tierId: TIER_IDS.pro,
      source: 'direct',
      startDate: clock.now(),
      endDate: null,
    });
    await services.snapshots.rebuild(merchant.userId);
    await expectShown();
  });
});
