import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { jobRuns, type Services } from '@app/api';
import { SCHEDULED_JOBS } from './schedule.js';
import type { ScheduledJob } from './scheduled-job.js';
import { cronTick } from './tick.js';

const logger = pino({ level: 'silent' });
const services = {} as Services;
const runsOf = async (job: string, outcome: string) =>
  (await jobRuns.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value ?? 0;

describe('cron tick', () => {
  const ran: string[] = [];
  const job = (name: string, run: () => Promise<void> = () => Promise.resolve()): ScheduledJob => ({
    name,
    run: async () => {
      ran.push(name);
      await run();
    },
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

  it('names each scheduled job by its file in cron/src/jobs, each once', () => {
    const files = readdirSync(new URL('./jobs/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    const names = SCHEDULED_JOBS.map((j) => j.name);
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
