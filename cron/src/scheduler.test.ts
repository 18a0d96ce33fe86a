import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startScheduler } from './scheduler.js';
import { loadCronEnv } from './env.js';

const logger = pino({ level: 'silent' });

describe('scheduler', () => {
  it('never runs two ticks at once and waits for the running one on stop', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const scheduler = startScheduler({
      // Far in the future: only manual ticks run in this test.
      schedule: '0 0 1 1 *',
      logger,
      work: async () => {
        active++;
        runs++;
        maxActive = Math.max(maxActive, active);
        await gate;
        active--;
      },
    });
    const first = scheduler.tick();
    const second = scheduler.tick();
    await second;
    expect(runs).toBe(1);
    const stopped = scheduler.stop();
    release();
    await Promise.all([first, stopped]);
    expect(maxActive).toBe(1);
    expect(active).toBe(0);
  });

  it('keeps running after a failed tick', async () => {
    let runs = 0;
    const scheduler = startScheduler({
      schedule: '0 0 1 1 *',
      logger,
      work: () => {
        runs++;
        return runs === 1 ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
    });
    await scheduler.tick();
    await scheduler.tick();
    expect(runs).toBe(2);
    await scheduler.stop();
  });
});

describe('scheduler through a database outage', () => {
  it('skips ticks while the database cannot be reached and logs once per outage, not per tick or job', async () => {
    const lines: { level: number; msg: string }[] = [];
    const recording = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let reachable = true;
    let runs = 0;
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const scheduler = startScheduler({
      schedule: '0 0 1 1 *',
      logger: recording,
      probe: () => (reachable ? Promise.resolve() : Promise.reject(refused())),
      work: () => {
        runs++;
        return Promise.resolve();
      },
    });
    await scheduler.tick();
    reachable = false;
    for (let i = 0; i < 5; i++) await scheduler.tick();
    expect(runs).toBe(1);
    reachable = true;
    await scheduler.tick();
    await scheduler.tick();
    expect(runs).toBe(3);
    const told = lines.filter((l) => l.level >= 30).map((l) => l.msg);
    expect(told).toEqual([
      'the database cannot be reached; skipping cron ticks until it answers',
      'the database answers again; cron ticks resume',
    ]);
    await scheduler.stop();
  });

  it('a tick that loses the database part-way is not an error line', async () => {
    const lines: { level: number; msg: string }[] = [];
    const recording = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const lost = new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') });
    const scheduler = startScheduler({
      schedule: '0 0 1 1 *',
      logger: recording,
      work: () => Promise.reject(lost),
    });
    await scheduler.tick();
    await scheduler.tick();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'the database cannot be reached; skipping cron ticks until it answers'],
    ]);
    await scheduler.stop();
  });
});

describe('cron environment', () => {
  it('rejects a bad schedule by name', () => {
    expect(() => loadCronEnv({ CRON_SCHEDULE: 'every minute' })).toThrow(/CRON_SCHEDULE/);
    expect(loadCronEnv({ CRON_SCHEDULE: '*/5 * * * *' }).CRON_SCHEDULE).toBe('*/5 * * * *');
  });
});
