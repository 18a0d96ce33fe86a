import { z } from 'zod';
import { defineJob } from './job-queue.js';

// Every kind of background work a request hands over after its answer, by name. The handlers are given
// in register-jobs.ts; the scheduled jobs that cron starts are named in cron/src/jobs/.

const ZId = z.string().min(1).max(200);

/**
 * A verified Salla/Zid webhook delivery to process. The inbox keeps its own state and retry rule per
 * delivery (webhook_deliveries), so this job fails only when the database cannot be reached.
 */
export const PROCESS_WEBHOOK_DELIVERY = defineJob({
  name: 'webhook.process',
  payload: z.object({ deliveryId: ZId }),
});

/** A Moyasar payment event to confirm (its own retries: billing_events, then cron). */
export const PROCESS_BILLING_EVENT = defineJob({
  name: 'billing.process-event',
  payload: z.object({ eventId: ZId }),
});

/** A Moyasar `webhook_verification` code to keep and send back. */
export const RECEIVE_MOYASAR_VERIFICATION = defineJob({
  name: 'billing.moyasar-verification',
  payload: z.object({
    eventId: ZId,
    webhookId: ZId,
    code: z.string().min(1).max(500),
    live: z.boolean().nullable(),
  }),
});

/** The invoice id of Moyasar's unsigned invoice callback: only a hint, checked with Moyasar. */
export const CHECK_MOYASAR_INVOICE = defineJob({
  name: 'billing.check-invoice',
  payload: z.object({ invoiceId: ZId }),
  maxAttempts: 3,
});
