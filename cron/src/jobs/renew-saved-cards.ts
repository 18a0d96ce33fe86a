import type { ScheduledJob } from '../scheduled-job.js';

/** Automatic renewals on saved cards, before the notices: a renewal charged now spares the grace e-mail. */
export const renewSavedCards: ScheduledJob = {
  name: 'renew-saved-cards',
  async run({ services, logger }) {
    const renewals = await services.autoRenew.run();
    if (renewals.notices + renewals.charged + renewals.declined + renewals.pending3ds > 0)
      logger.info(renewals, 'automatic renewals');
  },
};
