import cron from 'node-cron';
import { newRequestId, withRequestId, type Logger } from '@app/api';

export interface Scheduler {
  /** Runs one tick now (also what the schedule calls). */
  tick(): Promise<void>;
  /**
   * Asks for a tick soon without waiting: at once when idle, or right after the running one (new work
   * arrived that the running tick may have missed).
   */
  kick(): void;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  schedule: string;
  logger: Logger;
  /** The work of one tick. The refresh engine plugs in here. */
  work: () => Promise<void>;
}

/**
 * A node-cron schedule that never overlaps itself: a tick still running when the next is due makes the
 * next one skip, and stop() waits for the running tick to finish.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  let running: Promise<void> | undefined;
  let kickedWhileRunning = false;
  let ticks = 0;
  const tick = async () => {
    if (running) {
      options.logger.warn('previous tick still running; skipping this one');
      return;
    }
    const n = ++ticks;
    const started = performance.now();
    // Every log line of the tick, and of the outside calls it makes, carries the tick's id.
    running = withRequestId(`tick-${newRequestId()}`, () => options.work())
      .then(() => {
        options.logger.debug({ tick: n, ms: Math.round(performance.now() - started) }, 'cron tick');
      })
      .catch((err: unknown) => {
        options.logger.error({ err, tick: n }, 'cron tick failed');
      })
      .finally(() => {
        running = undefined;
        if (kickedWhileRunning) {
          kickedWhileRunning = false;
          void tick();
        }
      });
    await running;
  };
  const kick = () => {
    if (running) kickedWhileRunning = true;
    else void tick();
  };
  const task = cron.schedule(options.schedule, tick, { name: 'refresh-tick', noOverlap: true });
  return {
    tick,
    kick,
    stop: async () => {
      await task.stop();
      await running;
    },
  };
}
