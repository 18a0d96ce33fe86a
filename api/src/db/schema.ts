import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TStoredHighlight, TStoredImage, TStoredPost, TStoredProfile, TStoredVideo } from '@app/shared';

/** Timestamps with time zone, read back as Date. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** Optimistic-concurrency counter on rows that clients edit. */
const version = () => integer('version').notNull().default(1);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    fullName: text('full_name'),
    businessName: text('business_name'),
    storeUrl: text('store_url'),
    storePlatform: text('store_platform', { enum: ['salla', 'zid', 'other'] })
      .notNull()
      .default('other'),
    passwordHash: text('password_hash'),
    needsPasswordSetup: boolean('needs_password_setup').notNull().default(false),
    trialEndsAt: ts('trial_ends_at'),
    /** Free-form user metadata (display settings, last refresh…) as the product's user_metadata. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const instagramAccounts = pgTable(
  'instagram_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instagramUsername: text('instagram_username').notNull(),
    /** Public, unguessable, URL-safe key used by the embed snippet. */
    publicWidgetKey: text('public_widget_key').notNull(),
    isValidated: boolean('is_validated').notNull().default(false),
    widgetContentReady: boolean('widget_content_ready').notNull().default(false),
    userIdExternal: text('user_id_external'),
    /**
     * Instagram's numeric user id. Kept as text: real ids exceed 2^53 and would lose digits as a
     * JavaScript number.
     */
    instagramUserId: text('instagram_user_id'),
    lastRefresh: ts('last_refresh'),
    /** When the refresh engine should next fetch this account. */
    nextRefreshAt: ts('next_refresh_at').notNull().defaultNow(),
    /** A worker's lease: while in the future, no other worker takes the account. */
    claimedUntil: ts('claimed_until'),
    claimedBy: text('claimed_by'),
    /** Failed attempts since the last success (drives the backoff). */
    refreshAttempts: integer('refresh_attempts').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('instagram_accounts_user_id_key').on(t.userId),
    uniqueIndex('instagram_accounts_public_widget_key_key').on(t.publicWidgetKey),
    // The tick reads only due rows, through this index.
    index('instagram_accounts_next_refresh_at_idx').on(t.nextRefreshAt),
  ],
);

/**
 * The last good content of an account, one row written in one statement, so a reader never sees half a
 * refresh. Media inside point at our media store, never at Instagram's CDN.
 */
export const instagramContent = pgTable('instagram_content', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => instagramAccounts.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<TStoredProfile>().notNull(),
  posts: jsonb('posts').$type<TStoredPost[]>().notNull(),
  highlights: jsonb('highlights').$type<TStoredHighlight[]>().notNull(),
  source: text('source').notNull(),
  fetchedAt: ts('fetched_at').notNull(),
  version: version(),
});

/**
 * The exact body `/api/widget/init` answers for a merchant, rebuilt after every refresh and settings
 * change. Served from memory, then the cache, then this table.
 */
