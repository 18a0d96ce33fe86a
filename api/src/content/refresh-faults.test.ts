import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestRuntime } from '../testing/runtime.js';
import { ManualClock } from '../lib/clock.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import type { Runtime } from '../runtime.js';
import { GraphSource } from '../instagram/graph.source.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { startFakeGraph, type FakeGraph, type FakeGraphFault } from '../testing/fake-graph.js';
import type { FakeGraphAccount } from '../testing/fake-graph-fields.js';
import { graphTimestamp } from '../testing/fake-graph-samples.js';
import { FAKE_CDN_PATHS, startFakeCdn, type FakeCdn } from '../testing/fake-cdn.js';
import type { InstagramAccountRow } from './instagram-accounts.repository.js';

const MINUTE = 60_000;

/**
 * The whole refresh path against fakes of Instagram's Graph API and CDN on 127.0.0.1: every fault the
 * outside world can throw at us leaves the last good content served and the error recorded.
 */
describe('refresh under outside faults', () => {
  let graph: FakeGraph;
  let cdn: FakeCdn;
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let mediaDir: string;
  let account: InstagramAccountRow;
  let shop: FakeGraphAccount;
  const clock = new ManualClock(new Date('2026-06-02T08:00:00Z'));

  const post = (id: string, url: string, hoursAgo = 1) => ({
    id,
    caption: `post ${id}`,
    media_type: 'IMAGE' as const,
    media_url: url,
    permalink: `https://www.instagram.com/p/${id}/`,
    timestamp: graphTimestamp(new Date(clock.now().getTime() - hoursAgo * 3_600_000)),
    like_count: 5,
    comments_count: 1,
  });

  const snapshotBody = async () => (await repos.snapshots.findByWidgetKey(account.publicWidgetKey))?.body;
  const status = () => services.instagramAccount.status(account.userId);
  /** Makes the account due and runs one tick. */
  const refreshNow = async () => {
    await services.instagramAccount.requestRefresh(account.userId);
    const outcomes = await services.refresh.refreshDueAccounts();
    return outcomes.find((o) => o.accountId === account.id);
  };

  beforeAll(async () => {
    cdn = await startFakeCdn();
    shop = {
      id: '17841400000009999',
      username: 'fault.shop',
      accountType: 'business',
      name: 'Fault Shop',
      profile_picture_url: cdn.url(FAKE_CDN_PATHS.png),
      followers_count: 1200,
      follows_count: 10,
      media_count: 3,
      media: [
        post('p3', cdn.url(`${FAKE_CDN_PATHS.jpeg}?n=3`), 1),
        post('p2', cdn.url(`${FAKE_CDN_PATHS.jpeg}?n=2`), 2),
        post('p1', cdn.url(`${FAKE_CDN_PATHS.png}?n=1`), 3),
      ],
    };
    graph = await startFakeGraph({ accounts: [shop], accessToken: 'test-token' });
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-faults-'));
    runtime = await createTestRuntime({ clock, env: { MEDIA_DIR: mediaDir } });
    const source = new GraphSource({
      token: 'test-token',
      igUserId: '17841405309211844',
      baseUrl: graph.baseUrl,
      fetch: (input, init) => fetch(input, init),
      budget: { take: () => Promise.resolve({ ok: true }) },
      clock,
      timeoutMs: 500,
    });
    const mediaFetcher = new HttpMediaFetcher({
      allowLoopbackForTests: true,
      clock,
      timeoutMs: 1_000,
      maxBytes: 2 * 1024 * 1024,
    });
    services = createServices(runtime, { source, mediaFetcher, random: () => 0.5 });
    repos = testRepositories(runtime);
    const { user } = await repos.users.findOrCreate({
      email: 'faults@shop.sa',
      trialEndsAt: new Date(clock.now().getTime() + 10 * 86_400_000),
    });
    const connected = await services.instagramAccount.connect(user.id, 'fault.shop');
    if (!connected.ok) throw connected.error;
    account = connected.value.account;
    const first = await services.refresh.refreshDueAccounts();
    expect(first[0]).toMatchObject({ ok: true, posts: 3 });
  });
  afterAll(async () => {
    await runtime.close();
    await graph.close();
    await cdn.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    // Past any backoff the previous case left (throttling asks for up to an hour).
    clock.advance(2 * 60 * MINUTE);
  });

  it.each<[string, FakeGraphFault, RegExp]>([
    ['HTTP 500', { kind: 'server_error' }, /./],
    ['HTTP 503', { kind: 'server_error', status: 503 }, /./],
    ['throttling code 17', { kind: 'throttled', code: 17 }, /./],
    ['throttling code 4', { kind: 'throttled', code: 4 }, /./],
    ['Business Use Case throttling (80002)', { kind: 'throttled', code: 80002 }, /limiting/],
    ['a hang past the timeout', { kind: 'hang' }, /./],
    ['invalid JSON', { kind: 'invalid_json' }, /./],
    ['a body of the wrong shape', { kind: 'wrong_shape' }, /./],
  ])('keeps the last good content through %s', async (_name, fault, message) => {
    const before = await snapshotBody();
    expect(before).toBeDefined();
    graph.setBehaviour({ nextFaults: [fault] });
    const outcome = await refreshNow();
    expect(outcome?.ok).toBe(false);
    const s = await status();
    expect(s.last_error).toMatch(message);
    expect(s.widget_content_ready).toBe(true);
    expect(new Date(s.next_refresh_at ?? 0).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(await snapshotBody()).toBe(before);
    // And the next refresh, once due, recovers.
    clock.advance(2 * 60 * MINUTE);
    expect((await refreshNow())?.ok).toBe(true);
    expect((await status()).last_error).toBeNull();
  });

  it.each([
    ['an expired CDN signature (403)', FAKE_CDN_PATHS.expired],
    ['an HTML page served as a JPEG', FAKE_CDN_PATHS.htmlAsJpeg],
    ['an oversized file', FAKE_CDN_PATHS.oversized],
    ['a missing file', FAKE_CDN_PATHS.missing],
  ])('leaves out a new post whose media fail with %s, and keeps the rest', async (_name, badPath) => {
    const id = `bad-${badPath.replace(/\W/g, '')}`;
    shop.media.unshift(post(id, cdn.url(badPath), 0.5));
    const outcome = await refreshNow();
    shop.media.shift();
    expect(outcome).toMatchObject({ ok: true, posts: 3 });
    expect(outcome?.ok && outcome.mediaFailures).toBeGreaterThan(0);
    const body = (await snapshotBody()) ?? '';
    expect(body).not.toContain(id);
    expect(body).toContain('"p3"');
    expect(body).not.toContain('127.0.0.1');
  });

  it('fails the refresh, and keeps the old content, when no new media can be copied at all', async () => {
    const before = await snapshotBody();
    const saved = shop.media.splice(0);
    shop.media.push(
      post('x1', cdn.url(FAKE_CDN_PATHS.expired)),
      post('x2', cdn.url(FAKE_CDN_PATHS.htmlAsJpeg)),
    );
    const outcome = await refreshNow();
    shop.media.splice(0, shop.media.length, ...saved);
    expect(outcome?.ok).toBe(false);
    expect((await status()).last_error).toMatch(/could be copied/);
    expect(await snapshotBody()).toBe(before);
  });

  it('reports a personal account with the message merchants can act on', async () => {
    const checked = await services.instagramAccount.validate('merchant-id', 'personal_nobody');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error.message).toMatch(/business or creator/);
  });
});
