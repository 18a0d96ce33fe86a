import type { ScheduledJob } from '../scheduled-job.js';

/** Zid storefront scripts whose registration failed or is due again. */
export const registerZidScripts: ScheduledJob = {
  name: 'register-zid-scripts',
  async run({ services, logger }) {
    const scripts = await services.zidUpkeep.registerDueScripts();
    if (scripts.registered + scripts.failed > 0) logger.info(scripts, 'retried Zid storefront scripts');
  },
};
