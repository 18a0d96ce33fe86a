import {
  BILLING_PERIODS,
  PLAN_IDS,
  TIER_NAMES,
  type TBillingDetails,
  type TBillingSubscription,
  type TCheckoutCreated,
  type TCheckoutRequest,
  type TCheckoutStatus,
  ZMoyasarInvoiceCallback,
} from '@app/shared';
import { z } from 'zod';
import { consumeHourlyLimit } from '../lib/rate-limit.js';
import { AppError } from '../http/errors.js';
import { paidPaymentIdOf } from '../integrations/moyasar/moyasar.client.js';
import { err, ok, type Result } from '../lib/result.js';
import { resolvePlan } from './plan.js';
import type { UserRow } from '../users/users.repository.js';
import { planChange } from './billing.rules.js';
import { planStateOf, type CheckoutRow } from './billing.records.js';
import {
  type BillingServiceDeps,
  BillingPart,
  paidPlanOf,
  periodOf,
  trialEndOf,
  iso,
  MOYASAR_INVOICE_CALLBACK_PATH,
  CONFIRM_THROTTLE_MS,
  CHECKOUTS_PER_HOUR,
} from './billing.common.js';
import type { PaymentConfirmation } from './billing.confirmation.js';

/** The merchant's side: the plan shown, checkouts at Moyasar, and the return page's confirmation. */
export class BillingCheckout extends BillingPart {
  constructor(
    deps: BillingServiceDeps,
    private readonly confirmation: PaymentConfirmation,
  ) {
    super(deps);
  }

  async subscription(user: UserRow): Promise<TBillingSubscription> {
    const d = this.deps;
    const now = d.clock.now();
    const [active, platform, saved, details] = await Promise.all([
      d.subscriptions.findActive(user.id),
      d.platformOf(user),
      d.cards.cardOf(user.id),
      d.repo.details(user.id),
    ]);
    const plan = resolvePlan({ trialEndsAt: user.trialEndsAt, subscription: active }, now);
    const row = active?.subscription;
    const paid = paidPlanOf(row, now);
    const payable = platform === null && d.config.paymentsEnabled;
    const tier = plan.plan === 'basic' || plan.plan === 'pro' ? plan.plan : null;
    const lapsedPeriod =
      row?.nextEndDate && row.nextEndDate <= now ? row.nextBillingPeriod : row?.billingPeriod;
    // Paid during the trial: the plan starts when the trial ends, shown as scheduled until then.
    const waiting = plan.status === 'trial' && paid && paid.startsAt > now ? paid : null;
    const running = waiting ? null : paid;
    const scheduled = waiting ?? running?.next;
    return {
      tier,
      status: plan.status,
      period: running?.period ?? (tier && row?.source === 'direct' ? periodOf(lapsedPeriod) : null),
      current_period_end: iso(running?.endsAt ?? plan.endsAt),
      grace_ends_at: iso(plan.graceEndsAt),
      managed_by: platform ?? 'direct',
      payments_enabled: d.config.paymentsEnabled,
      scheduled: scheduled
        ? {
            tier: scheduled.tier,
            period: scheduled.period,
            starts_at: (waiting ? waiting.startsAt : (running?.endsAt ?? now)).toISOString(),
            ends_at: scheduled.endsAt.toISOString(),
          }
        : null,
      options: payable
        ? PLAN_IDS.flatMap((t) =>
            BILLING_PERIODS.map((period) => {
              const change = planChange(paid, { tier: t, period }, now, trialEndOf(user, now));
              return {
                tier: t,
                period,
                kind: change.kind,
                list_halalas: change.listHalalas,
                credit_halalas: change.creditHalalas,
                amount_halalas: change.amountHalalas,
                starts_at: change.startsAt.toISOString(),
                ends_at: change.endsAt.toISOString(),
                unavailable: change.unavailable,
              };
            }),
          )
        : [],
      card_saving: payable && d.cards.offered,
      auto_renew: d.cards.offered && saved.autoRenew,
      card: saved.card,
      details: { company_name: details.companyName, vat_number: details.vatNumber },
    };
  }

  /** The company name and VAT number for the buyer block of invoices issued from now on. */
  async saveDetails(user: UserRow, details: TBillingDetails): Promise<void> {
    await this.deps.repo.saveDetails(user.id, {
      companyName: details.company_name,
      vatNumber: details.vat_number,
    });
  }

