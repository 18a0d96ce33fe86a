import type { BillingService } from '../billing/billing.service.js';
import type { MoyasarWebhookVerification } from '../integrations/moyasar/webhook-verification.service.js';
import type { WebhookInbox } from '../integrations/webhook-inbox.service.js';
import type { JobQueue } from './job-queue.js';
import {
  CHECK_MOYASAR_INVOICE,
  PROCESS_BILLING_EVENT,
  PROCESS_WEBHOOK_DELIVERY,
  RECEIVE_MOYASAR_VERIFICATION,
} from './job-types.js';

/** What each job type of job-types.ts runs. Every process (API and cron) registers them all. */
export function registerJobs(
  queue: JobQueue,
  services: {
    webhookInbox: Pick<WebhookInbox, 'process'>;
    billing: Pick<BillingService, 'processEvent' | 'invoiceCallback'>;
    verification: Pick<MoyasarWebhookVerification, 'received'>;
  },
): JobQueue {
  return queue
    .register(PROCESS_WEBHOOK_DELIVERY, ({ deliveryId }) => services.webhookInbox.process(deliveryId))
    .register(PROCESS_BILLING_EVENT, ({ eventId }) => services.billing.processEvent(eventId))
    .register(RECEIVE_MOYASAR_VERIFICATION, (event) => services.verification.received(event))
    .register(CHECK_MOYASAR_INVOICE, ({ invoiceId }) => services.billing.invoiceCallback({ id: invoiceId }));
}
