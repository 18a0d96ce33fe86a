import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { jobs } from '../db/schema.js';
import { ManualClock } from '../lib/clock.js';
import { jobRuns } from '../metrics/metrics.js';
import { databaseBackends, silentLogger } from '../testing/backends.js';
import { JOB_DEFAULTS, JobQueue, backoffMs, defineJob } from './job-queue.js';
import { JobsRepository } from './jobs.repository.js';

const runsOf = async (job: string, outcome: string) =>
  (await jobRuns.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value ?? 0;

describe('backoff', () => {
  it('doubles from the first wait up to the cap', () => {
    const job = defineJob({ name: 'b', payload: z.object({}) });
    expect([1, 2, 3, 4].map((a) => backoffMs(job, a))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(job, 20)).toBe(JOB_DEFAULTS.maxBackoffMs);
    const quick = { ...job, backoffMs: 1000, maxBackoffMs: 3000 };
    expect([1, 2, 3, 4].map((a) => backoffMs(quick, a))).toEqual([1000, 2000, 3000, 3000]);
  });
});

describe.each(databaseBackends)('background jobs on $name', (backend) => {
  let database: DatabaseHandle;
  let repo: JobsRepository;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  const seen: string[] = [];
  let failing = new Set<string>();
  const echo = defineJob({
    name: 'test.echo',
    payload: z.object({ word: z.string() }),
    maxAttempts: 3,
    backoffMs: 1000,
  });
  const queueFor = (worker: string) =>
    new JobQueue({ repo, clock, logger: silentLogger, worker, batchSize: 2 }).register(echo, ({ word }) => {
      if (failing.has(word)) return Promise.reject(new Error(`cannot say ${word}`));
      seen.push(word);
      return Promise.resolve();
    });
  const rows = () => database.db.select().from(jobs).orderBy(jobs.createdAt);

  beforeAll(async () => {
    database = await backend.open();
    repo = new JobsRepository(database.db);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
    seen.length = 0;
    failing = new Set();
  });

  it('runs an enqueued job at once in this process, then forgets it', async () => {
    const queue = queueFor('a');
    const before = await runsOf('test.echo', 'done');
    expect(await queue.enqueue(echo, { word: 'hello' })).toBe(true);
    await queue.idle();
    expect(seen).toEqual(['hello']);
    expect(await rows()).toEqual([]);
    expect(await runsOf('test.echo', 'done')).toBe(before + 1);
  });

  it('stores a job once per key', async () => {
    const queue = queueFor('a');
    await queue.stop(); // stored, not run
    expect(await queue.enqueue(echo, { word: 'one' }, { key: 'k1' })).toBe(true);
    expect(await queue.enqueue(echo, { word: 'two' }, { key: 'k1' })).toBe(false);
    expect(await queue.enqueue(echo, { word: 'three' }, { key: 'k2' })).toBe(true);
    expect(await queue.enqueue(echo, { word: 'four' })).toBe(true);
    expect(await queue.enqueue(echo, { word: 'five' })).toBe(true);
    expect((await rows()).map((r) => (r.payload as { word: string }).word).sort()).toEqual([
      'five',
      'four',
      'one',
      'three',
    ]);
  });

  it('refuses a payload that does not fit its schema, storing nothing', async () => {
    const queue = queueFor('a');
    await expect(queue.enqueue(echo, { word: 42 } as unknown as { word: string })).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('retries a failed job after its backoff, then runs it; others in the round still run', async () => {
    const queue = queueFor('a');
    failing.add('flaky');
    await queue.enqueue(echo, { word: 'flaky' });
    await queue.enqueue(echo, { word: 'steady' });
    await queue.idle();
    expect(seen).toEqual(['steady']);
    const [row] = await rows();
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'cannot say flaky',
      lockedBy: null,
    });
    expect(row?.runAt.getTime()).toBe(clock.now().getTime() + 1000);

    // Not due yet: nothing runs.
    expect(await queue.runDue()).toBe(0);
    clock.advance(1000);
    failing.delete('flaky');
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual(['steady', 'flaky']);
    expect(await rows()).toEqual([]);
  });

  it('is dead after its last attempt, listed for admins, and runs again when retried', async () => {
    const queue = queueFor('a');
    const deadBefore = await runsOf('test.echo', 'dead');
    failing.add('doomed');
    await queue.enqueue(echo, { word: 'doomed' });
    await queue.idle();
    clock.advance(1000);
    expect(await queue.runDue()).toBe(1);
    clock.advance(2000);
    expect(await queue.runDue()).toBe(1);
    clock.advance(60 * 60_000);
    expect(await queue.runDue()).toBe(0); // dead jobs are not claimed
    const dead = await repo.dead(10);
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      name: 'test.echo',
      state: 'dead',
      attempts: 3,
      lastError: 'cannot say doomed',
    });
    expect(dead[0]?.finishedAt?.getTime()).toBe(clock.now().getTime() - 60 * 60_000);
    expect(await runsOf('test.echo', 'dead')).toBe(deadBefore + 1);

    failing.delete('doomed');
    expect(await repo.retry(dead[0]!.id, clock.now())).toBe(true);
    expect(await repo.retry(dead[0]!.id, clock.now())).toBe(false); // queued now, not dead
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual(['doomed']);
    expect(await repo.dead(10)).toEqual([]);
  });

  it('puts a stored payload that no longer fits straight into the dead state', async () => {
    const queue = queueFor('a');
    await repo.enqueue({ name: 'test.echo', payload: { wrong: true }, runAt: clock.now(), maxAttempts: 5 });
    expect(await queue.runDue()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'dead', attempts: 1 });
    expect(row?.lastError).toMatch(/^payload does not fit/);
  });

  it('leaves jobs of names this process does not run to the processes that do', async () => {
    const other = defineJob({ name: 'test.other', payload: z.object({}) });
    const queue = queueFor('a');
    await queue.enqueue(other, {});
    expect(await queue.runDue()).toBe(0);
    expect(await rows()).toMatchObject([{ name: 'test.other', state: 'queued', attempts: 0 }]);
  });

  it('gives a job whose worker stopped to another once the lease ran out, and each job runs once', async () => {
    const a = queueFor('a');
    const b = queueFor('b');
    await a.stop();
    for (const word of ['w1', 'w2', 'w3', 'w4', 'w5']) await a.enqueue(echo, { word });
    // Worker "a" claims one and stops before finishing it.
    const [held] = await repo.claim({
      names: ['test.echo'],
      limit: 1,
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + JOB_DEFAULTS.leaseMs),
      worker: 'a',
    });
    const c = queueFor('c');
    const ran = await Promise.all([b.runDue(), c.runDue()]);
    expect(ran[0] + ran[1]).toBe(4);
    expect(seen.sort()).toEqual(
      ['w1', 'w2', 'w3', 'w4', 'w5'].filter((w) => w !== (held?.payload as { word: string }).word),
    );
    expect(await rows()).toMatchObject([{ state: 'running', lockedBy: 'a', attempts: 1 }]);

    clock.advance(JOB_DEFAULTS.leaseMs);
    expect(await b.runDue()).toBe(1);
    expect(seen).toHaveLength(5);
    expect(await rows()).toEqual([]);
    // "a" cannot finish or fail what it no longer holds.
    await repo.fail({ id: held!.id, worker: 'a', error: 'late', retryAt: undefined, now: clock.now() });
    expect(await rows()).toEqual([]);
  });

  it('counts jobs by name and state', async () => {
    const queue = queueFor('a');
    await queue.stop();
    await queue.enqueue(echo, { word: 'x' });
    await queue.enqueue(echo, { word: 'y' });
    const [one] = await rows();
    await database.db.update(jobs).set({ state: 'dead' }).where(eq(jobs.id, one!.id));
    const counts = await repo.counts();
    expect(
      counts
        .map(({ name, state, jobs: n }) => ({ name, state, n }))
        .sort((p, q) => p.state.localeCompare(q.state)),
    ).toEqual([
      { name: 'test.echo', state: 'dead', n: 1 },
      { name: 'test.echo', state: 'queued', n: 1 },
    ]);
  });
});
