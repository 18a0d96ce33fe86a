import { createHash, timingSafeEqual } from 'node:crypto';
import { type TBillingPeriod, type TMoyasarPayment } from '@app/shared';
import { billingContracts } from '@app/shared/contracts';
import type { CachePort } from '../cache/cache.port.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import { type PaymentProvider } from '../integrations/moyasar/moyasar.client.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { MailPort } from '../mail/mail.port.js';
import type { SubscriptionRow, SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { AutoRenewService } from './autorenew.service.js';
import { FIRST_PREVIOUS_HASH, invoiceHash, zatcaQr, type PaidPlan } from './billing.rules.js';
import { tierOfId, type CheckoutRow, type DocumentSeal } from './billing.records.js';
import { type BillingRepository } from './billing.repository.js';

// The pieces every part of billing shares: its dependencies, its constants and the paid plan as the rules see it.
export const MOYASAR_INVOICE_CALLBACK_PATH = billingContracts.moyasarInvoiceCallback.path;

/** Webhook events whose processing failed are retried by cron this many times in all. */
export const MAX_EVENT_ATTEMPTS = 5;
/** The return page polls; Moyasar is asked about one checkout at most this often. */
export const CONFIRM_THROTTLE_MS = 3_000;
export const RECENT_PAYMENTS = 200;

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

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A webhook delivery as recorded: what, if anything, is to be done with it after the 2xx answer. */
export type ReceivedWebhook = { id: string; duplicate: boolean } & (
  | { kind: 'payment' | 'other' }
  | { kind: 'verification'; verification: { webhookId: string; code: string; live: boolean | null } }
);
export const periodOf = (v: string | null | undefined): TBillingPeriod =>
  v === 'annual' ? 'annual' : 'monthly';

/** The end of the merchant's trial while it runs (a new plan bought now may start then), else null. */
export const trialEndOf = (user: Pick<UserRow, 'trialEndsAt'>, now: Date): Date | null =>
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
export type ConfirmOutcome =
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
export const providerRefundedOf = (payment: TMoyasarPayment): number =>
  payment.status === 'voided' ? payment.amount : Math.min(payment.amount, Number(payment.refunded ?? 0));

/** Documents of the seller's chain (invoices and credit notes) are hashed and given their QR alike. */
export const SEAL: DocumentSeal = {
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

/** What every part of billing holds: its dependencies, links into the app and the admins' alerts. */
export abstract class BillingPart {
  constructor(protected readonly deps: BillingServiceDeps) {}

  protected appLink(path: string): string {
    return `${this.deps.config.appUrl.replace(/\/$/, '')}${path}`;
  }

  protected async alert(kind: string, checkout: CheckoutRow, detail: string): Promise<void> {
    await this.deps.repo.addAlert({
      kind,
      userId: checkout.userId,
      checkoutId: checkout.id,
      paymentId: checkout.paymentId,
      detail,
      now: this.deps.clock.now(),
    });
  }
}
