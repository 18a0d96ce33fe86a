import type { ScheduledJob } from '../scheduled-job.js';

/** Renewal reminders, grace e-mails and expiry, each once. */
export const billingNotices: ScheduledJob = {
  name: 'billing-notices',
  async run({ services, logger }) {
    const notices = await services.billing.runNotices();
    if (notices.reminders + notices.grace + notices.expired > 0) logger.info(notices, 'billing notices');
  },
};
