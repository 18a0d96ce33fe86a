import cron from 'node-cron';
import { isUnavailableError, newRequestId, withRequestId, type Logger } from '@app/api';

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
  /**
   * A round trip to the database before each tick; when it throws, the tick is skipped. The first skip of
   * an outage is logged, and the first tick after it: one pair of lines per outage, not an error per job.
   */
  probe?: () => Promise<void>;
}

/**
 * A node-cron schedule that never overlaps itself: a tick still running when the next is due makes the
 * next one skip, and stop() waits for the running tick to finish.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  let running: Promise<void> | undefined;
  let kickedWhileRunning = false;
  let ticks = 0;
  /** When the database stopped answering (performance.now()), while it does not. */
  let downSince: number | undefined;
  const down = (err: unknown) => {
    if (downSince !== undefined) return;
    downSince = performance.now();
    options.logger.warn({ err }, 'the database cannot be reached; skipping cron ticks until it answers');
  };
  const up = () => {
    if (downSince === undefined) return;
    const outageMs = Math.round(performance.now() - downSince);
    downSince = undefined;
    options.logger.info({ outageMs }, 'the database answers again; cron ticks resume');
  };
  const work = async () => {
    if (options.probe) {
      try {
        await options.probe();
      } catch (err) {
        return down(err);
      }
    }
    try {
      await options.work();
    } catch (err) {
      // Lost in the middle of the tick: the next tick's probe says when it is back.
      if (isUnavailableError(err)) return down(err);
      up();
      throw err;
    }
    up();
  };
  const tick = async () => {
    if (running) {
      options.logger.warn('previous tick still running; skipping this one');
      return;
    }
    const n = ++ticks;
    const started = performance.now();
    // Every log line of the tick, and of the outside calls it makes, carries the tick's id.
    running = withRequestId(`tick-${newRequestId()}`, work)
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