export const widgetSnapshots = pgTable(
  'widget_snapshots',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicWidgetKey: text('public_widget_key').notNull(),
    body: text('body').notNull(),
    etag: text('etag').notNull(),
    version: integer('version').notNull().default(1),
    builtAt: ts('built_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('widget_snapshots_public_widget_key_key').on(t.publicWidgetKey)],
);

const platformConnectionColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The platform's store / merchant id. */
  storeId: text('store_id').notNull(),
  /** Tokens are stored encrypted (AES-GCM, key from the environment), never in clear. */
  accessTokenEnc: text('access_token_enc'),
  refreshTokenEnc: text('refresh_token_enc'),
  tokenExpiresAt: ts('token_expires_at'),
  scope: text('scope'),
  /** needs_reauthorisation: renewing the tokens failed; the merchant reinstalls to authorise again. */
  status: text('status', { enum: ['active', 'uninstalled', 'needs_reauthorisation'] })
    .notNull()
    .default('active'),
  needsPasswordSetup: boolean('needs_password_setup').notNull().default(false),
  /** Zid's storefront script: registered through its API, retried with backoff by cron until it is. */
  scriptStatus: text('script_status', { enum: ['pending', 'registered', 'failed'] }),
  scriptError: text('script_error'),
  scriptAttempts: integer('script_attempts').notNull().default(0),
  scriptNextAttemptAt: ts('script_next_attempt_at'),
  /**
   * Zid's store webhooks (product changes) are created per store through its API after install, retried
   * with backoff like the script, and deleted at uninstall. Salla subscribes once, in the app's settings.
   */
  webhooksStatus: text('webhooks_status', { enum: ['pending', 'registered', 'failed'] }),
  webhooksError: text('webhooks_error'),
  webhooksAttempts: integer('webhooks_attempts').notNull().default(0),
  webhooksNextAttemptAt: ts('webhooks_next_attempt_at'),
  /** The store's name and URL as the platform last reported them (a change there updates the account). */
  platformStoreName: text('platform_store_name'),
  platformStoreUrl: text('platform_store_url'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  installedAt: ts('installed_at'),
  uninstalledAt: ts('uninstalled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sallaConnections = pgTable('salla_connections', platformConnectionColumns(), (t) => [
  uniqueIndex('salla_connections_user_id_key').on(t.userId),
  uniqueIndex('salla_connections_store_id_key').on(t.storeId),
]);

export const zidConnections = pgTable('zid_connections', platformConnectionColumns(), (t) => [
  uniqueIndex('zid_connections_user_id_key').on(t.userId),
  uniqueIndex('zid_connections_store_id_key').on(t.storeId),
]);

/**
 * A store install whose e-mail belongs to an account that existed before it. The store is linked to that
 * account only when its owner confirms through the one-time link e-mailed to them (stored hashed, valid
 * 24 h, deleted on use); until then no connection exists, so the store's widget shows nothing and the
 * platform's events cannot touch the account. The install's tokens wait here, sealed.
 */
export const storeLinkRequests = pgTable(
  'store_link_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['salla', 'zid'] }).notNull(),
    storeId: text('store_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    storeName: text('store_name'),
    storeUrl: text('store_url'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: ts('token_expires_at'),
    scope: text('scope'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_link_requests_store_key').on(t.platform, t.storeId),
    uniqueIndex('store_link_requests_token_hash_key').on(t.tokenHash),
    index('store_link_requests_user_id_idx').on(t.userId),
  ],
);

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

export const widgetPreferences = pgTable('widget_preferences', {
  /** One row per merchant (the merchant is the user). */
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The settings document: what ZWidgetSettings (shared/src/schemas/widget.ts) parses, read through it so
   * fields added since it was written get their defaults (docs/architecture.md "Widget settings").
   */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The document's format: 1 today. A change that defaults cannot express (a renamed or reshaped field)
   * raises it and converts older documents when read.
   */
  settingsSchemaVersion: integer('settings_schema_version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

/**
 * The installation check: the page origins that loaded a widget (from its init request's Origin or
 * Referer), first and last seen. Written at most once a minute per key, after the answer was sent.
 */
export const widgetInstalls = pgTable(
  'widget_installs',
  {
    publicWidgetKey: text('public_widget_key').notNull(),
    origin: text('origin').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicWidgetKey, t.origin] }),
    index('widget_installs_key_last_seen_idx').on(t.publicWidgetKey, t.lastSeenAt),
  ],
);

/** One-time sign-in codes. Only the SHA-256 of the code is stored; the code itself is only in the e-mail. */
export const magicLinkCodes = pgTable(
  'magic_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    email: text('email').notNull(),
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('magic_link_codes_expires_at_idx').on(t.expiresAt)],
);

/** A signed-in device: the family every rotated refresh token belongs to. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored hashed; each works once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Outside production, every outgoing e-mail is kept here and shown at /dev/mailbox. */
export const devMailbox = pgTable('dev_mailbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  link: text('link'),
  sentAt: createdAt(),
});

/**
 * Every webhook delivery from Salla or Zid, keyed by the hash of its raw body: a retried delivery is
 * recognised and changes nothing the second time. Processed after the 2xx answer; pending ones are
 * retried by cron.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    platform: text('platform', { enum: ['salla', 'zid'] }).notNull(),
    event: text('event').notNull(),
    storeId: text('store_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [index('webhook_deliveries_pending_idx').on(t.status, t.receivedAt)],
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

/**
 * The columns of a Meta login connection (Instagram Login, Facebook Login): one per merchant, the
 * long-lived token sealed like the Salla/Zid tokens, `needs_reconnect` when Meta refused it (error 190) or
 * a refresh failed. Both tables have exactly these columns, so one repository serves both.
 */
const metaConnectionColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The Instagram professional account's id, as text: real ids exceed 2^53. */
  igUserId: text('ig_user_id').notNull(),
  /**
   * Every id the login named this person or account by (Instagram Login: the code exchange's `user_id`,
   * `/me`'s `user_id` and `id`, app-scoped; Facebook Login: the Instagram account's id and the Facebook
   * user's app-scoped id). Meta's deauthorize and data-deletion requests may use any of them.
   */
  igIds: text('ig_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  username: text('username').notNull(),
  accountType: text('account_type'),
  /** Connected through the dev consent page: its content is generated sample content. */
  demo: boolean('demo').notNull().default(false),
  accessTokenEnc: text('access_token_enc'),
  /** When the current long-lived token was issued (refreshes need it to be at least 24 h old). */
  tokenIssuedAt: ts('token_issued_at'),
  tokenExpiresAt: ts('token_expires_at'),
  status: text('status', { enum: ['active', 'needs_reconnect'] })
    .notNull()
    .default('active'),
  lastError: text('last_error'),
  lastErrorAt: ts('last_error_at'),
  /** The last health e-mail sent for this connection (one, then at most weekly). */
  healthNotifiedAt: ts('health_notified_at'),
  /** The last time the stories of this account were read (polled at least every 4 h). */
  storiesPolledAt: ts('stories_polled_at'),
  connectedAt: ts('connected_at').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A merchant's own Instagram professional account, connected through Instagram Login: its posts (and its
 * stories, if `/me/stories` answers). An Instagram account connects to one merchant at a time.
 */
export const instagramConnections = pgTable('instagram_connections', metaConnectionColumns(), (t) => [
  uniqueIndex('instagram_connections_user_id_key').on(t.userId),
  index('instagram_connections_ig_user_id_idx').on(t.igUserId),
  index('instagram_connections_ig_ids_idx').using('gin', t.igIds),
  index('instagram_connections_token_expires_at_idx').on(t.tokenExpiresAt),
  // The story poll reads only due rows, through this index.
  index('instagram_connections_stories_polled_at_idx').on(t.storiesPolledAt),
]);

/**
 * The same merchant's Instagram account reached through Facebook Login for Business (the account linked
 * to a Facebook Page): the documented source of its stories (`GET /{ig-user-id}/stories` with a Facebook
 * user token). The token is the long-lived Facebook user token (about 60 days, refreshed before expiry).
 */
export const facebookConnections = pgTable('facebook_connections', metaConnectionColumns(), (t) => [
  uniqueIndex('facebook_connections_user_id_key').on(t.userId),
  index('facebook_connections_ig_user_id_idx').on(t.igUserId),
  index('facebook_connections_ig_ids_idx').using('gin', t.igIds),
  index('facebook_connections_token_expires_at_idx').on(t.tokenExpiresAt),
  index('facebook_connections_stories_polled_at_idx').on(t.storiesPolledAt),
]);

/**
 * Meta's data-deletion requests: the confirmation code answers the status page Meta links people to.
 * Kept after the data are gone, so the page can say so.
 */
export const instagramDeletionRequests = pgTable('instagram_deletion_requests', {
  confirmationCode: text('confirmation_code').primaryKey(),
  igUserId: text('ig_user_id').notNull(),
  status: text('status', { enum: ['received', 'completed'] })
    .notNull()
    .default('received'),
  accounts: integer('accounts').notNull().default(0),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});

/**
 * Stories of merchants' connected accounts, kept after Instagram drops them (24 h) so merchants can group
 * them into highlights. Media point at our media store. A story the merchant deleted stays as a bare row
 * (no media) until retention removes it, so the next poll does not archive it again while it is live.
 */
export const instagramStories = pgTable(
  'instagram_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Instagram account the story came from (Meta's data-deletion requests name it). */
    igUserId: text('ig_user_id').notNull(),
    /** Instagram's story id. */
    externalId: text('external_id').notNull(),
    mediaType: text('media_type', { enum: ['image', 'video'] }).notNull(),
    takenAt: ts('taken_at').notNull(),
    image: jsonb('image').$type<TStoredImage>(),
    video: jsonb('video').$type<TStoredVideo>(),
    durationSeconds: doublePrecision('duration_seconds'),
    archivedAt: ts('archived_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('instagram_stories_user_external_key').on(t.userId, t.externalId),
    index('instagram_stories_user_taken_at_idx').on(t.userId, t.takenAt),
    // Retention removes the oldest rows through this index.
    index('instagram_stories_taken_at_idx').on(t.takenAt),
    index('instagram_stories_ig_user_id_idx').on(t.igUserId),
  ],
);

