import type { ScheduledJob } from '../scheduled-job.js';

/** Zid access tokens close to expiry. */
export const renewZidTokens: ScheduledJob = {
  name: 'renew-zid-tokens',
  async run({ services, logger }) {
    const zidTokens = await services.zidUpkeep.renewExpiring();
    if (zidTokens.renewed + zidTokens.failed + zidTokens.refused > 0)
      logger.info(zidTokens, 'renewed Zid tokens');
  },
};
