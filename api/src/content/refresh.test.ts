import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, TIER_IDS, ZWidgetInit } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { ManualClock } from '../lib/clock.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import type { Runtime } from '../runtime.js';
import { DemoSource } from '../instagram/demo.source.js';
import type { InstagramSource } from '../instagram/instagram.source.js';
import { err } from '../lib/result.js';
import { backoffAfterFailure, isRequestedRefresh, nextRefreshAfterSuccess } from './refresh.service.js';
import type { InstagramAccountRow } from './instagram-accounts.repository.js';

const HOUR = 3_600_000;
// Every merchant shows the same demo account: its media are generated and encoded once per run, and the
// content-addressed store then serves every later copy from disk (the expensive part is image encoding).
const SAMPLE = 'coffee.house';
const mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** A source that can be switched to fail, wrapping the demo one. */
class SwitchableSource implements InstagramSource {
  readonly name = 'demo' as const;
  readonly capabilities;
  failing: false | 'unavailable' | 'rate_limited' = false;
  calls = 0;
  /** Who each fetch was for and its priority, in order. */
  fetches: { userId?: string | undefined; priority?: string | undefined }[] = [];
  constructor(private readonly inner: InstagramSource) {
    this.capabilities = inner.capabilities;
  }
  lookupAccount(username: string) {
    return this.inner.lookupAccount(username);
  }
  fetchContent(username: string, options: Parameters<InstagramSource['fetchContent']>[1]) {
    this.calls++;
    this.fetches.push({ userId: options.userId, priority: options.priority });
    if (this.failing) {
      return Promise.resolve(
        err({
          kind: this.failing,
          message:
            this.failing === 'rate_limited'
              ? 'Instagram asked us to slow down.'
              : 'Instagram is not answering.',
          ...(this.failing === 'rate_limited' ? { retryAfterMs: 30 * 60_000 } : {}),
        }),
      );
    }
    return this.inner.fetchContent(username, options);
  }
}

