import type { ScheduledJob } from '../scheduled-job.js';

/** Instagram Login tokens close to expiry. */
export const refreshInstagramTokens: ScheduledJob = {
  name: 'refresh-instagram-tokens',
  async run({ services, logger }) {
    const igTokens = await services.instagramConnect.refreshExpiringTokens();
    if (igTokens.refreshed + igTokens.failed > 0) logger.info(igTokens, 'refreshed Instagram tokens');
  },
};
