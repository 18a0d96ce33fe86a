import type { ScheduledJob } from '../scheduled-job.js';

/** Every few hours, in one cron process (its lease in job_leases): media nothing has used for the grace period. */
export const cleanUpMedia: ScheduledJob = {
  name: 'clean-up-media',
  async run({ services, logger }) {
    const media = await services.mediaCleanup.runIfDue();
    if (media && media.marked + media.cleared + media.deleted > 0) logger.info(media, 'media clean-up');
  },
};
