import { Router, type RequestHandler } from 'express';
import { billingContracts as c } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin, requireAuth } from '../auth/auth.middleware.js';
import { contractRoutes } from '../http/route.js';
import type { BillingService } from './billing.service.js';
import type { AutoRenewService } from './autorenew.service.js';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** The merchant's billing API and the admin's payments, revenue and refunds. */
export function billingRoutes(deps: {
  auth: AuthService;
  billing: BillingService;
  autoRenew: AutoRenewService;
}): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth), admin: requireAdmin(deps.auth) });
  const { billing } = deps;
  const before = [noStore];

  route(c.subscription, ({ req }) => billing.subscription(caller(req).user), { before });

  route(
    c.checkout,
    async ({ req, body }) => {
      const result = await billing.checkout(caller(req).user, body);
      if (!result.ok) throw result.error;
      return result.value;
    },
    { before },
  );

  route(
    c.checkoutStatus,
    async ({ req, params }) => {
      const result = await billing.checkoutStatus(caller(req).user, params.id);
      if (!result.ok) throw result.error;
      return result.value;
    },
    { before },
  );

  // Automatic renewal with the saved card: on or off; removing the card deletes its token at Moyasar.
  route(
    c.autoRenew,
    async ({ req, body: { enabled } }) => {
      const result = await deps.autoRenew.setAutoRenew(caller(req).user, enabled);
      if (!result.ok) throw result.error;
      return billing.subscription(caller(req).user);
    },
    { before },
  );

  route(
    c.deleteCard,
    async ({ req }) => {
      const result = await deps.autoRenew.removeCard(caller(req).user);
      if (!result.ok) throw result.error;
      return billing.subscription(caller(req).user);
    },
    { before },
  );

  // The company name and VAT number printed on invoices issued from now on (issued ones never change).
  route(
    c.details,
    async ({ req, body }) => {
      await billing.saveDetails(caller(req).user, body);
      return billing.subscription(caller(req).user);
    },
    { before },
  );

  route(c.invoices, ({ req }) => billing.invoices(caller(req).user), { before });

  route(
    c.invoice,
    async ({ req, params }) => {
      const result = await billing.invoice(caller(req).user, params.id);
      if (!result.ok) throw result.error;
      return result.value;
    },
    { before },
  );

  route(c.adminPayments, () => billing.adminPayments(), { before });

  route(c.adminRevenue, () => billing.adminRevenue(), { before });

  route(
    c.adminRefund,
    async ({ req, params }) => {
      const result = await billing.refund(params.id);
      if (!result.ok) throw result.error;
      req.log?.info({ adminId: caller(req).user.id, checkoutId: params.id }, 'admin refund');
      return result.value;
    },
    { before },
  );

  return router;
}
