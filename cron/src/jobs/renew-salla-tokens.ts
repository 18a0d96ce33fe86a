import type { ScheduledJob } from '../scheduled-job.js';

/** Salla access tokens close to expiry. First in the tick: it is small, and a lapsed token cannot be recovered. */
export const renewSallaTokens: ScheduledJob = {
  name: 'renew-salla-tokens',
  async run({ services, logger }) {
    const tokens = await services.sallaTokens.renewExpiring();
    if (tokens.renewed + tokens.failed > 0) logger.info(tokens, 'renewed Salla tokens');
  },
};
