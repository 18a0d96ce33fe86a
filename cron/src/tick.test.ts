import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { jobRuns, type JobLeaseLedger, type Services } from '@app/api';
import { SCHEDULED_JOBS } from './schedule.js';
import type { Scheduled } from './scheduled-job.js';
import { cronTick } from './tick.js';

const logger = pino({ level: 'silent' });
const services = {} as Services;
const runsOf = async (job: string, outcome: string) =>
  (await jobRuns.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value ?? 0;

describe('cron tick', () => {
  const ran: string[] = [];
  const job = (
    name: string,
    run: () => Promise<void> = () => Promise.resolve(),
    when: { everyMs?: number; leaseMs?: number } = {},
  ): Scheduled => ({
    job: {
      name,
      run: async () => {
        ran.push(name);
        await run();
      },
    },
    everyMs: when.everyMs ?? 0,
    ...(when.leaseMs === undefined ? {} : { leaseMs: when.leaseMs }),
  });

  it("runs every job even when one throws, and counts each job's outcome", async () => {
    ran.length = 0;
    const before = {
      done: await runsOf('tick.after', 'done'),
      failed: await runsOf('tick.broken', 'failed'),
    };
    const tick = cronTick(
      [job('before'), job('broken', () => Promise.reject(new Error('boom'))), job('after')],
      services,
      logger,
    );
    await tick();
    expect(ran).toEqual(['before', 'broken', 'after']);
    expect(await runsOf('tick.broken', 'failed')).toBe(before.failed + 1);
    expect(await runsOf('tick.after', 'done')).toBe(before.done + 1);
  });

  it('ends the tick when the database is lost, for the scheduler to report the outage once', async () => {
    ran.length = 0;
    const lost = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const tick = cronTick([job('first', () => Promise.reject(lost)), job('second')], services, logger);
    await expect(tick()).rejects.toBe(lost);
    expect(ran).toEqual(['first']);
  });

  it('starts no further job once the process is stopping', async () => {
    ran.length = 0;
    let stopping = false;
    const tick = cronTick(
      [
        job('one', () => {
          stopping = true;
          return Promise.resolve();
        }),
        job('two'),
      ],
      services,
      logger,
      { isStopping: () => stopping },
    );
    await tick();
    expect(ran).toEqual(['one']);
  });

  it('skips a job until its interval has passed since it last started', async () => {
    ran.length = 0;
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const tick = cronTick(
      [job('hourly', undefined, { everyMs: 3_600_000 }), job('always')],
      services,
      logger,
      {
        now: () => new Date(clock),
      },
    );
    await tick();
    clock += 30 * 60_000;
    await tick();
    clock += 30 * 60_000;
    await tick();
    expect(ran).toEqual(['hourly', 'always', 'always', 'hourly', 'always']);
  });

  /** job_leases in memory, with the repository's rules: taken when due and no live lease is held. */
  function leaseTable() {
    const rows = new Map<string, { holder: string | null; leaseUntil: number | null; nextRunAt: number }>();
    const ledger: JobLeaseLedger = {
      claimJob: ({ name, holder, now, leaseMs }) => {
        const row = rows.get(name) ?? { holder: null, leaseUntil: null, nextRunAt: now.getTime() };
        rows.set(name, row);
        if (row.nextRunAt > now.getTime()) return Promise.resolve(false);
        if (row.leaseUntil !== null && row.leaseUntil >= now.getTime()) return Promise.resolve(false);
        Object.assign(row, { holder, leaseUntil: now.getTime() + leaseMs });
        return Promise.resolve(true);
      },
      extendJob: ({ name, holder, until }) => {
        const row = rows.get(name);
        if (row?.holder === holder) row.leaseUntil = until.getTime();
        return Promise.resolve();
      },
      finishJob: ({ name, holder, nextRunAt }) => {
        const row = rows.get(name);
        if (row?.holder === holder)
          Object.assign(row, { holder: null, leaseUntil: null, nextRunAt: nextRunAt.getTime() });
        return Promise.resolve();
      },
    };
    return { rows, ledger };
  }
  const withLeases = (ledger: JobLeaseLedger, holder: string) =>
    ({ jobLeases: { holder, ledger } }) as unknown as Services;

  it('skips a leased job while another process holds its lease, and shares its next run', async () => {
    ran.length = 0;
    const clock = Date.parse('2026-03-01T10:00:00Z');
    const { rows, ledger } = leaseTable();
    const options = { now: () => new Date(clock) };
    const schedule = [job('sweep', undefined, { everyMs: 3_600_000, leaseMs: 600_000 }), job('always')];
    // Another cron process is in the middle of the sweep.
    rows.set('sweep', { holder: 'other', leaseUntil: clock + 300_000, nextRunAt: clock });
    const skippedBefore = await runsOf('tick.sweep', 'skipped');
    await cronTick(schedule, withLeases(ledger, 'this'), logger, options)();
    expect(ran).toEqual(['always']);
    expect(await runsOf('tick.sweep', 'skipped')).toBe(skippedBefore + 1);

    // Its lease gone, this process runs it and releases the lease with the next run an hour on ...
    rows.set('sweep', { holder: null, leaseUntil: null, nextRunAt: clock });
    await cronTick(schedule, withLeases(ledger, 'this'), logger, options)();
    expect(ran).toEqual(['always', 'sweep', 'always']);
    expect(rows.get('sweep')).toEqual({ holder: null, leaseUntil: null, nextRunAt: clock + 3_600_000 });

    // ... so a second process, which never ran it, does not run it either.
    await cronTick(schedule, withLeases(ledger, 'second'), logger, options)();
    expect(ran).toEqual(['always', 'sweep', 'always', 'always']);
  });

  it('releases the lease of a leased job that failed, due again a minute later', async () => {
    ran.length = 0;
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const { rows, ledger } = leaseTable();
    const tick = cronTick(
      [job('sweep', () => Promise.reject(new Error('boom')), { everyMs: 3_600_000, leaseMs: 600_000 })],
      withLeases(ledger, 'this'),
      logger,
      { now: () => new Date(clock) },
    );
    await tick();
    expect(ran).toEqual(['sweep']);
    expect(rows.get('sweep')).toEqual({ holder: null, leaseUntil: null, nextRunAt: clock + 60_000 });
    clock += 30_000;
    await tick();
    expect(ran).toEqual(['sweep']);
    clock += 30_000;
    await tick();
    expect(ran).toEqual(['sweep', 'sweep']);
  });

  it('names each scheduled job by its file in cron/src/jobs, each once', () => {
    const files = readdirSync(new URL('./jobs/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    const names = SCHEDULED_JOBS.map((s) => s.job.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...files].sort());
    // The order that matters: platform tokens first, queued work before its retries, renewals before the
    // notices, the refreshes before what reads their results.
    const at = (name: string) => names.indexOf(name);
    expect(at('renew-salla-tokens')).toBe(0);
    expect(at('run-queued-jobs')).toBeLessThan(at('retry-webhook-deliveries'));
    expect(at('renew-saved-cards')).toBeLessThan(at('billing-notices'));
    expect(at('refresh-due-accounts')).toBeLessThan(at('content-health-notices'));
  });
});
