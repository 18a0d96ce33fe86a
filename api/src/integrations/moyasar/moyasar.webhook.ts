import { Router } from 'express';
import { billingContracts as c } from '@app/shared/contracts';
import { contractRoutes, noStore } from '../../http/route.js';
import type { AuthService } from '../../auth/auth.service.js';
import { caller, requireAdmin } from '../../auth/auth.middleware.js';
import { ZMoyasarInvoiceCallback } from '@app/shared';
import type { BillingService } from '../../billing/billing.service.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import {
  CHECK_MOYASAR_INVOICE,
  PROCESS_BILLING_EVENT,
  RECEIVE_MOYASAR_VERIFICATION,
} from '../../jobs/job-types.js';
import type { MoyasarWebhookVerification } from './webhook-verification.service.js';

/**
 * Moyasar calling us, and the admin's view of it:
 * - `POST /api/billing/moyasar/webhook`: webhook deliveries, which carry our secret token in the JSON body
 *   (checked in constant time; 401 otherwise). Each event id is recorded once and answered at once, any
 *   type; a payment is then fetched from Moyasar and confirmed, and a `webhook_verification` code is sent
 *   back, by queued jobs run right after the answer (cron retries payments that could not be confirmed).
 * - `POST /api/billing/moyasar/invoice-callback`: the invoice Moyasar POSTs to an invoice's `callback_url`
 *   when it is paid, with no secret: answered 200 whatever it holds, and only a hint (see
 *   BillingService.invoiceCallback); a body naming an invoice id queues the check.
 * - `GET /api/admin/billing/moyasar-webhooks`, `POST /api/admin/billing/moyasar-webhooks/:id/verify`: the
 *   verification codes received and whether each webhook is verified; send a code back again.
 */
export function moyasarWebhookRoutes(deps: {
  billing: BillingService;
  verification: MoyasarWebhookVerification;
  auth: AuthService;
  jobs: Pick<JobQueue, 'enqueue'>;
}): Router {
  const router = Router();
  const route = contractRoutes(router, { admin: requireAdmin(deps.auth) });

  // The body's token is checked and the event read by the billing service (own: body): a wrong token is
  // 401 invalid_token, an unreadable event invalid_payload, not the plain 400 of the contract's schema.
  route(
    c.moyasarWebhook,
    async ({ body }) => {
      const received = await deps.billing.receiveWebhook(body);
      if (!received.ok) throw received.error;
      const event = received.value;
      if (!event.duplicate && event.kind === 'payment')
        await deps.jobs.enqueue(PROCESS_BILLING_EVENT, { eventId: event.id }, { key: event.id });
      if (!event.duplicate && event.kind === 'verification')
        await deps.jobs.enqueue(
          RECEIVE_MOYASAR_VERIFICATION,
          { eventId: event.id, ...event.verification },
          { key: event.id },
        );
      return { status: event.duplicate ? ('duplicate' as const) : ('accepted' as const) };
    },
    { own: ['body'] },
  );

  route(c.moyasarInvoiceCallback, async ({ body }) => {
    const hint = ZMoyasarInvoiceCallback.safeParse(body);
    if (hint.success) await deps.jobs.enqueue(CHECK_MOYASAR_INVOICE, { invoiceId: hint.data.id });
    return { status: 'received' as const };
  });

  const before = [noStore];
  route(c.adminMoyasarWebhooks, () => deps.verification.list(), { before });
  // Any id as before (own: params): one the service does not know is its 404, not a 400.
  route(
    c.adminVerifyMoyasarWebhook,
    async ({ req, params }) => {
      const id = String((params as { id?: unknown }).id);
      const result = await deps.verification.verify(id);
      if (!result.ok) throw result.error;
      req.log?.info({ adminId: caller(req).user.id, webhookId: id }, 'admin sent a Moyasar code back');
      return result.value;
    },
    { before, own: ['params'] },
  );

  return router;
}
