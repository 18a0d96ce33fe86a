import type { Logger, Services } from '@app/api';

/** What a scheduled job may use: the services, its own logger, and whether the process is stopping. */
export interface JobContext {
  services: Services;
  logger: Logger;
  isStopping: () => boolean;
  /** How long one job may keep taking more work in one tick (the refreshes). */
  budgetMs: number;
}

/** One piece of work the cron schedule starts (schedule.ts says how often, tick.ts runs it). */
export interface ScheduledJob {
  /** Its name in logs, in the metrics (`tick.<name>`) and in job_leases. */
  name: string;
  run(context: JobContext): Promise<void>;
}

/**
 * A job in the schedule: how often it runs and whether it takes a lease.
 * - `everyMs`: the least time between two runs in this process; 0 runs it on every tick.
 * - `leaseMs`: for work two cron processes must not do at once (work that does not claim its rows): the
 *   job takes its lease in job_leases first and is skipped while another process holds it; the lease row
 *   also keeps its next run, so `everyMs` then holds across all cron processes.
 */
export interface Scheduled {
  job: ScheduledJob;
  everyMs: number;
  leaseMs?: number;
}
