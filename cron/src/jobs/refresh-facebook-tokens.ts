import type { ScheduledJob } from '../scheduled-job.js';

/** Facebook Login tokens close to expiry. */
export const refreshFacebookTokens: ScheduledJob = {
  name: 'refresh-facebook-tokens',
  async run({ services, logger }) {
    const fbTokens = await services.facebookConnect.refreshExpiringTokens();
    if (fbTokens.refreshed + fbTokens.failed > 0) logger.info(fbTokens, 'refreshed Facebook tokens');
  },
};
