import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { ManualClock } from '../lib/clock.js';
import { createServices, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import type { Runtime } from '../runtime.js';
import type { FetchContentOptions, InstagramSource } from '../instagram/instagram.source.js';
import { ok } from '../lib/result.js';

/** A source that notices when one account is fetched twice at once, or twice at all. */
class CountingSource implements InstagramSource {
  readonly name = 'demo' as const;
  readonly capabilities = { highlights: false, stories: false };
  readonly fetches = new Map<string, number>();
  readonly inFlight = new Set<string>();
  overlaps = 0;

  lookupAccount(username: string) {
    return Promise.resolve(ok({ externalId: '1', username }));
  }

  async fetchContent(username: string, _options: FetchContentOptions) {
    if (this.inFlight.has(username)) this.overlaps++;
    this.inFlight.add(username);
    this.fetches.set(username, (this.fetches.get(username) ?? 0) + 1);
    // Long enough for the other worker to try to take the same rows meanwhile.
    await new Promise((r) => setTimeout(r, 15));
    this.inFlight.delete(username);
    return ok({ profile: { externalId: '1', username }, posts: [], highlights: [] });
  }
}

describe.each(databaseBackends)('concurrent workers on $name', (backend) => {
  let runtime: Runtime;
  let workers: Services[];
  const source = new CountingSource();
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  const ACCOUNTS = 40;

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.open(),
      clock,
      env: { REFRESH_BATCH_SIZE: '5', REFRESH_CONCURRENCY: '3' },
    });
    // Two engines over one database, as two cron processes would be.
    workers = ['worker-a', 'worker-b'].map((workerId) =>
      createServices(runtime, { source, workerId, random: () => 0.5 }),
    );
    const repos = testRepositories(runtime);
    for (let i = 0; i < ACCOUNTS; i++) {
      const { user } = await repos.users.findOrCreate({ email: `m${i}@shop.sa` });
      await repos.accounts.connect({
        userId: user.id,
        username: `shop${i}`,
        externalId: '1',
        now: clock.now(),
      });
    }
  });
  afterAll(async () => {
    await runtime.close();
  });

  it('never refreshes one account twice, and together they refresh every due account', async () => {
    const drain = async (services: Services) => {
      const done: string[] = [];
      for (;;) {
        const outcomes = await services.refresh.refreshDueAccounts();
        if (outcomes.length === 0) return done;
        done.push(...outcomes.filter((o) => o.ok).map((o) => o.accountId));
      }
    };
    const [a, b] = await Promise.all(workers.map(drain));
    expect(source.overlaps).toBe(0);
    expect([...source.fetches.values()].every((n) => n === 1)).toBe(true);
    expect(source.fetches.size).toBe(ACCOUNTS);
    expect(new Set([...a!, ...b!]).size).toBe(ACCOUNTS);
    expect(a!.length + b!.length).toBe(ACCOUNTS);
    expect(await testRepositories(runtime).accounts.countDue(clock.now())).toBe(0);
  });
});
