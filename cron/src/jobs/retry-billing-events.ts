import type { ScheduledJob } from '../scheduled-job.js';

/** Moyasar payments whose confirmation failed. */
export const retryBillingEvents: ScheduledJob = {
  name: 'retry-billing-events',
  async run({ services, logger }) {
    const events = await services.billing.processPendingEvents();
    if (events > 0) logger.info({ events }, 'retried pending billing events');
  },
};