describe.each(databaseBackends)('refresh engine on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let source: SwitchableSource;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  async function merchant(email: string, username: string, tier?: 'basic' | 'pro') {
    const { user } = await repos.users.findOrCreate({
      email,
      trialEndsAt: new Date(clock.now().getTime() + 14 * 24 * HOUR),
    });
    if (tier) {
      await repos.subscriptions.replaceActive({
        userId: user.id,
        tierId: TIER_IDS[tier],
        source: 'direct',
        startDate: clock.now(),
        endDate: null,
      });
    }
    const connected = await services.instagramAccount.connect(user.id, username);
    if (!connected.ok) throw connected.error;
    return { user, account: connected.value.account };
  }

  async function snapshotOf(key: string) {
    const row = await repos.snapshots.findByWidgetKey(key);
    return row ? { row, init: ZWidgetInit.parse(JSON.parse(row.body)) } : undefined;
  }

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.open(),
      clock,
      env: { MEDIA_DIR: mediaDir },
    });
    source = new SwitchableSource(new DemoSource({ clock }));
    services = createServices(runtime, { source, random: () => 0.5, workerId: 'test-worker' });
    repos = testRepositories(runtime);
  });
  afterAll(async () => {
    await runtime.close();
  });

  it('fetches a new account, copies its media and builds the widget snapshot', async () => {
    const { account } = await merchant('trial@shop.sa', 'coffee.house');
    expect(account.publicWidgetKey).toMatch(/^wk_[A-Za-z0-9_-]{24}$/);
    expect((await services.instagramAccount.status(account.userId)).widget_content_ready).toBe(false);

    // "Ready" is told only once the store's snapshot holds the content: whoever reads the status while the
    // snapshot is being built must still see "not ready" (the store would show an empty feed).
    const readyWhileBuilding: boolean[] = [];
    const rebuild = services.snapshots.rebuild.bind(services.snapshots);
    const spy = vi.spyOn(services.snapshots, 'rebuild').mockImplementation(async (userId) => {
      readyWhileBuilding.push((await services.instagramAccount.status(userId)).widget_content_ready);
      return rebuild(userId);
    });
    const outcomes = await services.refresh.refreshDueAccounts().finally(() => spy.mockRestore());
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: true, mediaFailures: 0 });
    expect(readyWhileBuilding).toEqual([false]);

    const status = await services.instagramAccount.status(account.userId);
    expect(status.widget_content_ready).toBe(true);
    expect(status.last_error).toBeNull();
    // Trial refreshes like pro: every 3 h (the test's random() gives the middle of the ±10 % jitter).
    expect(new Date(status.next_refresh_at ?? 0).getTime() - clock.now().getTime()).toBe(3 * HOUR);

    const snap = await snapshotOf(account.publicWidgetKey);
    expect(snap).toBeDefined();
    const { init } = snap!;
    expect(init.data.config.package_tier).toBe('trial');
    expect(init.data.config.customization_options.branding.show).toBe(true);
    expect(init.data.content.feed.length).toBeGreaterThan(12);
    expect(init.data.content.highlights.length).toBeGreaterThan(0);
    expect(snap!.row.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    // Nothing in the snapshot points anywhere but our media store.
    const body = snap!.row.body;
    expect(body).not.toMatch(/demo:\/\/|cdninstagram|fbcdn/);
    const paths = [...body.matchAll(/"(\/media\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(paths.length).toBeGreaterThan(20);
    for (const p of new Set(paths))
      expect(existsSync(path.join(mediaDir, p.slice('/media/'.length)))).toBe(true);
    // The video post keeps a poster image and its video file.
    const video = init.data.content.feed.find((p) => p.type === 'video');
    expect(video?.media.image.renditions.length).toBeGreaterThan(0);
    const carousel = init.data.content.feed.find((p) => p.media_type === 'CAROUSEL_ALBUM');
    expect(carousel?.children.length).toBeGreaterThanOrEqual(2);
  });

  it('applies the plan on the server: basic gets 12 posts, no highlights, branding shown', async () => {
    const basic = await merchant('basic@shop.sa', SAMPLE, 'basic');
    const pro = await merchant('pro@shop.sa', SAMPLE, 'pro');
    await services.refresh.refreshDueAccounts();
    const b = (await snapshotOf(basic.account.publicWidgetKey))!.init;
    const p = (await snapshotOf(pro.account.publicWidgetKey))!.init;
    expect(b.data.content.feed).toHaveLength(12);
    expect(b.data.content.highlights).toEqual([]);
    expect(b.data.config.customization_options.highlights.enabled).toBe(false);
    expect(b.data.config.customization_options.branding.show).toBe(true);
    expect(p.data.content.feed.length).toBeGreaterThan(12);
    expect(p.data.content.highlights.length).toBeGreaterThan(0);
    expect(p.data.config.customization_options.branding.show).toBe(false);

    const stories = await services.highlights.stories(
      p.data.config.public_widget_key,
      `highlight:${p.data.content.highlights[0]!.id}`,
    );
    expect(stories.ok && stories.value.length).toBeGreaterThan(0);
    const refused = await services.highlights.stories(b.data.config.public_widget_key, 'anything');
    expect(!refused.ok && refused.error.status).toBe(404);

    const basicStatus = await services.instagramAccount.status(basic.user.id);
    expect(new Date(basicStatus.next_refresh_at ?? 0).getTime() - clock.now().getTime()).toBe(6 * HOUR);

    // The merchant's highlight limit decides how many the store shows; the answer keeps the others for the
    // dashboard's preview of a higher limit.
    const count = p.data.content.highlights.length;
    expect(count).toBeGreaterThan(1);
    expect(p.data.config.customization_options.highlights.limit).toBe(Math.min(count, 5));
    const saved = await repos.preferences.save(pro.user.id, 1, {
      ...DEFAULT_WIDGET_SETTINGS,
      highlights: { ...DEFAULT_WIDGET_SETTINGS.highlights, limit: 1 },
    });
    expect(saved.ok).toBe(true);
    await services.snapshots.rebuild(pro.user.id);
    const limited = (await snapshotOf(pro.account.publicWidgetKey))!.init;
    expect(limited.data.config.customization_options.highlights.limit).toBe(1);
    expect(limited.data.content.highlights).toHaveLength(count);
  });

  it('keeps serving the last good content when a refresh fails, and backs off', async () => {
    const { account, user } = await merchant('flaky@shop.sa', SAMPLE);
    await services.refresh.refreshDueAccounts();
    const before = await snapshotOf(account.publicWidgetKey);

    source.failing = 'unavailable';
    await services.instagramAccount.requestRefresh(user.id);
    const [failed] = await services.refresh.refreshDueAccounts();
    expect(failed).toMatchObject({ ok: false, error: 'Instagram is not answering.' });
    let status = await services.instagramAccount.status(user.id);
    expect(status.last_error).toBe('Instagram is not answering.');
    expect(status.widget_content_ready).toBe(true);
    expect(new Date(status.next_refresh_at ?? 0).getTime() - clock.now().getTime()).toBe(60_000);
    expect((await snapshotOf(account.publicWidgetKey))!.row.body).toBe(before!.row.body);

    // Second failure doubles the wait; nothing is claimed before it is due.
    expect(await services.refresh.refreshDueAccounts()).toEqual([]);
    clock.advance(60_000);
    await services.refresh.refreshDueAccounts();
    status = await services.instagramAccount.status(user.id);
    expect(new Date(status.next_refresh_at ?? 0).getTime() - clock.now().getTime()).toBe(120_000);

    // A source that asks us to slow down is obeyed even when the backoff would be shorter.
    source.failing = 'rate_limited';
    clock.advance(120_000);
    await services.refresh.refreshDueAccounts();
    status = await services.instagramAccount.status(user.id);
    expect(new Date(status.next_refresh_at ?? 0).getTime() - clock.now().getTime()).toBe(30 * 60_000);

    source.failing = false;
    clock.advance(30 * 60_000);
    const [recovered] = await services.refresh.refreshDueAccounts();
    expect(recovered?.ok).toBe(true);
    expect((await services.instagramAccount.status(user.id)).last_error).toBeNull();
  });

  it('downloads only what is new on the next refresh', async () => {
    const { user } = await merchant('again@shop.sa', SAMPLE);
    await services.refresh.refreshDueAccounts();
    const files = () => services.mediaStore.size();
    const sizeAfterFirst = await files();
    await services.instagramAccount.requestRefresh(user.id);
    const [second] = await services.refresh.refreshDueAccounts();
    expect(second?.ok).toBe(true);
    expect(await files()).toEqual(sizeAfterFirst);
  });

  it('fetches with merchant priority only when a person asked for the refresh (issue 13 item 4)', async () => {
    const { user } = await merchant('priority@shop.sa', SAMPLE);
    await services.refresh.refreshDueAccounts(); // the first fill: the timetable's
    await services.instagramAccount.requestRefresh(user.id);
    await services.refresh.refreshDueAccounts(); // "Refresh" on the dashboard
    clock.advance(3.5 * HOUR);
    await services.refresh.refreshDueAccounts(); // due by the timetable
    const mine = source.fetches.filter((f) => f.userId === user.id).map((f) => f.priority);
    expect(mine).toEqual(['scheduled', 'merchant', 'scheduled']);
  });

  it('hands an account whose worker crashed to another worker once the lease passes', async () => {
    const { account } = await merchant('crash@shop.sa', SAMPLE);
    const claimed = await repos.accounts.claimDue({
      now: clock.now(),
      leaseMs: 10 * 60_000,
      limit: 10,
      workerId: 'crashed-worker',
    });
    expect(claimed.map((a) => a.id)).toContain(account.id);
    // While the lease holds nobody else takes it.
    expect((await services.refresh.refreshDueAccounts()).map((o) => o.accountId)).not.toContain(account.id);
    clock.advance(10 * 60_000 + 1);
    const outcomes = await services.refresh.refreshDueAccounts();
    expect(outcomes.find((o) => o.accountId === account.id)?.ok).toBe(true);
  });
});

