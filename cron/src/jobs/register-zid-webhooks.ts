import type { ScheduledJob } from '../scheduled-job.js';

/** Zid product webhooks not registered yet. */
export const registerZidWebhooks: ScheduledJob = {
  name: 'register-zid-webhooks',
  async run({ services, logger }) {
    const hooks = await services.zidUpkeep.registerDueWebhooks();
    if (hooks.registered + hooks.failed > 0) logger.info(hooks, 'registered Zid product webhooks');
  },
};