/**
 * Highlights a merchant makes from archived stories. `latest` is the automatic one (one per merchant, on
 * by default): its stories are those of the last 7 days, never a stored list.
 */
export const merchantHighlights = pgTable(
  'merchant_highlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['custom', 'latest'] })
      .notNull()
      .default('custom'),
    title: text('title').notNull(),
    /** 0-based order in the widget's strip. */
    position: integer('position').notNull(),
    /** Only the Latest highlight can be switched off; custom ones are deleted instead. */
    enabled: boolean('enabled').notNull().default(true),
    /** The cover: an archived story's picture, or an uploaded image; neither means the first story's. */
    coverStoryId: uuid('cover_story_id').references(() => instagramStories.id, { onDelete: 'set null' }),
    coverImage: jsonb('cover_image').$type<TStoredImage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchant_highlights_user_id_idx').on(t.userId, t.position),
    uniqueIndex('merchant_highlights_one_latest')
      .on(t.userId)
      .where(sql`${t.kind} = 'latest'`),
  ],
);

/** The stories of a custom highlight, in the merchant's order. Deleting a story takes it out. */
export const merchantHighlightStories = pgTable(
  'merchant_highlight_stories',
  {
    highlightId: uuid('highlight_id')
      .notNull()
      .references(() => merchantHighlights.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => instagramStories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.highlightId, t.storyId] }),
    index('merchant_highlight_stories_story_id_idx').on(t.storyId),
  ],
);

