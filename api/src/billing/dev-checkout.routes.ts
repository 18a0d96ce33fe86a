import express, { Router } from 'express';
import { sarAmount, TIER_NAMES } from '@app/shared';
import { billingContracts as c } from '@app/shared/contracts';
import { AppError } from '../http/errors.js';
import { escapeHtml } from '../lib/html.js';
import { ANSWERED, contractRoutes } from '../http/route.js';
import { loopbackOnly } from '../http/loopback-only.js';
import type { BillingService } from './billing.service.js';
import type { DevPaymentProvider } from './dev-payments.js';

/**
 * `/dev/checkout/:id` stands in for Moyasar's hosted page when no keys are configured (never in
 * production): "Pay" and "Fail" post to `POST /api/dev/checkout/:id`, which confirms through the webhook's
 * path and sends the browser back to the dashboard, as Moyasar's success_url would.
 */
export function devCheckoutRoutes(deps: { billing: BillingService; provider: DevPaymentProvider }): Router {
  const router = Router();
  const route = contractRoutes(router, { dev: loopbackOnly });

  route(c.devCheckoutPage, async ({ res, params }) => {
    const checkout = await deps.billing.devCheckout(params.id);
    if (!checkout) throw new AppError('checkout_not_found');
    const amount = `${sarAmount(checkout.amountHalalas)} SAR`;
    const open = checkout.status === 'pending' || checkout.status === 'failed';
    const action = escapeHtml(c.devCheckoutPay.path.replace(':id', checkout.id));
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev checkout</title><link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;max-width:440px;margin:40px auto;padding:0 16px;color:#1f2937}
.card{border:1px solid #e5e7eb;border-radius:14px;padding:20px}
.amount{font-size:32px;font-weight:800;margin:8px 0}.note{font-size:13px;color:#6b7280}
form{display:inline}button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:10px 18px;cursor:pointer;margin-inline-end:8px}
.pay{background:#059669;color:#fff}.fail{background:#fee2e2;color:#991b1b}
</style></head>
<body><div class="card">
<p class="note">Dev checkout: stands in for Moyasar's payment page on this machine. No money moves.</p>
<h1>Lamha ${escapeHtml(TIER_NAMES[checkout.tier])} · ${escapeHtml(checkout.period)}</h1>
<p class="amount" id="amount">${escapeHtml(amount)}</p>
<p class="note">mada · Visa · Mastercard · Apple Pay · STC Pay</p>
${
  open
    ? `<form method="post" action="${action}"><input type="hidden" name="outcome" value="paid">
<p class="note"><label><input type="checkbox" name="save_card" id="save-card"${checkout.saveCard ? ' checked' : ''}> Save card (Moyasar tokenization)</label>
<label>later charges: <select name="card_behaviour" id="card-behaviour"><option value="approve">approved</option><option value="decline">declined</option><option value="3ds">ask for 3-D Secure</option></select></label></p>
<button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button class="fail" type="submit">Fail</button></form>`
    : `<p id="done">This payment is ${escapeHtml(checkout.status)}.</p>`
}
</div></body></html>`);
    return ANSWERED;
  });

  route(
    c.devCheckoutPay,
    async ({ req, res, params, body: { outcome, save_card, card_behaviour } }) => {
      // "Save card" ticked: the payment carries a token that answers later charges as chosen.
      const saveCard = save_card ? { behaviour: card_behaviour ?? 'approve' } : undefined;
      const result = await deps.billing.devConfirm(params.id, (checkout) =>
        deps.provider.pay(checkout, outcome, saveCard),
      );
      if (!result.ok) throw result.error;
      // The page's form goes back to the dashboard as Moyasar's success_url would; a script gets JSON.
      if (!req.is('application/x-www-form-urlencoded')) return result.value;
      res.redirect(303, result.value.return_url);
      return ANSWERED;
    },
    { before: [express.urlencoded({ extended: false, limit: '1kb' })] },
  );

  // A refund made "in Moyasar's dashboard": of `amount` halalas, or all that is left.
  route(
    c.devCheckoutRefund,
    async ({ params, body: { amount } }) => {
      const result = await deps.billing.devRefund(params.id, (paymentId) =>
        deps.provider.refundNow(paymentId, amount),
      );
      if (!result.ok) throw result.error;
      return result.value;
    },
    { before: [express.json({ limit: '1kb' })], bodyWhenAbsent: {} },
  );

  return router;
}
