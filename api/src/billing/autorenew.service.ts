import { DAY_MS, TIER_NAMES, type TMoyasarPayment, type TSavedCard } from '@app/shared';
import { AppError } from '../http/errors.js';
import type { PaymentProvider } from '../integrations/moyasar/moyasar.client.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import type { MailPort } from '../mail/mail.port.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { autoRenewFailedEmail, autoRenewNoticeEmail } from './autorenew.mail.js';
import { AUTORENEW_WINDOWS, type AutoRenewRepository, type AutoRenewStep } from './autorenew.repository.js';
import { planChange } from './billing.rules.js';
import { planStateOf, tierOfId, type CheckoutRow } from './billing.records.js';
import { type BillingRepository } from './billing.repository.js';
import { paidPlanOf } from './billing.common.js';

export interface AutoRenewDeps {
  repo: AutoRenewRepository;
  billing: Pick<BillingRepository, 'createCheckout' | 'updateCheckout' | 'claimNotice' | 'releaseNotice'>;
  provider: PaymentProvider;
  /** Seals Moyasar's token at rest (the platform tokens' box). */
  box: { seal(plain: string): string; open(sealed: string): string };
  /** The one confirmation path of every payment (BillingService.confirmPayment). */
  confirm: (payment: TMoyasarPayment) => Promise<{ outcome: string; checkoutId: string | null }>;
  mailer: MailPort;
  clock: Clock;
  logger: Logger;
  config: {
    /** MOYASAR_TOKENIZATION: tokenization is enabled on the Moyasar account. */
    tokenization: boolean;
    appUrl: string;
  };
}

/** The brand and last four digits of the card a payment was made with ("XXXX-XXXX-XXXX-1111"). */
export function cardOfPayment(payment: TMoyasarPayment): TSavedCard {
  const digits = (payment.source?.number ?? '').replace(/\D/g, '');
  return { brand: payment.source?.company ?? payment.source?.type ?? 'card', last4: digits.slice(-4) };
}

/**
 * Renewal with a saved card (issue 30 item 3). A checkout with "renew automatically" ticked keeps the
 * card's Moyasar token (sealed), brand and last four digits once its payment is confirmed. Cron then, per
 * period end and each step once (claimed in `billing_notices`): e-mails the amount and date three days
 * before, charges the token on the last day, retries on days 1 and 3 of grace. A charge is a renewal
 * checkout confirmed by the same path as any payment (its invoice, the stale-quote rules); 3-D Secure and
 * declines e-mail a link, and grace and expiry go on as for pay-by-link.
 */
export class AutoRenewService {
  constructor(private readonly deps: AutoRenewDeps) {}

  get offered(): boolean {
    return this.deps.config.tokenization;
  }

