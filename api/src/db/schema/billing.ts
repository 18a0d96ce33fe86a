import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt, version } from './columns.js';
import { users } from './accounts.js';

// Plans and what billing keeps: subscriptions, checkouts, Moyasar events, invoices, credit notes, notices.

export const subscriptionTiers = pgTable('subscription_tiers', {
  /** Fixed ids, see TIER_IDS in shared. */
  id: uuid('id').primaryKey(),
  code: text('code', { enum: ['basic', 'pro'] })
    .notNull()
    .unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  monthlyPriceSar: integer('monthly_price_sar').notNull(),
});

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => subscriptionTiers.id),
    isActive: boolean('is_active').notNull().default(true),
    /** Who manages it: the merchant here, or the store platform. */
    source: text('source', { enum: ['direct', 'salla', 'zid'] })
      .notNull()
      .default('direct'),
    startDate: ts('start_date').notNull().defaultNow(),
    endDate: ts('end_date'),
    /** Paid here: the period bought and what the period is worth (the base of an upgrade's credit). */
    billingPeriod: text('billing_period', { enum: ['monthly', 'annual'] }),
    paidHalalas: integer('paid_halalas').notNull().default(0),
    /** A downgrade paid ahead: this tier runs from end_date to next_end_date. */
    nextTierId: uuid('next_tier_id').references(() => subscriptionTiers.id),
    nextBillingPeriod: text('next_billing_period', { enum: ['monthly', 'annual'] }),
    nextEndDate: ts('next_end_date'),
    nextPaidHalalas: integer('next_paid_halalas').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('user_subscriptions_user_id_idx').on(t.userId),
    // At most one active subscription per user.
    uniqueIndex('user_subscriptions_one_active')
      .on(t.userId)
      .where(sql`${t.isActive}`),
  ],
);

const tierEnum = () => text('tier', { enum: ['basic', 'pro'] }).notNull();

const periodEnum = () => text('period', { enum: ['monthly', 'annual'] }).notNull();

/**
 * A plan the merchant set out to pay for: the Moyasar invoice made for it and what came of it. Moved from
 * pending to paid or failed once, by whichever confirmation (webhook, return page, dev page) comes first.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: tierEnum(),
    period: periodEnum(),
    kind: text('kind', { enum: ['new', 'extension', 'upgrade', 'downgrade'] }).notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
    creditHalalas: integer('credit_halalas').notNull().default(0),
    currency: text('currency').notNull().default('SAR'),
    provider: text('provider', { enum: ['moyasar', 'dev'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    paymentId: text('payment_id'),
    /** cancelled: another checkout of the merchant was paid first (its Moyasar invoice is cancelled). */
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded', 'cancelled'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason', {
      enum: ['payment_failed', 'amount_mismatch', 'currency_mismatch', 'refunded'],
    }),
    /** The gateway's own words (raw, for support) and its two-digit response code, when it gave them. */
    failureMessage: text('failure_message'),
    failureResponseCode: text('failure_response_code'),
    /** What the checkout is: a merchant's own purchase, or an automatic renewal charged to a saved card. */
    purpose: text('purpose', { enum: ['checkout', 'renewal'] })
      .notNull()
      .default('checkout'),
    /**
     * The plan state the price was made for: the active subscription row and its version (or 'none'),
     * with the tier and period end it had. A payment applies as priced only while this still holds.
     */
    quotedState: text('quoted_state'),
    quotedTier: text('quoted_tier', { enum: ['basic', 'pro'] }),
    quotedPeriodEnd: ts('quoted_period_end'),
    /** During a trial: start the paid period when the trial ends (the default) or at payment. */
    startMode: text('start_mode', { enum: ['trial_end', 'now'] })
      .notNull()
      .default('now'),
    /** The merchant asked to keep the card for automatic renewal (Moyasar tokenization). */
    saveCard: boolean('save_card').notNull().default(false),
    cancelledAt: ts('cancelled_at'),
    /** When the return page last asked Moyasar, so polling does not hammer it. */
    checkedAt: ts('checked_at'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    refundedHalalas: integer('refunded_halalas'),
    /**
     * A refund we decided on and have not completed at Moyasar yet (recorded before the call, so a
     * payment_refunded delivery racing it is not taken for a refund made in Moyasar's dashboard).
     */
    refundDueHalalas: integer('refund_due_halalas').notNull().default(0),
    refundReason: text('refund_reason', {
      enum: ['guarantee', 'stale_quote', 'overpaid', 'duplicate_payment', 'provider_refund', 'provider_void'],
    }),
    /** Whether the refund due takes back plan time (a refund of a plan given), or only money never used. */
    refundReversesPlan: boolean('refund_reverses_plan').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billing_checkouts_user_id_idx').on(t.userId, t.createdAt),
    index('billing_checkouts_refund_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.refundDueHalalas} > 0`),
    uniqueIndex('billing_checkouts_provider_invoice_id_key').on(t.providerInvoiceId),
    index('billing_checkouts_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Every Moyasar webhook delivery (and dev checkout outcome), keyed by its event id: a repeated delivery is
 * recognised and changes nothing. What came of it stays visible to admins.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The payment a payment event names; null for events about something else (kept, never refused). */
    paymentId: text('payment_id'),
    checkoutId: uuid('checkout_id'),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    outcome: text('outcome'),
    detail: text('detail'),
    attempts: integer('attempts').notNull().default(0),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    index('billing_events_pending_idx').on(t.status, t.receivedAt),
    index('billing_events_outcome_idx').on(t.outcome, t.receivedAt),
  ],
);

/**
 * Moyasar's `webhook_verification` events: a new webhook receives nothing until the code it carries is
 * sent back (`POST /v1/webhooks/:id/verify`, within 30 minutes). The code is kept for admins with the
 * outcome of sending it back, by webhook.
 */
export const moyasarWebhookVerifications = pgTable('moyasar_webhook_verifications', {
  webhookId: text('webhook_id').primaryKey(),
  eventId: text('event_id').notNull(),
  verificationCode: text('verification_code').notNull(),
  live: boolean('live'),
  receivedAt: ts('received_at').notNull(),
  verifiedAt: ts('verified_at'),
  /** Why the last attempt to send the code back failed (Moyasar's message), null once verified. */
  verifyError: text('verify_error'),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * Simplified tax invoices, one per confirmed payment, numbered per seller without gaps (the counter row
 * below is taken inside the paying transaction). UUID and the hash chain are kept for ZATCA phase 2.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerVatNumber: text('seller_vat_number').notNull(),
    number: integer('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => billingCheckouts.id),
    issuedAt: ts('issued_at').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email').notNull(),
    /** The buyer's VAT registration number, when the merchant gave one for invoices. */
    buyerVatNumber: text('buyer_vat_number'),
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    totalHalalas: integer('total_halalas').notNull(),
    vatHalalas: integer('vat_halalas').notNull(),
    currency: text('currency').notNull().default('SAR'),
    qr: text('qr').notNull(),
    invoiceHash: text('invoice_hash').notNull(),
    previousInvoiceHash: text('previous_invoice_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_invoices_seller_number_key').on(t.sellerVatNumber, t.number),
    uniqueIndex('billing_invoices_checkout_id_key').on(t.checkoutId),
    index('billing_invoices_user_id_idx').on(t.userId, t.issuedAt),
  ],
);

/** The last invoice number and hash of each seller; its row lock orders concurrent invoices. */
export const billingInvoiceCounters = pgTable('billing_invoice_counters', {
  sellerVatNumber: text('seller_vat_number').primaryKey(),
  lastNumber: integer('last_number').notNull(),
  lastHash: text('last_hash').notNull(),
});

/**
 * Billing e-mails and transitions done once per merchant per period end (renewal reminders, grace notice,
 * expiry): the row is claimed before acting, so several cron processes never double them.
 */
export const billingNotices = pgTable(
  'billing_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'renewal_7d',
        'renewal_1d',
        'grace',
        'expired',
        'autorenew_notice',
        'autorenew_charge_0',
        'autorenew_charge_1',
        'autorenew_charge_2',
      ],
    }).notNull(),
    periodEnd: ts('period_end').notNull(),
    doneAt: ts('done_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.periodEnd] })],
);