/**
 * What store visitors did with a merchant's widget, counted per (Saudi) day: no visitor, address or raw
 * event is ever stored. `subject` is '' for the day's total of `type`, else the post, product or
 * highlight the count is about (`post_product_click`, `post_add_to_cart`: product clicks and add-to-carts
 * made from that post's viewer).
 * API processes add to these rows with upsert increments, so any number of them can flush at once.
 */
export const widgetEventCounts = pgTable(
  'widget_event_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', {
      enum: [
        'impression',
        'post_open',
        'story_open',
        'product_click',
        'follow_click',
        'post_product_click',
        'add_to_cart',
        'post_add_to_cart',
      ],
    }).notNull(),
    subject: text('subject').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.type, t.subject] }),
    // Retention removes old days through this index.
    index('widget_event_counts_day_idx').on(t.day),
  ],
);

/**
 * The merchant's choices about their Instagram posts (issue 17): hidden posts never reach the widget,
 * pinned ones (1..3) come first in that order. Keyed by the post's id in the stored content, so a refresh
 * keeps them; a row whose post is gone does nothing.
 */
export const postSettings = pgTable(
  'post_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    pinnedPosition: integer('pinned_position'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    uniqueIndex('post_settings_one_pin_per_position')
      .on(t.userId, t.pinnedPosition)
      .where(sql`${t.pinnedPosition} is not null`),
    check('post_settings_pinned_position_range', sql`${t.pinnedPosition} between 1 and 3`),
  ],
);

/**
 * Products merchants link to posts: a local copy of a Salla or Zid catalogue product (refreshed with the
 * store's content and by the platform's product webhooks), or a manual product for other stores. Money in
 * halalas. A platform product deleted on the platform is unlinked and keeps `removed_at` as the merchant's
 * notice until they dismiss it.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['salla', 'zid', 'manual'] }).notNull(),
    /** The product's id on the platform (null for manual products). */
    externalId: text('external_id'),
    nameAr: text('name_ar'),
    nameEn: text('name_en'),
    url: text('url').notNull(),
    priceHalalas: integer('price_halalas').notNull(),
    salePriceHalalas: integer('sale_price_halalas'),
    currency: text('currency').notNull().default('SAR'),
    available: boolean('available').notNull().default(true),
    /** The platform says the shopper must choose options first (Salla `options[].required`). */
    needsOptions: boolean('needs_options').notNull().default(false),
    image: jsonb('image').$type<TStoredImage>(),
    /** Where the image was copied from: an unchanged URL is not copied again. */
    imageSourceUrl: text('image_source_url'),
    refreshedAt: ts('refreshed_at'),
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('products_platform_key')
      .on(t.userId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('products_external_idx').on(t.source, t.externalId),
    check(
      'products_prices_non_negative',
      sql`${t.priceHalalas} >= 0 and coalesce(${t.salePriceHalalas}, 0) >= 0`,
    ),
  ],
);

/** The products linked to a post, in the merchant's order (at most 5). */
export const postProducts = pgTable(
  'post_products',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId, t.productId] }),
    index('post_products_product_id_idx').on(t.productId),
  ],
);

/**
 * Every media item (by content hash) the store holds or is about to write, for the clean-up. A store of the
 * item clears `unreferenced_since` (under this row's lock) before it checks what exists; the clean-up sets it
 * when it finds no content, story, product or highlight using the item, and deletes the files only once it
 * has stayed set for the grace period, holding this row's lock while it deletes (media-cleanup.service.ts).
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    hash: text('hash').primaryKey(),
    unreferencedSince: ts('unreferenced_since'),
  },
  (t) => [index('media_objects_unreferenced_since_idx').on(t.unreferencedSince)],
);

/**
 * Periodic jobs that one process at a time runs (any number of cron processes may try): a lease like the
 * refresh claims, and when the job is next due.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  leaseUntil: ts('lease_until'),
  nextRunAt: ts('next_run_at').notNull(),
});
