import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { ok } from '../lib/result.js';
import type { FetchContentOptions, InstagramSource } from '../instagram/instagram.source.js';
import type { Runtime } from '../runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { storageBackends } from '../testing/backends.js';
import { testRepositories } from '../testing/repositories.js';
import { createTestRuntime } from '../testing/runtime.js';

/** A source whose fetches wait at a gate the test opens, counting fetches per username. */
class GatedSource implements InstagramSource {
  readonly name = 'demo' as const;
  readonly capabilities = { highlights: false, stories: false };
  readonly fetches = new Map<string, number>();
  private gate: Promise<void> = Promise.resolve();
  private open = () => {};
  started: Promise<void> = Promise.resolve();
  private onStart = () => {};

  close() {
    this.gate = new Promise((resolve) => (this.open = resolve));
    this.started = new Promise((resolve) => (this.onStart = resolve));
  }
  release() {
    this.open();
  }
  lookupAccount(username: string) {
    return Promise.resolve(ok({ externalId: '1', username }));
  }
  async fetchContent(username: string, _options: FetchContentOptions) {
    this.fetches.set(username, (this.fetches.get(username) ?? 0) + 1);
    this.onStart();
    await this.gate;
    return ok({ profile: { externalId: '1', username }, posts: [], highlights: [] });
  }
}

/** Waits (in real time) until `check` holds, failing after a few seconds. */
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** Issue 13 item 12: a crashed worker holds an account briefly, and a running refresh keeps its claim. */
describe.each(storageBackends)('refresh leases on $name', (backend) => {
  let runtime: Runtime;
  let repos: Repositories;
  let workerA: Services;
  let workerB: Services;
  const source = new GatedSource();
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  async function merchant(email: string, username: string) {
    const { user } = await repos.users.findOrCreate({ email });
    const account = await repos.accounts.connect({
      userId: user.id,
      username,
      externalId: '1',
      now: clock.now(),
    });
    return { userId: user.id, account };
  }

  beforeAll(async () => {
    // The default lease (REFRESH_LEASE_SECONDS unset), as a deployment that changed nothing runs.
    runtime = await createTestRuntime({
      database: await backend.database.open(),
      cache: await backend.cache.open(),
      clock,
    });
    repos = testRepositories(runtime);
    const worker = (workerId: string) =>
      createServices(runtime, { source, workerId, random: () => 0.5, refreshHeartbeatMs: 20 });
    workerA = worker('worker-a');
    workerB = worker('worker-b');
  });
  afterAll(async () => {
    source.release();
    await runtime.close();
  });

  it('a manual refresh reclaims, a minute after a crash, an account the dead worker had claimed', async () => {
    const { userId, account } = await merchant('crashed@shop.sa', 'crashed.shop');
    const leaseMs = runtime.env.REFRESH_LEASE_SECONDS * 1000;
    // A worker claims the account with the configured lease, then dies without a word.
    const claimed = await repos.accounts.claimDue({ now: clock.now(), leaseMs, limit: 10, workerId: 'dead' });
    expect(claimed.map((a) => a.id)).toContain(account.id);

    clock.advance(61_000);
    const requested = await workerA.instagramAccount.requestRefresh(userId);
    expect(requested.ok).toBe(true);
    const row = await repos.accounts.findById(account.id);
    expect(row?.claimedBy).toBeNull();

    const outcomes = await workerB.refresh.refreshDueAccounts();
    expect(outcomes.find((o) => o.accountId === account.id)?.ok).toBe(true);
    expect(source.fetches.get('crashed.shop')).toBe(1);
  });

  it('keeps the claim of a refresh that runs longer than the lease, so no other worker fetches it', async () => {
    const { userId, account } = await merchant('slow@shop.sa', 'slow.shop');
    source.close();
    const running = workerA.refresh.refreshDueAccounts();
    await source.started;

    // Well past the lease the refresh is still running: its heartbeat has moved the lease on.
    clock.advance(runtime.env.REFRESH_LEASE_SECONDS * 1000 + 30_000);
    await eventually(
      async () => ((await repos.accounts.findById(account.id))?.claimedUntil ?? new Date(0)) > clock.now(),
      'the heartbeat renews the lease',
    );
    expect(await workerB.refresh.refreshDueAccounts()).toEqual([]);
    // Asking for a refresh meanwhile leaves the running one alone.
    expect((await workerA.instagramAccount.requestRefresh(userId)).ok).toBe(true);
    expect((await repos.accounts.findById(account.id))?.claimedBy).toBe('worker-a');

    source.release();
    const outcomes = await running;
    expect(outcomes.map((o) => [o.accountId, o.ok])).toEqual([[account.id, true]]);
    expect(source.fetches.get('slow.shop')).toBe(1);
    const done = await repos.accounts.findById(account.id);
    expect(done?.claimedBy).toBeNull();
    expect(done?.lastRefresh?.getTime()).toBe(clock.now().getTime());
  });

  it('on shutdown finishes the refresh running, gives back the claims not started, and claims nothing more', async () => {
    const stopping = createServices(runtime, {
      source,
      workerId: 'worker-stopping',
      random: () => 0.5,
      refreshHeartbeatMs: 20,
    });
    // REFRESH_CONCURRENCY is 2 by default: four due accounts, two start, two wait their turn.
    const shops = await Promise.all(
      ['one', 'two', 'three', 'four'].map((n) => merchant(`stop-${n}@shop.sa`, `stop.${n}`)),
    );
    source.close();
    const running = stopping.refresh.refreshDueAccounts();
    await source.started;
    stopping.refresh.stopClaiming();
    source.release();
    const outcomes = await running;
    // The refreshes that had started completed; the others went back, due for any worker at once.
    expect(outcomes.length).toBeGreaterThanOrEqual(1);
    expect(outcomes.length).toBeLessThan(shops.length);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const ids = new Set(outcomes.map((o) => o.accountId));
    for (const { account } of shops) {
      const row = await repos.accounts.findById(account.id);
      expect(row?.claimedBy).toBeNull();
      if (!ids.has(account.id)) expect(row?.lastRefresh).toBeNull();
    }
    expect(await stopping.refresh.refreshDueAccounts()).toEqual([]);
    // Another worker takes what was given back straight away, nothing lost.
    const rest = await workerB.refresh.refreshDueAccounts();
    expect(new Set([...ids, ...rest.map((o) => o.accountId)])).toEqual(
      new Set(shops.map((s) => s.account.id)),
    );
  });
});