/**
 * Simplified credit notes: one per refund of a paid checkout (ours, automatic, or made in Moyasar's
 * dashboard), with their own number series per seller, negative totals and a reference to the invoice
 * they correct. They continue the seller's invoice hash chain (one chain of documents for ZATCA phase 2).
 */
export const billingCreditNotes = pgTable(
  'billing_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerVatNumber: text('seller_vat_number').notNull(),
    number: integer('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => billingCheckouts.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => billingInvoices.id),
    issuedAt: ts('issued_at').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email').notNull(),
    buyerVatNumber: text('buyer_vat_number'),
    reason: text('reason', {
      enum: ['guarantee', 'stale_quote', 'overpaid', 'duplicate_payment', 'provider_refund', 'provider_void'],
    }).notNull(),
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    totalHalalas: integer('total_halalas').notNull(),
    vatHalalas: integer('vat_halalas').notNull(),
    currency: text('currency').notNull().default('SAR'),
    qr: text('qr').notNull(),
    invoiceHash: text('invoice_hash').notNull(),
    previousInvoiceHash: text('previous_invoice_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_credit_notes_seller_number_key').on(t.sellerVatNumber, t.number),
    index('billing_credit_notes_user_id_idx').on(t.userId, t.issuedAt),
    index('billing_credit_notes_checkout_id_idx').on(t.checkoutId),
  ],
);

/** The last credit note number of each seller (its own series); taken under the row lock like invoices. */
export const billingCreditNoteCounters = pgTable('billing_credit_note_counters', {
  sellerVatNumber: text('seller_vat_number').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A merchant's billing details: the company name and VAT number for invoices, and the card kept for
 * automatic renewal (Moyasar's token, sealed like platform tokens, with only its brand and last four
 * digits in clear). One row per merchant, made when they first set any of it.
 */
export const billingProfiles = pgTable('billing_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name'),
  vatNumber: text('vat_number'),
  cardTokenEnc: text('card_token_enc'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardSavedAt: ts('card_saved_at'),
  autoRenew: boolean('auto_renew').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Money events a person should look at: automatic refunds, refunds and voids made in Moyasar's dashboard,
 * refunds that could not be completed, second payments of one checkout. Listed on the admin payments page.
 */
export const billingAlerts = pgTable(
  'billing_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id'),
    paymentId: text('payment_id'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('billing_alerts_created_at_idx').on(t.createdAt)],
);