  /** Creates the Moyasar invoice for a plan and period and remembers it as a pending checkout. */
  async checkout(user: UserRow, input: TCheckoutRequest): Promise<Result<TCheckoutCreated, AppError>> {
    const d = this.deps;
    if (!d.config.paymentsEnabled) return err(new AppError('billing_unavailable'));
    if ((await d.platformOf(user)) !== null) return err(new AppError('platform_managed'));
    if (input.save_card && !d.cards.offered) return err(new AppError('card_saving_unavailable'));
    const now = d.clock.now();
    const row = await d.repo.activeSubscription(user.id);
    const paid = paidPlanOf(row, now);
    const trialEnd = input.start === 'now' ? null : trialEndOf(user, now);
    const change = planChange(paid, input, now, trialEnd);
    if (change.unavailable) return err(new AppError(change.unavailable));
    // Counted once the request would create an invoice: a plan the merchant cannot choose costs nothing.
    const allowed = await consumeHourlyLimit(
      d.cache,
      { scope: 'checkout', subject: user.id, limit: CHECKOUTS_PER_HOUR },
      now,
    );
    if (!allowed.ok) {
      const retryAfter = Math.max(1, Math.ceil(allowed.retryAfterMs / 1000));
      return err(new AppError('checkout_limited', undefined, { retry_after: retryAfter }));
    }
    const checkout = await d.repo.createCheckout({
      userId: user.id,
      tier: input.tier,
      period: input.period,
      kind: change.kind,
      amountHalalas: change.amountHalalas,
      creditHalalas: change.creditHalalas,
      currency: 'SAR',
      provider: d.provider.kind,
      // The state this price is good for; a payment meeting another state is priced again.
      quotedState: planStateOf(row),
      quotedTier: paid ? (paid.next?.tier ?? paid.tier) : null,
      quotedPeriodEnd: paid ? (paid.next?.endsAt ?? paid.endsAt) : null,
      saveCard: input.save_card === true,
      startMode: trialEnd ? 'trial_end' : 'now',
    });
    const back = this.appLink(`/dashboard?tab=billing&checkout=${checkout.id}`);
    const invoice = await d.provider.createInvoice({
      amount: change.amountHalalas,
      currency: 'SAR',
      description: `Lamha ${TIER_NAMES[input.tier]} (${input.period})`,
      callback_url: this.appLink(MOYASAR_INVOICE_CALLBACK_PATH),
      success_url: back,
      back_url: back,
      // Moyasar's payment form saves the card (`save_card`) when the merchant asked for renewal.
      metadata: {
        checkout_id: checkout.id,
        user_id: user.id,
        ...(input.save_card ? { save_card: 'true' } : {}),
      },
    });
    if (!invoice.ok) {
      d.logger.error({ err: invoice.error, checkoutId: checkout.id }, 'Moyasar invoice not created');
      return err(new AppError('payment_provider_error'));
    }
    await d.repo.updateCheckout(checkout.id, { providerInvoiceId: invoice.value.id });
    return ok({ checkout_id: checkout.id, url: invoice.value.url, amount_halalas: change.amountHalalas });
  }

  /**
   * A checkout's state for the return page. While it is pending, Moyasar is asked (at most every few
   * seconds) whether its invoice was paid, and a paid one is confirmed by the same checks as the webhook.
   */
  async checkoutStatus(user: UserRow, id: string): Promise<Result<TCheckoutStatus, AppError>> {
    const d = this.deps;
    let checkout = z.uuid().safeParse(id).success ? await d.repo.findCheckout(id) : undefined;
    if (!checkout || checkout.userId !== user.id) return err(new AppError('checkout_not_found'));
    if (await this.confirmFromInvoice(checkout)) checkout = (await d.repo.findCheckout(id)) ?? checkout;
    const invoiceRow =
      checkout.status === 'paid' ? await d.repo.findInvoiceByCheckout(checkout.id) : undefined;
    // A payment refunded at once because its price no longer held bought nothing: the page says so.
    const refundedUnapplied = checkout.status === 'refunded' && checkout.periodStart === null;
    return ok({
      checkout_id: checkout.id,
      status: refundedUnapplied ? 'failed' : checkout.status === 'refunded' ? 'paid' : checkout.status,
      tier: checkout.tier,
      period: checkout.period,
      amount_halalas: checkout.amountHalalas,
      failure_reason: refundedUnapplied
        ? 'refunded'
        : checkout.status === 'failed'
          ? checkout.failureReason
          : null,
      failure_message: checkout.status === 'failed' ? checkout.failureMessage : null,
      invoice_id: invoiceRow?.id ?? null,
      paid_at: iso(checkout.paidAt),
    });
  }

  /**
   * Asks Moyasar (at most every few seconds per checkout) whether a pending checkout's invoice was paid,
   * and confirms a paid one by the same checks as the webhook. True when Moyasar was asked.
   */
  private async confirmFromInvoice(checkout: CheckoutRow): Promise<boolean> {
    const d = this.deps;
    const now = d.clock.now();
    if (
      (checkout.status !== 'pending' && checkout.status !== 'cancelled') ||
      checkout.provider !== 'moyasar' ||
      !checkout.providerInvoiceId ||
      (checkout.checkedAt && now.getTime() - checkout.checkedAt.getTime() < CONFIRM_THROTTLE_MS)
    )
      return false;
    await d.repo.updateCheckout(checkout.id, { checkedAt: now });
    const invoice = await d.provider.fetchInvoice(checkout.providerInvoiceId);
    const paymentId = invoice.ok && invoice.value.status === 'paid' ? paidPaymentIdOf(invoice.value) : null;
    if (paymentId) {
      const payment = await d.provider.fetchPayment(paymentId);
      if (payment.ok) await this.confirmation.confirmPayment(payment.value);
    }
    return true;
  }

  /**
   * Moyasar's POST of an invoice to its `callback_url` when it is paid. It carries no secret, so anyone
   * could send it: it is only a hint. An invoice of one of our pending checkouts is fetched back from
   * Moyasar with the secret key and confirmed through its payment, as the return page does.
   */
  async invoiceCallback(body: unknown): Promise<'checked' | 'ignored'> {
    const hint = ZMoyasarInvoiceCallback.safeParse(body);
    if (!hint.success) return 'ignored';
    const checkout = await this.deps.repo.findCheckoutByProviderInvoice(hint.data.id);
    if (!checkout) return 'ignored';
    return (await this.confirmFromInvoice(checkout)) ? 'checked' : 'ignored';
  }
}
