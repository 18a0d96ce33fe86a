import { Router, type RequestHandler } from 'express';
import { ZAutoRenewRequest, ZBillingDetails, ZCheckoutRequest } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin, requireAuth } from '../auth/auth.middleware.js';
import { parseInput } from '../http/validate.js';
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
  const signedIn = requireAuth(deps.auth);
  const adminOnly = requireAdmin(deps.auth);
  const { billing } = deps;

  router.get('/api/billing/subscription', signedIn, noStore, async (req, res) => {
    res.json(await billing.subscription(caller(req).user));
  });

  router.post('/api/billing/checkout', signedIn, noStore, async (req, res) => {
    const input = parseInput(ZCheckoutRequest, req.body);
    const result = await billing.checkout(caller(req).user, input);
    if (!result.ok) throw result.error;
    res.status(201).json(result.value);
  });

  router.get('/api/billing/checkout/:id', signedIn, noStore, async (req, res) => {
    const result = await billing.checkoutStatus(caller(req).user, String(req.params.id));
    if (!result.ok) throw result.error;
    res.json(result.value);
  });

  // Automatic renewal with the saved card: on or off; removing the card deletes its token at Moyasar.
  router.put('/api/billing/auto-renew', signedIn, noStore, async (req, res) => {
    const { enabled } = parseInput(ZAutoRenewRequest, req.body);
    const result = await deps.autoRenew.setAutoRenew(caller(req).user, enabled);
    if (!result.ok) throw result.error;
    res.json(await billing.subscription(caller(req).user));
  });

  router.delete('/api/billing/card', signedIn, noStore, async (req, res) => {
    const result = await deps.autoRenew.removeCard(caller(req).user);
    if (!result.ok) throw result.error;
    res.json(await billing.subscription(caller(req).user));
  });

  // The company name and VAT number printed on invoices issued from now on (issued ones never change).
  router.put('/api/billing/details', signedIn, noStore, async (req, res) => {
    const details = parseInput(ZBillingDetails, req.body);
    await billing.saveDetails(caller(req).user, details);
    res.json(await billing.subscription(caller(req).user));
  });

  router.get('/api/billing/invoices', signedIn, noStore, async (req, res) => {
    res.json(await billing.invoices(caller(req).user));
  });

  router.get('/api/billing/invoices/:id', signedIn, noStore, async (req, res) => {
    const result = await billing.invoice(caller(req).user, String(req.params.id));
    if (!result.ok) throw result.error;
    res.json(result.value);
  });

  router.get('/api/admin/payments', adminOnly, noStore, async (_req, res) => {
    res.json(await billing.adminPayments());
  });

  router.get('/api/admin/revenue', adminOnly, noStore, async (_req, res) => {
    res.json(await billing.adminRevenue());
  });

  router.post('/api/admin/payments/:id/refund', adminOnly, noStore, async (req, res) => {
    const result = await billing.refund(String(req.params.id));
    if (!result.ok) throw result.error;
    req.log?.info({ adminId: caller(req).user.id, checkoutId: req.params.id }, 'admin refund');
    res.json(result.value);
  });

  return router;
}
