import type { Logger, Services } from '@app/api';

/** What a scheduled job may use: the services, its own logger, and whether the process is stopping. */
export interface JobContext {
  services: Services;
  logger: Logger;
  isStopping: () => boolean;
  /** How long one job may keep taking more work in one tick (the refreshes). */
  budgetMs: number;
}

/**
 * One piece of work the cron schedule starts on every tick, in the order of jobs/index.ts. Its work
 * claims rows (or holds a lease of its own, as the media clean-up does), so any number of cron processes
 * may run it at once.
 */
export interface ScheduledJob {
  /** Its name in logs and in the metrics (`tick.<name>`). */
  name: string;
  run(context: JobContext): Promise<void>;
}
