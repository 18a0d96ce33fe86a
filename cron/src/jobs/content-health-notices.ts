import type { ScheduledJob } from '../scheduled-job.js';

/** After the refreshes: a connection refused or content gone stale tells its merchant (then weekly). */
export const contentHealthNotices: ScheduledJob = {
  name: 'content-health-notices',
  async run({ services, logger }) {
    const health = await services.contentHealth.notifyUnhealthy();
    if (health.sent + health.cleared > 0) logger.info(health, 'content health notices');
  },
};
