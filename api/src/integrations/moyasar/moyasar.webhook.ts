import { Router } from 'express';
import type { BillingService } from '../../billing/billing.service.js';
import type { Logger } from '../../lib/logger.js';

/**
 * POST /api/billing/moyasar/webhook: Moyasar's deliveries carry our secret token in the JSON body (checked
 * in constant time; 401 otherwise). Each event id is recorded once and answered at once; the payment is
 * then fetched from Moyasar and confirmed after the answer (cron retries what could not be).
 */
export function moyasarWebhookRoutes(deps: { billing: BillingService; logger: Logger }): Router {
  const router = Router();
  router.post('/api/billing/moyasar/webhook', async (req, res) => {
    const received = await deps.billing.receiveWebhook(req.body);
    if (!received.ok) throw received.error;
    res.status(200).json({ status: received.value.duplicate ? 'duplicate' : 'accepted' });
    if (!received.value.duplicate) {
      setImmediate(() => {
        deps.billing
          .processEvent(received.value.id)
          .catch((error: unknown) => deps.logger.error({ err: error }, 'billing event processing crashed'));
      });
    }
  });
  return router;
}
