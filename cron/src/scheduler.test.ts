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

describe('cron environment', () => {
  it('rejects a bad schedule by name', () => {
    expect(() => loadCronEnv({ CRON_SCHEDULE: 'every minute' })).toThrow(/CRON_SCHEDULE/);
    expect(loadCronEnv({ CRON_SCHEDULE: '*/5 * * * *' }).CRON_SCHEDULE).toBe('*/5 * * * *');
  });
});
