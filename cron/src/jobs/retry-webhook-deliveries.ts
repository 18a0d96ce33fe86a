import type { ScheduledJob } from '../scheduled-job.js';

/** Salla/Zid webhook deliveries still pending a minute after they arrived. */
export const retryWebhookDeliveries: ScheduledJob = {
  name: 'retry-webhook-deliveries',
  async run({ services, logger }) {
    const retried = await services.webhookInbox.processPending();
    if (retried > 0) logger.info({ retried }, 'retried pending webhook deliveries');
  },
};