  private appLink(path: string): string {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}${path}`;
  }

  /** What the billing tab shows: whether renewal is on, and the card. */
  async cardOf(userId: string): Promise<{ autoRenew: boolean; card: TSavedCard | null }> {
    const row = await this.deps.repo.find(userId);
    if (!row?.tokenEnc) return { autoRenew: false, card: null };
    return { autoRenew: row.autoRenew, card: { brand: row.brand ?? 'card', last4: row.last4 ?? '' } };
  }

  /** Renewal reminders by link are not sent to a merchant whose card renews the plan. */
  async renewsAutomatically(userId: string): Promise<boolean> {
    if (!this.offered) return false;
    const row = await this.deps.repo.find(userId);
    return Boolean(row?.tokenEnc && row.autoRenew);
  }

  /**
   * A confirmed payment of a checkout with "renew automatically" ticked: its card is kept (replacing, and
   * deleting at Moyasar, any card kept before).
   */
  async keepCard(checkout: CheckoutRow, payment: TMoyasarPayment): Promise<void> {
    const d = this.deps;
    const token = payment.source?.token;
    if (!this.offered || !checkout.saveCard || !token) return;
    const before = await d.repo.find(checkout.userId);
    await d.repo.saveCard(checkout.userId, {
      tokenEnc: d.box.seal(token),
      ...cardOfPayment(payment),
      now: d.clock.now(),
    });
    const old = before?.tokenEnc ? d.box.open(before.tokenEnc) : null;
    if (old && old !== token) await this.deleteAtProvider(checkout.userId, old);
  }

  async setAutoRenew(user: UserRow, enabled: boolean): Promise<Result<true, AppError>> {
    if (!this.offered) return err(new AppError('card_saving_unavailable'));
    if (!(await this.deps.repo.setAutoRenew(user.id, enabled))) return err(new AppError('no_saved_card'));
    return ok(true);
  }

  /** Forgets the card here and deletes its token at Moyasar (a failure there is logged, not shown). */
  async removeCard(user: UserRow): Promise<Result<true, AppError>> {
    const sealed = await this.deps.repo.removeCard(user.id);
    if (!sealed) return err(new AppError('no_saved_card'));
    await this.deleteAtProvider(user.id, this.deps.box.open(sealed));
    return ok(true);
  }

  private async deleteAtProvider(userId: string, token: string): Promise<void> {
    const deleted = await this.deps.provider.deleteToken(token);
    if (!deleted.ok)
      this.deps.logger.warn({ userId, err: deleted.error }, 'saved card not deleted at Moyasar');
  }

  // ---------- cron ----------

  /**
   * Every automatic-renewal step due and not yet done, batch after batch (a cursor carries the tick past
   * failures). Each step is claimed before it is done, so two cron processes never charge twice; a charge
   * also carries its checkout's id as Moyasar's idempotency key.
   */
  async run(
    batch = 200,
  ): Promise<{ notices: number; charged: number; declined: number; pending3ds: number }> {
    const d = this.deps;
    const counts = { notices: 0, charged: 0, declined: 0, pending3ds: 0 };
    if (!this.offered) return counts;
    const now = d.clock.now();
    let cursor: { lastEnd: Date; userId: string } | null = null;
    for (;;) {
      const rows = await d.repo.stepsDue({ now, cursor, limit: batch });
      for (const row of rows) {
        try {
          if (!(await d.billing.claimNotice(row.user.id, row.step, row.lastEnd, now))) continue;
          if (!row.tokenEnc) continue;
          const outcome = await this.doStep(
            row.user,
            row.subscription,
            row.tokenEnc,
            row.step,
            row.lastEnd,
            now,
          );
          if (outcome) counts[outcome]++;
        } catch (error) {
          d.logger.error(
            { err: error, userId: row.user.id, step: row.step },
            'automatic renewal step failed',
          );
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) break;
      cursor = { lastEnd: last.lastEnd, userId: last.user.id };
    }
    return counts;
  }

  private async doStep(
    user: UserRow,
    sub: SubscriptionRow,
    tokenEnc: string,
    step: AutoRenewStep,
    lastEnd: Date,
    now: Date,
  ): Promise<'notices' | 'charged' | 'declined' | 'pending3ds' | null> {
    const d = this.deps;
    // What renews: the last plan paid (a downgrade paid ahead, when it is the one ending).
    const nextIsLast = sub.nextEndDate !== null && sub.nextEndDate.getTime() === lastEnd.getTime();
    const wanted = {
      tier: tierOfId(nextIsLast ? sub.nextTierId : sub.tierId),
      period: (nextIsLast ? sub.nextBillingPeriod : sub.billingPeriod) === 'annual' ? 'annual' : 'monthly',
    } as const;
    const change = planChange(paidPlanOf(sub, now), wanted, now);
    const stored = await d.repo.find(user.id);
    const card = { brand: stored?.brand ?? 'card', last4: stored?.last4 ?? '' };
    const billingLink = this.appLink('/dashboard?tab=billing');
    if (change.unavailable) {
      d.logger.warn({ userId: user.id, reason: change.unavailable }, 'automatic renewal not possible');
      return null;
    }
    if (step === 'autorenew_notice') {
      try {
        await d.mailer.send(
          autoRenewNoticeEmail(user.email, user.language, {
            amountHalalas: change.amountHalalas,
            chargeOn: new Date(lastEnd.getTime() + AUTORENEW_WINDOWS.autorenew_charge_0[0] * DAY_MS),
            card,
            link: billingLink,
          }),
        );
      } catch (error) {
        await d.billing.releaseNotice(user.id, step, lastEnd);
        throw error;
      }
      return 'notices';
    }
    if (await d.repo.renewalUnderway(user.id, lastEnd)) return null;
    const checkout = await d.billing.createCheckout({
      userId: user.id,
      tier: wanted.tier,
      period: wanted.period,
      kind: change.kind,
      amountHalalas: change.amountHalalas,
      creditHalalas: change.creditHalalas,
      currency: 'SAR',
      provider: d.provider.kind,
      purpose: 'renewal',
      quotedState: planStateOf(sub),
      quotedTier: wanted.tier,
      quotedPeriodEnd: lastEnd,
    });
    const back = this.appLink(`/dashboard?tab=billing&checkout=${checkout.id}`);
    const charged = await d.provider.chargeToken({
      given_id: checkout.id,
      amount: change.amountHalalas,
      currency: 'SAR',
      description: `Lamha ${TIER_NAMES[wanted.tier]} (${wanted.period}), automatic renewal`,
      callback_url: back,
      token: d.box.open(tokenEnc),
      metadata: { checkout_id: checkout.id, user_id: user.id },
    });
    if (!charged.ok) {
      // No answer: nothing is known to be charged. A late webhook still applies it; the next step retries.
      d.logger.error(
        { userId: user.id, checkoutId: checkout.id, err: charged.error },
        'renewal charge unanswered',
      );
      return null;
    }
    const payment = charged.value;
    const mail = async (message: Parameters<MailPort['send']>[0]) => {
      try {
        await d.mailer.send(message);
      } catch (error) {
        d.logger.warn({ err: error, userId: user.id }, 'automatic renewal e-mail not sent');
      }
    };
    if (payment.status === 'initiated' && payment.source?.transaction_url) {
      await d.billing.updateCheckout(checkout.id, { paymentId: payment.id });
      await mail(
        autoRenewFailedEmail(user.email, user.language, {
          amountHalalas: change.amountHalalas,
          card,
          reason: '3ds',
          retryOn: null,
          link: payment.source.transaction_url,
        }),
      );
      return 'pending3ds';
    }
    const result = await d.confirm(payment);
    // Its receipt (the invoice's summary, with the card) is sent by the confirmation, as for any payment.
    if (payment.status === 'paid' && (result.outcome === 'activated' || result.outcome === 'repriced')) {
      return 'charged';
    }
    if (payment.status === 'failed') {
      const next: AutoRenewStep | null =
        step === 'autorenew_charge_0'
          ? 'autorenew_charge_1'
          : step === 'autorenew_charge_1'
            ? 'autorenew_charge_2'
            : null;
      await mail(
        autoRenewFailedEmail(user.email, user.language, {
          amountHalalas: change.amountHalalas,
          card,
          reason: 'declined',
          retryOn: next ? new Date(lastEnd.getTime() + AUTORENEW_WINDOWS[next][0] * DAY_MS) : null,
          link: billingLink,
        }),
      );
      return 'declined';
    }
    d.logger.warn(
      { userId: user.id, status: payment.status, outcome: result.outcome },
      'renewal charge not applied',
    );
    return null;
  }
}
