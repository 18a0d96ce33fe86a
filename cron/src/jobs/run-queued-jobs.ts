import type { ScheduledJob } from '../scheduled-job.js';

/** Queued background jobs no process ran yet: retries whose time came, work of a process that stopped. */
export const runQueuedJobs: ScheduledJob = {
  name: 'run-queued-jobs',
  async run({ services, logger }) {
    const ran = await services.jobs.runDue();
    if (ran > 0) logger.info({ ran }, 'ran queued background jobs');
  },
};
