import { randomUUID, createHash, timingSafeEqual } from 'node:crypto';
import {
  BILLING_PERIODS,
  DAY_MS,
  GRACE_DAYS,
  MONEY_BACK_DAYS,
  PLAN_IDS,
  planPriceHalalas,
  TIER_NAMES,
  vatOfInclusive,
  ZMoyasarPaymentEventData,
  ZMoyasarVerificationData,
  ZMoyasarWebhook,
  ZNulFreeJson,
  type TAdminPayments,
  type TAdminRevenue,
  type TBillingDetails,
  type TBillingPeriod,
  type TBillingSubscription,
  type TCheckoutCreated,
  type TCheckoutRequest,
  type TCheckoutStatus,
  type TInvoice,
  type TInvoiceLine,
  type TInvoiceList,
  type TMoyasarPayment,
} from '@app/shared';
import { z } from 'zod';
import type { CachePort } from '../cache/cache.port.js';
import { consumeHourlyLimit } from '../lib/rate-limit.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import { AppError } from '../http/errors.js';
import { paidPaymentIdOf, type PaymentProvider } from '../integrations/moyasar/moyasar.client.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import type { MailPort } from '../mail/mail.port.js';
import { PARKED_UNTIL, resolvePlan } from '../subscriptions/plan.js';
import type { SubscriptionRow, SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { AutoRenewService } from './autorenew.service.js';
import {
  automaticRefundEmail,
  creditNoteEmail,
  expiredEmail,
  graceEmail,
  receiptEmail,
  renewalEmail,
} from './billing.mail.js';
import {
  FIRST_PREVIOUS_HASH,
  invoiceHash,
  planChange,
  refundedTimeMs,
  takeBackPlanTime,
  zatcaQr,
  type PaidPlan,
  type PlanChange,
} from './billing.rules.js';
import {
  planStateOf,
  tierOfId,
  type BillingRepository,
  type CancelledCheckout,
  type CheckoutRow,
  type CreditNoteDraft,
  type CreditNoteRow,
  type DocumentSeal,
  type InvoiceDraft,
  type InvoiceRow,
  type PaymentDecision,
  type SubscriptionWrite,
} from './billing.repository.js';

/** Where Moyasar POSTs a paid invoice (its `callback_url`): a hint, confirmed by fetching the invoice. */
export const MOYASAR_INVOICE_CALLBACK_PATH = '/api/billing/moyasar/invoice-callback';

/** Webhook events whose processing failed are retried by cron this many times in all. */
export const MAX_EVENT_ATTEMPTS = 5;
/** The return page polls; Moyasar is asked about one checkout at most this often. */
export const CONFIRM_THROTTLE_MS = 3_000;
const RECENT_PAYMENTS = 200;

export interface BillingConfig {
  appUrl: string;
  /** MOYASAR_WEBHOOK_SECRET: the `secret_token` every delivery must carry. */
  webhookSecret: string | undefined;
  /** False with BILLING=platform-only: only Salla/Zid merchants can pay (through their platform). */
  paymentsEnabled: boolean;
  seller: { name: string; vatNumber: string; address: string };
}

export interface BillingServiceDeps {
  repo: BillingRepository;
  subscriptions: Pick<SubscriptionsRepository, 'findActive'>;
  users: { findById(id: string): Promise<UserRow | undefined> };
  snapshots: Pick<SnapshotService, 'rebuild'>;
  provider: PaymentProvider;
  mailer: MailPort;
  /** The store platform that bills this merchant, or null when they pay here. */
  platformOf: (user: UserRow) => Promise<'salla' | 'zid' | null>;
  clock: Clock;
  logger: Logger;
  /** Holds the per-merchant checkout limit, shared by every API process (Redis) or this one. */
  cache: CachePort;
  /** Saved cards and automatic renewal. */
  cards: Pick<AutoRenewService, 'offered' | 'cardOf' | 'keepCard' | 'renewsAutomatically'>;
  config: BillingConfig;
}

/**
 * Checkouts a merchant may start in an hour. Each creates a Moyasar invoice; a merchant retrying a
 * declined card needs a few, a script looping on the endpoint would fill Moyasar with invoices.
 */
export const CHECKOUTS_PER_HOUR = 10;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A webhook delivery as recorded: what, if anything, is to be done with it after the 2xx answer. */
export type ReceivedWebhook = { id: string; duplicate: boolean } & (
  | { kind: 'payment' | 'other' }
  | { kind: 'verification'; verification: { webhookId: string; code: string; live: boolean | null } }
);
const periodOf = (v: string | null | undefined): TBillingPeriod => (v === 'annual' ? 'annual' : 'monthly');

/** The end of the merchant's trial while it runs (a new plan bought now may start then), else null. */
const trialEndOf = (user: Pick<UserRow, 'trialEndsAt'>, now: Date): Date | null =>
  user.trialEndsAt && user.trialEndsAt > now ? user.trialEndsAt : null;

/** Compares two secrets in time that depends on neither (hashing first hides the length too). */
export function tokensMatch(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The merchant's paid plan as the rules see it: the running period of a plan paid here, or the downgrade
 * that followed it once that period is over. Plans of Salla and Zid are not ours to change.
 */
export function paidPlanOf(row: SubscriptionRow | undefined, now: Date): PaidPlan | null {
  if (!row || row.source !== 'direct' || !row.endDate) return null;
  const next =
    row.nextTierId && row.nextEndDate
      ? { tier: tierOfId(row.nextTierId), period: periodOf(row.nextBillingPeriod), endsAt: row.nextEndDate }
      : null;
  // A period refunded before it started keeps no time (its end was moved back to its start): none.
  if (row.endDate > now && row.endDate > row.startDate) {
    return {
      tier: tierOfId(row.tierId),
      period: periodOf(row.billingPeriod),
      startsAt: row.startDate,
      endsAt: row.endDate,
      paidHalalas: row.paidHalalas,
      next,
    };
  }
  if (next && next.endsAt > now) {
    return { ...next, startsAt: row.endDate, paidHalalas: row.nextPaidHalalas, next: null };
  }
  return null;
}

/** What outcome a confirmation had; the event records it and admins see the ones that need a person. */
type ConfirmOutcome =
  | 'activated'
  /** Applied at the price of the state it met (cheaper than quoted): the difference is given back. */
  | 'repriced'
  /** The state it was priced for had changed and the current price is higher: refunded in full. */
  | 'refunded_stale_quote'
  | 'already_final'
  | 'failed'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'unknown_checkout'
  /** Refunded or voided in Moyasar's dashboard: plan time taken back, credit note issued. */
  | 'provider_refund'
  | 'provider_void'
  /** Refunded or voided at Moyasar before we saw it paid: nothing was given. */
  | 'refunded_unapplied'
  | 'ignored';

/** What Moyasar has refunded of a payment in all: its whole amount once voided. */
const providerRefundedOf = (payment: TMoyasarPayment): number =>
  payment.status === 'voided' ? payment.amount : Math.min(payment.amount, Number(payment.refunded ?? 0));

/** Documents of the seller's chain (invoices and credit notes) are hashed and given their QR alike. */
const SEAL: DocumentSeal = {
  firstPreviousHash: FIRST_PREVIOUS_HASH,
  hash: (draft, number, previousHash) =>
    invoiceHash({
      uuid: draft.id,
      number,
      sellerVatNumber: draft.sellerVatNumber,
      issuedAt: draft.issuedAt,
      totalHalalas: draft.totalHalalas,
      vatHalalas: draft.vatHalalas,
      previousHash,
    }),
  qr: (draft) =>
    zatcaQr({
      sellerName: draft.sellerName,
      vatNumber: draft.sellerVatNumber,
      issuedAt: draft.issuedAt,
      totalHalalas: draft.totalHalalas,
      vatHalalas: draft.vatHalalas,
    }),
};

/**
 * Plans bought with Moyasar hosted invoices: checkout, confirmation (webhook, return page or dev page, all
 * through `confirmPayment`, which activates a checkout once), VAT invoices, refunds, and the cron work of
 * reminders, grace and expiry.
 */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  get providerKind(): PaymentProvider['kind'] {
    return this.deps.provider.kind;
  }

  private appLink(path: string): string {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}${path}`;
  }

  // ---------- the merchant's side ----------

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
      if (payment.ok) await this.confirmPayment(payment.value);
    }
    return true;
  }

  /**
   * Moyasar's POST of an invoice to its `callback_url` when it is paid. It carries no secret, so anyone
   * could send it: it is only a hint. An invoice of one of our pending checkouts is fetched back from
   * Moyasar with the secret key and confirmed through its payment, as the return page does.
   */
  async invoiceCallback(body: unknown): Promise<'checked' | 'ignored'> {
    const hint = z.object({ id: z.string().min(1).max(200) }).safeParse(body);
    if (!hint.success) return 'ignored';
    const checkout = await this.deps.repo.findCheckoutByProviderInvoice(hint.data.id);
    if (!checkout) return 'ignored';
    return (await this.confirmFromInvoice(checkout)) ? 'checked' : 'ignored';
  }

  /** The merchant's invoices and credit notes, newest first. */
  async invoices(user: UserRow): Promise<TInvoiceList> {
    const [invoices, notes] = await Promise.all([
      this.deps.repo.listInvoices(user.id),
      this.deps.repo.listCreditNotes(user.id),
    ]);
    const documents = [...invoices.map(invoiceBody), ...notes.map(creditNoteBody)];
    // Newest first; a credit note issued in the same instant as an invoice came after it.
    const order = (doc: TInvoice) => (doc.type === 'credit_note' ? 1 : 0);
    documents.sort(
      (a, b) => b.issued_at.localeCompare(a.issued_at) || order(b) - order(a) || b.number - a.number,
    );
    return {
      invoices: documents.map((doc) => {
        const line = doc.lines.find((l) => l.kind !== 'credit');
        return {
          id: doc.id,
          type: doc.type,
          reference: doc.reference,
          number: doc.number,
          issued_at: doc.issued_at,
          total_halalas: doc.total_halalas,
          vat_halalas: doc.vat_halalas,
          refunded_at: doc.refunded_at,
          tier: line?.tier ?? 'basic',
          period: line?.period ?? 'monthly',
        };
      }),
    };
  }

  /** One invoice or credit note of the merchant (any one for an admin). */
  async invoice(user: UserRow, id: string): Promise<Result<TInvoice, AppError>> {
    const d = this.deps;
    if (!z.uuid().safeParse(id).success) return err(new AppError('invoice_not_found'));
    const invoice = await d.repo.findInvoice(id);
    const doc = invoice ? invoiceBody(invoice) : undefined;
    const note = doc ? undefined : await d.repo.findCreditNote(id);
    const ownerId = invoice?.userId ?? note?.userId;
    // Someone else's document is "not found", never "forbidden": ids reveal nothing.
    if (!ownerId || (ownerId !== user.id && !user.isAdmin)) return err(new AppError('invoice_not_found'));
    return ok(doc ?? creditNoteBody(note as CreditNoteRow & { invoiceNumber: number }));
  }

  // ---------- confirmation ----------

  /**
   * Reads a Moyasar webhook delivery: the secret token first (401 when it does not match), then the
   * envelope; the event id is recorded once, so a repeated delivery is answered and changes nothing. Every
   * event type is accepted: a `payment_*` event names a payment to confirm, `webhook_verification` carries
   * a code to send back, and any other type is recorded and left alone.
   */
  async receiveWebhook(body: unknown): Promise<Result<ReceivedWebhook, AppError>> {
    const d = this.deps;
    const token = z.object({ secret_token: z.string() }).safeParse(body);
    if (!token.success || !tokensMatch(token.data.secret_token, d.config.webhookSecret)) {
      return err(new AppError('invalid_token', 'The webhook could not be verified.'));
    }
    return this.recordDelivery(body);
  }

  /** A delivery whose token was checked: its envelope read and its event recorded once. */
  private async recordDelivery(body: unknown): Promise<Result<ReceivedWebhook, AppError>> {
    const d = this.deps;
    if (!ZNulFreeJson.safeParse(body).success) {
      return err(new AppError('invalid_characters', 'The webhook body contains NUL characters.'));
    }
    const event = ZMoyasarWebhook.safeParse(body);
    if (!event.success) return err(new AppError('invalid_payload'));
    const { id, type, data } = event.data;
    const verification =
      type === 'webhook_verification' ? ZMoyasarVerificationData.safeParse(data) : undefined;
    const payment = type.startsWith('payment_') ? ZMoyasarPaymentEventData.safeParse(data) : undefined;
    if (payment?.success) {
      const inserted = await d.repo.recordEvent({ id, type, paymentId: payment.data.id });
      return ok({ id, duplicate: !inserted, kind: 'payment' });
    }
    const inserted = await d.repo.recordEvent({
      id,
      type,
      paymentId: null,
      done: {
        outcome: verification?.success ? 'recorded' : 'ignored',
        detail: verification?.success
          ? `webhook ${verification.data.webhook_id}`
          : `no payment in a ${type} event: recorded, nothing to do`,
        now: d.clock.now(),
      },
    });
    if (!verification?.success) return ok({ id, duplicate: !inserted, kind: 'other' });
    return ok({
      id,
      duplicate: !inserted,
      kind: 'verification',
      verification: {
        webhookId: verification.data.webhook_id,
        code: verification.data.verification_code,
        live: event.data.live ?? null,
      },
    });
  }

  /**
   * Processes a recorded event: the payment is fetched from Moyasar (the delivery's body is never trusted)
   * and confirmed. A failure to reach Moyasar leaves the event pending for cron.
   */
  async processEvent(id: string): Promise<void> {
    const d = this.deps;
    const event = await d.repo.findEvent(id);
    if (!event || event.status !== 'pending') return;
    const now = d.clock.now();
    if (!event.paymentId) {
      await d.repo.finishEvent(id, { outcome: 'ignored', detail: 'no payment named', checkoutId: null, now });
      return;
    }
    const payment = await d.provider.fetchPayment(event.paymentId);
    if (!payment.ok) {
      d.logger.warn({ eventId: id, err: payment.error }, 'payment of a billing event could not be fetched');
      await d.repo.retryEvent(id, payment.error, MAX_EVENT_ATTEMPTS, now);
      return;
    }
    try {
      const result = await this.confirmPayment(payment.value);
      await d.repo.finishEvent(id, { ...result, now });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      d.logger.error({ eventId: id, err: message }, 'billing event processing failed');
      await d.repo.retryEvent(id, message, MAX_EVENT_ATTEMPTS, now);
    }
  }

  /**
   * The dev checkout page's buttons: the dev provider makes the payment, and it goes through the webhook's
   * path (recorded as an event, fetched back from the provider, confirmed).
   */
  async devConfirm(
    checkoutId: string,
    makePayment: (checkout: CheckoutRow) => TMoyasarPayment,
  ): Promise<Result<{ status: CheckoutRow['status']; return_url: string }, AppError>> {
    const d = this.deps;
    const checkout = z.uuid().safeParse(checkoutId).success
      ? await d.repo.findCheckout(checkoutId)
      : undefined;
    if (!checkout || checkout.provider !== 'dev') return err(new AppError('checkout_not_found'));
    const payment = makePayment(checkout);
    const eventId = `dev_evt_${randomUUID()}`;
    await d.repo.recordEvent({
      id: eventId,
      type: payment.status === 'paid' ? 'payment_paid' : 'payment_failed',
      paymentId: payment.id,
    });
    await this.processEvent(eventId);
    const after = await d.repo.findCheckout(checkout.id);
    return ok({
      status: after?.status ?? checkout.status,
      return_url: this.appLink(`/dashboard?tab=billing&checkout=${checkout.id}`),
    });
  }

  /**
   * A refund "made in Moyasar's dashboard" of a dev checkout's payment: the dev provider refunds it, and
   * the `payment_refunded` delivery Moyasar would send (its envelope, the payment as data) goes through
   * the webhook's path.
   */
  async devRefund(
    checkoutId: string,
    makeRefund: (paymentId: string) => Result<TMoyasarPayment, string>,
  ): Promise<Result<{ status: CheckoutRow['status']; refunded_halalas: number }, AppError>> {
    const d = this.deps;
    const checkout = await this.devCheckout(checkoutId);
    if (!checkout || checkout.provider !== 'dev') return err(new AppError('checkout_not_found'));
    if (!checkout.paymentId) return err(new AppError('refund_not_allowed'));
    const payment = makeRefund(checkout.paymentId);
    if (!payment.ok) return err(new AppError('refund_not_allowed', payment.error));
    const received = await this.recordDelivery({
      id: `dev_evt_${randomUUID()}`,
      type: 'payment_refunded',
      created_at: d.clock.now().toISOString(),
      secret_token: d.config.webhookSecret ?? '',
      account_name: 'Lamha (dev)',
      live: false,
      data: payment.value,
    });
    if (!received.ok) return received;
    await this.processEvent(received.value.id);
    const after = await d.repo.findCheckout(checkout.id);
    return ok({ status: after?.status ?? checkout.status, refunded_halalas: after?.refundedHalalas ?? 0 });
  }

  /** A checkout for the dev page to describe (any merchant's: the page is on this machine only). */
  devCheckout(checkoutId: string): Promise<CheckoutRow | undefined> {
    return z.uuid().safeParse(checkoutId).success
      ? this.deps.repo.findCheckout(checkoutId)
      : Promise.resolve(undefined);
  }

  /** Retries events still pending a minute after they arrived (cron). */
  async processPendingEvents(): Promise<number> {
    const ids = await this.deps.repo.pendingEvents(new Date(this.deps.clock.now().getTime() - 60_000), 50);
    for (const id of ids) await this.processEvent(id);
    // Refunds decided while the provider could not be reached.
    return ids.length + (await this.processDueRefunds());
  }

  /**
   * The one confirmation path: a paid payment whose amount and currency equal the checkout's activates
   * it (once, however many confirmations arrive); anything else is recorded and activates nothing.
   */
  async confirmPayment(
    payment: TMoyasarPayment,
  ): Promise<{ outcome: ConfirmOutcome; detail: string | null; checkoutId: string | null }> {
    const d = this.deps;
    const byMetadata = payment.metadata?.checkout_id;
    const checkout =
      (byMetadata && z.uuid().safeParse(byMetadata).success
        ? await d.repo.findCheckout(byMetadata)
        : undefined) ??
      (payment.invoice_id ? await d.repo.findCheckoutByProviderInvoice(payment.invoice_id) : undefined);
    const done = (outcome: ConfirmOutcome, detail: string | null = null) => ({
      outcome,
      detail,
      checkoutId: checkout?.id ?? null,
    });
    if (!checkout)
      return done('unknown_checkout', `payment ${payment.id} (${payment.amount} ${payment.currency})`);
    if (payment.status === 'failed') {
      const message = payment.source?.message ?? null;
      await d.repo.failCheckout(checkout.id, { reason: 'payment_failed', message, paymentId: payment.id });
      return done('failed', message);
    }
    const providerRefunded = providerRefundedOf(payment);
    if (payment.status !== 'paid' && providerRefunded === 0) {
      return done('ignored', `payment status ${payment.status}`);
    }
    if (payment.currency !== checkout.currency) {
      await d.repo.failCheckout(checkout.id, {
        reason: 'currency_mismatch',
        message: null,
        paymentId: payment.id,
      });
      return done('currency_mismatch', `paid ${payment.currency}, expected ${checkout.currency}`);
    }
    if (payment.amount !== checkout.amountHalalas) {
      await d.repo.failCheckout(checkout.id, {
        reason: 'amount_mismatch',
        message: null,
        paymentId: payment.id,
      });
      return done('amount_mismatch', `paid ${payment.amount}, expected ${checkout.amountHalalas} halalas`);
    }
    if (providerRefunded > 0) {
      const result = await this.providerRefund(checkout, payment, providerRefunded);
      return done(result.outcome, result.detail);
    }
    const activated = await this.activate(checkout, payment.id);
    if (!activated) return done('already_final', `checkout was ${checkout.status}`);
    const after = activated.checkout;
    const quoted = checkout.quotedState ?? 'unknown';
    if (!activated.invoice) {
      const detail = `priced for state ${quoted}, paid in state ${activated.stateAtPayment}: ${after.amountHalalas} halalas refunded`;
      d.logger.warn({ checkoutId: checkout.id, userId: checkout.userId }, 'stale quote paid: refunding');
      await this.alert('refunded_stale_quote', after, detail);
      await this.makeDueRefund(after);
      return done('refunded_stale_quote', detail);
    }
    d.logger.info(
      { checkoutId: checkout.id, userId: checkout.userId, invoice: activated.invoice.number },
      'plan payment confirmed',
    );
    // Content parked at expiry is fetched again.
    await d.repo.resumeContent(checkout.userId, PARKED_UNTIL, d.clock.now());
    await d.snapshots.rebuild(checkout.userId);
    await this.cancelInvoices(activated.cancelled);
    await d.cards.keepCard(after, payment);
    await this.sendReceipt(after, activated.invoice);
    if (after.refundDueHalalas > 0) {
      const detail = `priced for state ${quoted} at ${after.amountHalalas} halalas, ${after.amountHalalas - after.refundDueHalalas} at payment in state ${activated.stateAtPayment}: ${after.refundDueHalalas} refunded`;
      await this.alert('refunded_overpaid', after, detail);
      await this.makeDueRefund(after);
      return done('repriced', detail);
    }
    return done('activated');
  }

  /**
   * A refund or void made in Moyasar's dashboard (seen in a webhook, or when a paid payment is fetched
   * again): what is new of it takes back the same share of the plan time the payment bought (all of it
   * for a full refund or a void), is documented by a credit note, and is told to the merchant and admins.
   * A payment refunded in full before we saw it paid gave nothing and is recorded as such.
   */
  private async providerRefund(
    checkout: CheckoutRow,
    payment: TMoyasarPayment,
    providerTotal: number,
  ): Promise<{ outcome: ConfirmOutcome; detail: string }> {
    const d = this.deps;
    const reason = payment.status === 'voided' ? 'provider_void' : 'provider_refund';
    const now = d.clock.now();
    if (!checkout.periodStart && checkout.status !== 'paid' && checkout.status !== 'refunded') {
      if (providerTotal >= payment.amount) {
        await d.repo.failCheckout(checkout.id, { reason: 'refunded', message: null, paymentId: payment.id });
        const detail = `payment ${payment.id} was ${payment.status} at Moyasar before it was applied: no plan given`;
        await this.alert(reason, { ...checkout, paymentId: payment.id }, detail);
        return { outcome: 'refunded_unapplied', detail };
      }
      // Partly refunded before we saw it paid: applied as paid, then the refund takes its share back.
      await this.confirmPayment({ ...payment, status: 'paid', refunded: 0 });
    }
    const taken = await d.repo.takeBack({
      checkoutId: checkout.id,
      providerTotal,
      now,
      seal: SEAL,
      decide: ({ checkout: paid, current, invoice, external, priorTakenBack }) => {
        // Refunds of ours (an overpaid part) paid for no time; what is left paid for the period.
        const kept =
          paid.amountHalalas - ((paid.refundedHalalas ?? 0) + paid.refundDueHalalas - priorTakenBack);
        const start = paid.periodStart ?? now;
        const end = paid.periodEnd ?? now;
        const removeMs = refundedTimeMs({
          periodMs: end.getTime() - start.getTime(),
          refundHalalas: external,
          paidHalalas: kept,
        });
        const note: CreditNoteDraft = {
          id: randomUUID(),
          sellerVatNumber: invoice.sellerVatNumber,
          sellerName: invoice.sellerName,
          sellerAddress: invoice.sellerAddress,
          issuedAt: now,
          reason,
          lines: [
            {
              kind: 'refund',
              tier: paid.tier,
              period: paid.period,
              period_start: start.toISOString(),
              period_end: end.toISOString(),
              amount_halalas: -external,
            },
          ],
          totalHalalas: -external,
          vatHalalas: -vatOfInclusive(external),
        };
        return {
          time: current?.source === 'direct' ? takeBackPlanTime(current, removeMs, external, now) : null,
          note,
        };
      },
    });
    if (!taken) {
      return { outcome: 'ignored', detail: `${providerTotal} halalas refunded at Moyasar: already recorded` };
    }
    const detail = `${taken.external} halalas ${reason === 'provider_void' ? 'voided' : 'refunded'} in Moyasar's dashboard: credit note ${taken.note.number}`;
    d.logger.warn({ checkoutId: checkout.id, userId: checkout.userId }, 'refund made at Moyasar taken back');
    await this.alert(reason, taken.checkout, detail);
    await d.snapshots.rebuild(checkout.userId);
    await this.sendCreditNote(taken.checkout, taken.note, taken.external);
    return { outcome: reason, detail };
  }

  /** Tells the merchant of a refund: its credit note (number, link, Saudi time) and what became of the plan. */
  private async sendCreditNote(checkout: CheckoutRow, note: CreditNoteRow, amount: number): Promise<void> {
    const d = this.deps;
    const user = await d.users.findById(checkout.userId);
    if (!user) return;
    const after = paidPlanOf(await d.repo.activeSubscription(user.id), d.clock.now());
    try {
      await d.mailer.send(
        creditNoteEmail(user.email, user.language, {
          amountHalalas: amount,
          noteNumber: note.number,
          issuedAt: note.issuedAt,
          link: this.appLink(`/dashboard/invoices/${note.id}`),
          planEndsAt: after ? (after.next?.endsAt ?? after.endsAt) : null,
        }),
      );
    } catch (error) {
      d.logger.warn({ err: error, checkoutId: checkout.id }, 'credit note e-mail not sent');
    }
  }

  /**
   * The receipt of an applied payment, whatever confirmed it (webhook, return page, a renewal charged to
   * the saved card or completed by 3-D Secure): the invoice's summary and link, in the merchant's language.
   */
  private async sendReceipt(checkout: CheckoutRow, invoice: InvoiceRow): Promise<void> {
    const d = this.deps;
    const user = await d.users.findById(checkout.userId);
    if (!user) return;
    try {
      const card = checkout.purpose === 'renewal' ? (await d.cards.cardOf(user.id)).card : null;
      await d.mailer.send(
        receiptEmail(user.email, user.language, {
          invoice: { ...invoice, lines: invoice.lines as TInvoiceLine[] },
          card,
          link: this.appLink(`/dashboard/invoices/${invoice.id}`),
        }),
      );
    } catch (error) {
      d.logger.warn({ err: error, checkoutId: checkout.id }, 'receipt e-mail not sent');
    }
  }

  /** Closes the hosted invoices of checkouts cancelled by a payment (a failure only leaves a page open). */
  private async cancelInvoices(cancelled: CancelledCheckout[]): Promise<void> {
    for (const c of cancelled) {
      if (!c.providerInvoiceId) continue;
      const result = await this.deps.provider.cancelInvoice(c.providerInvoiceId);
      if (!result.ok) {
        this.deps.logger.warn({ checkoutId: c.id, err: result.error }, 'open invoice not cancelled');
      }
    }
  }

  private async alert(kind: string, checkout: CheckoutRow, detail: string): Promise<void> {
    await this.deps.repo.addAlert({
      kind,
      userId: checkout.userId,
      checkoutId: checkout.id,
      paymentId: checkout.paymentId,
      detail,
      now: this.deps.clock.now(),
    });
  }

  /**
   * Makes a refund we decided on (recorded as due first) at the provider, then tells the merchant. A
   * refusal leaves it due for cron and alerts admins once; true when it was made.
   */
  private async makeDueRefund(checkout: CheckoutRow, alertOnFailure = true): Promise<boolean> {
    const d = this.deps;
    const due = checkout.refundDueHalalas;
    if (due <= 0 || !checkout.paymentId) return false;
    const refunded = await d.provider.refund(checkout.paymentId, due);
    if (!refunded.ok) {
      d.logger.error({ err: refunded.error, checkoutId: checkout.id }, 'automatic refund failed');
      await d.repo.deferRefund(checkout.id);
      if (alertOnFailure) await this.alert('refund_failed', checkout, `${due} halalas: ${refunded.error}`);
      return false;
    }
    if (!(await d.repo.settleRefund(checkout.id, due, d.clock.now()))) return false;
    const reason = checkout.refundReason;
    const user = await d.users.findById(checkout.userId);
    if (user && (reason === 'stale_quote' || reason === 'overpaid')) {
      try {
        await d.mailer.send(
          automaticRefundEmail(user.email, user.language, {
            amountHalalas: due,
            reason,
            link: this.appLink('/dashboard?tab=billing'),
          }),
        );
      } catch (error) {
        d.logger.warn({ err: error, checkoutId: checkout.id }, 'refund e-mail not sent');
      }
    }
    return true;
  }

  /**
   * Retries refunds still due a minute after they were decided (the provider could not be reached), for
   * cron; `minAgeMs` is only shortened by tests.
   */
  async processDueRefunds(minAgeMs = 60_000, limit = 50): Promise<number> {
    let made = 0;
    for (const checkout of await this.deps.repo.claimRefundsDue(limit, minAgeMs)) {
      if (await this.makeDueRefund(checkout, false)) made++;
    }
    return made;
  }

  private async activate(checkout: CheckoutRow, paymentId: string) {
    const d = this.deps;
    const now = d.clock.now();
    const seller = d.config.seller;
    // Chosen at checkout: a trial still running at payment keeps its days.
    const user = checkout.startMode === 'trial_end' ? await d.users.findById(checkout.userId) : undefined;
    const trialEnd = user ? trialEndOf(user, now) : null;
    return d.repo.activate({
      checkoutId: checkout.id,
      userId: checkout.userId,
      paymentId,
      paidAt: now,
      firstPreviousHash: FIRST_PREVIOUS_HASH,
      decide: (row, claimed): PaymentDecision => {
        // The price is made again for the state the payment meets: as quoted when nothing changed, lower
        // or higher when something did (a credit already used, a refund, another payment, days passed).
        const paid = paidPlanOf(row, now);
        const change = planChange(paid, { tier: claimed.tier, period: claimed.period }, now, trialEnd);
        const paidHalalas = claimed.amountHalalas;
        if (change.unavailable || change.amountHalalas > paidHalalas) return { kind: 'refund' };
        const write = subscriptionWrite(row, paid, change, claimed);
        const lines: TInvoiceLine[] = [
          {
            kind: 'plan',
            tier: claimed.tier,
            period: claimed.period,
            period_start: change.startsAt.toISOString(),
            period_end: change.endsAt.toISOString(),
            amount_halalas: change.listHalalas,
          },
        ];
        if (change.creditHalalas > 0 && paid) {
          lines.push({
            kind: 'credit',
            tier: paid.tier,
            period: paid.period,
            period_start: now.toISOString(),
            period_end: paid.endsAt.toISOString(),
            amount_halalas: -change.creditHalalas,
          });
        }
        const invoice: InvoiceDraft = {
          id: randomUUID(),
          sellerVatNumber: seller.vatNumber,
          sellerName: seller.name,
          sellerAddress: seller.address,
          issuedAt: now,
          lines,
          totalHalalas: change.amountHalalas,
          vatHalalas: vatOfInclusive(change.amountHalalas),
        };
        return {
          kind: 'apply',
          write,
          periodStart: change.startsAt,
          periodEnd: change.endsAt,
          creditHalalas: change.creditHalalas,
          overpaidHalalas: paidHalalas - change.amountHalalas,
          invoice,
        };
      },
      hash: SEAL.hash,
      qr: SEAL.qr,
    });
  }

  // ---------- admin ----------

  /**
   * Refunds a first payment within the guarantee's days (terms: 7-day money-back guarantee) through
   * Moyasar, and ends the paid period it bought.
   */
  async refund(checkoutId: string): Promise<Result<{ refunded_halalas: number }, AppError>> {
    const d = this.deps;
    const now = d.clock.now();
    const checkout = z.uuid().safeParse(checkoutId).success
      ? await d.repo.findCheckout(checkoutId)
      : undefined;
    if (!checkout) return err(new AppError('checkout_not_found'));
    if (!(await this.isRefundable(checkout, now))) return err(new AppError('refund_not_allowed'));
    if (!checkout.paymentId) return err(new AppError('refund_not_allowed'));
    // What was kept: an overpaid part may already have been given back.
    const amount = checkout.amountHalalas - (checkout.refundedHalalas ?? 0) - checkout.refundDueHalalas;
    if (amount <= 0) return err(new AppError('refund_not_allowed'));
    // Recorded as ours before Moyasar is asked, so its payment_refunded event (which can arrive before
    // Moyasar answers) is not taken for a refund made in its dashboard.
    if (!(await d.repo.holdRefund(checkoutId, amount))) return err(new AppError('refund_not_allowed'));
    const refunded = await d.provider.refund(checkout.paymentId, amount);
    if (!refunded.ok) {
      d.logger.error({ err: refunded.error, checkoutId }, 'Moyasar refund failed');
      await d.repo.releaseRefund(checkoutId, amount);
      return err(new AppError('payment_provider_error'));
    }
    const done = await d.repo.refund({
      checkoutId,
      amount,
      now,
      seal: SEAL,
      note: (paid, invoice) => ({
        id: randomUUID(),
        sellerVatNumber: invoice.sellerVatNumber,
        sellerName: invoice.sellerName,
        sellerAddress: invoice.sellerAddress,
        issuedAt: now,
        reason: 'guarantee',
        lines: [
          {
            kind: 'refund',
            tier: paid.tier,
            period: paid.period,
            period_start: (paid.periodStart ?? now).toISOString(),
            period_end: (paid.periodEnd ?? now).toISOString(),
            amount_halalas: -amount,
          },
        ],
        totalHalalas: -amount,
        vatHalalas: -vatOfInclusive(amount),
      }),
    });
    await d.snapshots.rebuild(checkout.userId);
    if (done?.note) await this.sendCreditNote(done.checkout, done.note, amount);
    return ok({ refunded_halalas: amount });
  }

  private async isRefundable(checkout: CheckoutRow, now: Date): Promise<boolean> {
    if (checkout.status !== 'paid' || !checkout.paidAt) return false;
    if (now.getTime() - checkout.paidAt.getTime() > MONEY_BACK_DAYS * DAY_MS) return false;
    return (await this.deps.repo.firstPaidCheckout(checkout.userId))?.id === checkout.id;
  }

  async adminPayments(): Promise<TAdminPayments> {
    const d = this.deps;
    const now = d.clock.now();
    const [rows, alerts, moneyAlerts] = await Promise.all([
      d.repo.listPayments(RECENT_PAYMENTS),
      d.repo.listAlerts(50),
      d.repo.listBillingAlerts(50),
    ]);
    const payments = await Promise.all(
      rows.map(async ({ checkout, email }) => ({
        id: checkout.id,
        user_id: checkout.userId,
        merchant_email: email,
        status: checkout.status,
        tier: checkout.tier,
        period: checkout.period,
        amount_halalas: checkout.amountHalalas,
        failure_reason: checkout.failureReason,
        created_at: checkout.createdAt.toISOString(),
        paid_at: iso(checkout.paidAt),
        refunded_at: iso(checkout.refundedAt),
        refundable: await this.isRefundable(checkout, now),
      })),
    );
    return {
      payments,
      alerts: [
        ...alerts.map((a) => ({
          id: a.id,
          type: a.type,
          outcome: a.outcome ?? 'error',
          payment_id: a.paymentId,
          detail: a.detail,
          received_at: a.receivedAt.toISOString(),
        })),
        // Money events of our own: automatic refunds, and refunds the provider refused.
        ...moneyAlerts.map((a) => ({
          id: a.id,
          type: 'billing',
          outcome: a.kind,
          payment_id: a.paymentId,
          detail: a.detail,
          received_at: a.createdAt.toISOString(),
        })),
      ].sort((a, b) => b.received_at.localeCompare(a.received_at)),
    };
  }

  async adminRevenue(): Promise<TAdminRevenue> {
    const d = this.deps;
    const now = d.clock.now();
    const [running, trials] = await Promise.all([
      d.repo.runningDirectSubscriptions(now),
      d.repo.countTrialsEnding(now, new Date(now.getTime() + 7 * DAY_MS)),
    ]);
    let mrr = 0;
    for (const row of running) {
      const current = row.endDate && row.endDate > now;
      const tier = tierOfId(current ? row.tierId : row.nextTierId);
      const period = periodOf(current ? row.billingPeriod : row.nextBillingPeriod);
      const price = planPriceHalalas(tier, period);
      mrr += (price - vatOfInclusive(price)) / (period === 'annual' ? 12 : 1);
    }
    return {
      paying_merchants: running.length,
      mrr_halalas: Math.round(mrr),
      trials_ending_this_week: trials,
    };
  }

  // ---------- cron ----------

  /**
   * Renewal reminders (7 days and 1 day before the end), the grace e-mail when a trial or paid period has
   * ended, and at expiry the e-mail that the widget went silent, the snapshot rebuild that hides it and
   * the parking of its content refresh. Merchants are chosen by the notice due and not yet sent, batch
   * after batch until none is left (a cursor carries the tick past failures), so a tick tells everyone
   * due however many there are. Each notice is claimed in the database per merchant and period end
   * before it is done, so any number of cron processes send one.
   */
  async runNotices(batch = 200): Promise<{ reminders: number; grace: number; expired: number }> {
    const d = this.deps;
    const now = d.clock.now();
    const counts = { reminders: 0, grace: 0, expired: 0 };
    const link = this.appLink('/dashboard?tab=billing');
    let cursor: { lastEnd: Date; userId: string } | null = null;
    for (;;) {
      const rows = await d.repo.noticesDue({ now, cursor, limit: batch });
      for (const { user, subscription, tier, lastEnd, kind } of rows) {
        const active = subscription && tier ? { subscription, tier } : undefined;
        const plan = resolvePlan({ trialEndsAt: user.trialEndsAt, subscription: active }, now);
        try {
          const platform = await d.platformOf(user);
          if (kind === 'expired') {
            if (
              await this.notify(
                user.id,
                'expired',
                lastEnd,
                now,
                () => expiredEmail(user.email, user.language, { link, platform }),
                {
                  before: async () => {
                    await d.repo.parkContent(user.id, PARKED_UNTIL);
                    await d.snapshots.rebuild(user.id);
                  },
                },
              )
            )
              counts.expired++;
          } else if (kind === 'grace') {
            const sent = await this.notify(
              user.id,
              'grace',
              lastEnd,
              now,
              () =>
                graceEmail(user.email, user.language, {
                  graceEndsAt: plan.graceEndsAt ?? new Date(lastEnd.getTime() + GRACE_DAYS * DAY_MS),
                  link,
                  platform,
                }),
              { before: () => d.snapshots.rebuild(user.id) },
            );
            if (sent) counts.grace++;
          } else if (
            platform === null &&
            d.config.paymentsEnabled &&
            (await d.cards.renewsAutomatically(user.id))
          ) {
            // The saved card renews the plan: its own notice says when and how much (AutoRenewService).
            await d.repo.claimNotice(user.id, kind, lastEnd, now);
          } else if (platform === null && d.config.paymentsEnabled) {
            const daysLeft = (lastEnd.getTime() - now.getTime()) / DAY_MS;
            const sent = await this.notify(user.id, kind, lastEnd, now, () =>
              renewalEmail(user.email, user.language, {
                endsAt: lastEnd,
                daysLeft: Math.max(1, Math.ceil(daysLeft)),
                trial: plan.status === 'trial',
                link,
              }),
            );
            if (sent) counts.reminders++;
          } else {
            // Renewed on the store platform: nothing to remind, only marked as seen.
            await d.repo.claimNotice(user.id, kind, lastEnd, now);
          }
        } catch (error) {
          d.logger.error({ err: error, userId: user.id }, 'billing notice failed');
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) break;
      cursor = { lastEnd: last.lastEnd, userId: last.user.id };
    }
    return counts;
  }

  /** Claims a notice and sends its e-mail; a failed send gives the claim back for the next tick. */
  private async notify(
    userId: string,
    kind: 'renewal_7d' | 'renewal_1d' | 'grace' | 'expired',
    periodEnd: Date,
    now: Date,
    message: () => Parameters<MailPort['send']>[0],
    options: { before?: () => Promise<unknown> } = {},
  ): Promise<boolean> {
    const d = this.deps;
    if (!(await d.repo.claimNotice(userId, kind, periodEnd, now))) return false;
    try {
      // Done before the e-mail, so a failed send (retried next tick) never holds it back.
      await options.before?.();
      await d.mailer.send(message());
      return true;
    } catch (error) {
      await d.repo.releaseNotice(userId, kind, periodEnd);
      throw error;
    }
  }
}

/** How a confirmed payment changes the subscription row, from the rules' decision. */
function subscriptionWrite(
  row: SubscriptionRow | undefined,
  paid: PaidPlan | null,
  change: PlanChange,
  checkout: CheckoutRow,
): SubscriptionWrite {
  // What the new period is worth: its price, paid partly with the credit of the period it replaces.
  const worth = change.listHalalas;
  const replace: SubscriptionWrite = {
    kind: 'replace',
    tier: checkout.tier,
    period: checkout.period,
    startsAt: change.startsAt,
    endsAt: change.endsAt,
    paid: worth,
  };
  if (!row || !paid) return replace;
  // The running period is the downgrade that followed the row's own: make it the row before changing it.
  const rolledOver =
    row.endDate !== null &&
    row.endDate <= change.startsAt &&
    paid.startsAt.getTime() === row.endDate.getTime();
  switch (change.kind) {
    case 'extension':
      if (rolledOver) return { ...replace, startsAt: paid.startsAt, paid: paid.paidHalalas + worth };
      return paid.next
        ? { kind: 'extend-next', endsAt: change.endsAt, addPaid: worth }
        : { kind: 'extend', endsAt: change.endsAt, addPaid: worth };
    case 'downgrade':
      return rolledOver
        ? replace
        : {
            kind: 'schedule',
            tier: checkout.tier,
            period: checkout.period,
            endsAt: change.endsAt,
            paid: worth,
          };
    default:
      return replace;
  }
}

export function invoiceBody(row: InvoiceRow & { refundedAt: Date | null }): TInvoice {
  return {
    id: row.id,
    type: 'invoice',
    reference: null,
    uuid: row.id,
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    seller: { name: row.sellerName, vat_number: row.sellerVatNumber, address: row.sellerAddress },
    buyer: { name: row.buyerName, email: row.buyerEmail, vat_number: row.buyerVatNumber },
    lines: row.lines as TInvoiceLine[],
    total_halalas: row.totalHalalas,
    vat_halalas: row.vatHalalas,
    currency: 'SAR',
    qr: row.qr,
    invoice_hash: row.invoiceHash,
    previous_invoice_hash: row.previousInvoiceHash,
    refunded_at: iso(row.refundedAt),
  };
}

/** A credit note as the API shows it: the invoice's shape, negative totals, the invoice it corrects. */
function creditNoteBody(row: CreditNoteRow & { invoiceNumber: number }): TInvoice {
  return {
    ...invoiceBody({ ...row, refundedAt: null }),
    type: 'credit_note',
    reference: { id: row.invoiceId, number: row.invoiceNumber },
  };
}