describe('refresh scheduling rules', () => {
  it('jitters the next refresh within ±10 % of the plan interval', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextRefreshAfterSuccess(now, 3, () => 0).getTime() - now.getTime()).toBe(2.7 * HOUR);
    expect(nextRefreshAfterSuccess(now, 3, () => 0.999999).getTime() - now.getTime()).toBeCloseTo(
      3.3 * HOUR,
      -2,
    );
    expect(nextRefreshAfterSuccess(now, 6, () => 0.5).getTime() - now.getTime()).toBe(6 * HOUR);
  });

  it('tells a refresh someone asked for from the timetable and its retries', () => {
    const last = new Date('2026-01-01T00:00:00Z');
    const account = (nextInHours: number, attempts = 0, lastRefresh: Date | null = last) =>
      ({
        lastRefresh,
        refreshAttempts: attempts,
        nextRefreshAt: new Date(last.getTime() + nextInHours * HOUR),
      }) as InstagramAccountRow;
    expect(isRequestedRefresh(account(2.7), 3)).toBe(false); // the earliest jittered schedule
    expect(isRequestedRefresh(account(3.3), 3)).toBe(false);
    expect(isRequestedRefresh(account(1), 3)).toBe(true); // made due early by "Refresh"
    expect(isRequestedRefresh(account(1, 2), 3)).toBe(false); // a retry after failures
    expect(isRequestedRefresh(account(0, 0, null), 3)).toBe(false); // a new account's first fill
  });

  it('backs off 1 min doubling, capped at the interval', () => {
    const now = new Date(0);
    const wait = (attempts: number, hours = 3, retry?: number) =>
      backoffAfterFailure(now, attempts, hours, retry).getTime();
    expect([1, 2, 3, 4].map((a) => wait(a))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(wait(20)).toBe(3 * HOUR);
    expect(wait(1, 3, 15 * 60_000)).toBe(15 * 60_000);
  });
});
