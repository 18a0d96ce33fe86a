import { z } from 'zod';
import { PLAN_IDS } from '../plans.js';
import { BILLING_PERIODS } from '../billing.js';
import { ZEmail } from './auth.js';
import { latinNumber } from '../typed-input.js';
import { ZText } from './text.js';
import { VAT_PATTERN } from '../vat.js';

/** Billing for merchants outside Salla and Zid (issue 16): Moyasar hosted invoices, VAT invoices. */

/** Error codes of the billing API (their status and words are in the error table, `API_ERRORS`). */
export const BILLING_ERROR_CODES = [
  'payment_required',
  'platform_managed',
  'billing_unavailable',
  'change_scheduled',
  'upgrade_needs_longer_period',
  'checkout_not_found',
  'invoice_not_found',
  'payment_provider_error',
  'refund_not_allowed',
  'card_saving_unavailable',
  'no_saved_card',
] as const;
export type TBillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
export const ZBillingErrorCode = z.enum(BILLING_ERROR_CODES);

export const ZBillingTier = z.enum(PLAN_IDS);
export const ZBillingPeriod = z.enum(BILLING_PERIODS);
export const ZHalalas = z.number().int();

/** POST /api/billing/checkout */
export const ZCheckoutRequest = z.strictObject({
  tier: ZBillingTier,
  period: ZBillingPeriod,
  /** "Renew automatically": keep the card (Moyasar's token) to charge each next period. */
  save_card: z.boolean().optional(),
  /**
   * During a trial: the paid period starts when the trial ends (the default, no trial day is lost) or at
   * payment ("start now"). Ignored outside a trial.
   */
  start: z.enum(['trial_end', 'now']).optional(),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

export const ZCheckoutCreated = z.object({
  checkout_id: z.string(),
  /** Moyasar's hosted payment page (or the dev checkout page on a machine without keys). */
  url: z.string(),
  amount_halalas: ZHalalas.positive(),
});
export type TCheckoutCreated = z.infer<typeof ZCheckoutCreated>;

/** What a payment changes: a new plan now, the same plan extended, an upgrade now, a downgrade at the end. */
export const ZPlanChangeKind = z.enum(['new', 'extension', 'upgrade', 'downgrade']);
export type TPlanChangeKind = z.infer<typeof ZPlanChangeKind>;

/** Why a payment did not go through, as a code the dashboard words in the merchant's language. */
export const ZPaymentFailureReason = z.enum([
  'payment_failed',
  'amount_mismatch',
  'currency_mismatch',
  'refunded',
]);
export type TPaymentFailureReason = z.infer<typeof ZPaymentFailureReason>;

/** GET /api/billing/checkout/:id (the return page polls it). */
export const ZCheckoutStatus = z.object({
  checkout_id: z.string(),
  /** cancelled: another payment of the merchant went through first, so this page was closed. */
  status: z.enum(['pending', 'paid', 'failed', 'cancelled']),
  tier: ZBillingTier,
  period: ZBillingPeriod,
  amount_halalas: ZHalalas,
  failure_reason: ZPaymentFailureReason.nullable(),
  /** The payment network's own words (card declined…), when it gave any. */
  failure_message: z.string().nullable(),
  invoice_id: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type TCheckoutStatus = z.infer<typeof ZCheckoutStatus>;

/** One plan and period the merchant may pay for now, priced by the server's rules. */
export const ZBillingOption = z.object({
  tier: ZBillingTier,
  period: ZBillingPeriod,
  kind: ZPlanChangeKind,
  /** The listed price (VAT included). */
  list_halalas: ZHalalas,
  /** The unused part of the current period, taken off an upgrade. */
  credit_halalas: ZHalalas,
  /** What the merchant pays. */
  amount_halalas: ZHalalas,
  starts_at: z.string(),
  ends_at: z.string(),
  /** When the option cannot be bought now, the error code the checkout would answer. */
  unavailable: ZBillingErrorCode.nullable(),
});
export type TBillingOption = z.infer<typeof ZBillingOption>;

/** A card kept for automatic renewal: only its brand and last four digits (Moyasar keeps the card). */
export const ZSavedCard = z.object({ brand: z.string(), last4: z.string() });
export type TSavedCard = z.infer<typeof ZSavedCard>;

/** PUT /api/billing/auto-renew */
export const ZAutoRenewRequest = z.strictObject({ enabled: z.boolean() });
export type TAutoRenewRequest = z.infer<typeof ZAutoRenewRequest>;

/**
 * What the billing details form says about a field, in both languages (the API sends `en` in its issues,
 * the dashboard shows the merchant's language).
 */
export const BILLING_DETAILS_MESSAGES = {
  vat_number: {
    en: 'Enter the 15-digit VAT registration number: it starts and ends with 3.',
    ar: 'أدخل الرقم الضريبي المكوّن من 15 رقمًا: يبدأ بالرقم 3 وينتهي به.',
  },
  company_name: {
    en: 'Enter the company name in 200 characters or fewer.',
    ar: 'أدخل اسم الشركة في 200 حرف أو أقل.',
  },
} as const;

/** A Saudi VAT registration number as typed: any digits (٠–٩ too), spaces and dashes dropped. */
export const ZTypedVatNumber = z
  .string()
  .transform((v) => latinNumber(v).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(VAT_PATTERN, BILLING_DETAILS_MESSAGES.vat_number.en));

/** PUT /api/billing/details: the buyer block of invoices issued from now on; blank clears a field. */
export const ZBillingDetails = z.strictObject({
  company_name: ZText.trim()
    .max(200, BILLING_DETAILS_MESSAGES.company_name.en)
    .transform((v) => v || null)
    .nullable(),
  vat_number: z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .pipe(ZTypedVatNumber.nullable())
    .nullable(),
});
export type TBillingDetails = z.infer<typeof ZBillingDetails>;
export type TBillingDetailsInput = z.input<typeof ZBillingDetails>;

export const ZBillingStatus = z.enum(['trial', 'active', 'grace', 'expired']);
export type TBillingStatus = z.infer<typeof ZBillingStatus>;

/** GET /api/billing/subscription */
export const ZBillingSubscription = z.object({
  tier: ZBillingTier.nullable(),
  status: ZBillingStatus,
  period: ZBillingPeriod.nullable(),
  current_period_end: z.string().nullable(),
  grace_ends_at: z.string().nullable(),
  /** Who takes the payments: us, or the store platform. */
  managed_by: z.enum(['direct', 'salla', 'zid']),
  /** False when this deployment takes no payments itself (BILLING=platform-only). */
  payments_enabled: z.boolean(),
  /** A plan paid ahead that starts when the current one ends (a downgrade). */
  scheduled: z
    .object({ tier: ZBillingTier, period: ZBillingPeriod, starts_at: z.string(), ends_at: z.string() })
    .nullable(),
  options: z.array(ZBillingOption),
  /** Whether this deployment can keep a card for automatic renewal (MOYASAR_TOKENIZATION=true). */
  card_saving: z.boolean(),
  /** Each next period is charged to the saved card. */
  auto_renew: z.boolean(),
  /** The saved card, as much as we keep of it. */
  card: ZSavedCard.nullable(),
  /** The company name and VAT number printed on invoices issued from now on. */
  details: z.object({ company_name: z.string().nullable(), vat_number: z.string().nullable() }),
});
export type TBillingSubscription = z.infer<typeof ZBillingSubscription>;

export const ZInvoiceLine = z.object({
  /** refund: on a credit note, the plan time a refund took back (a negative amount). */
  kind: z.enum(['plan', 'credit', 'refund']),
  tier: ZBillingTier,
  period: ZBillingPeriod,
  period_start: z.string(),
  period_end: z.string(),
  amount_halalas: ZHalalas,
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/** A tax invoice, or a credit note correcting one (a refund): its own number series, negative totals. */
export const ZInvoiceType = z.enum(['invoice', 'credit_note']);

/** GET /api/billing/invoices/:id: a simplified tax invoice or a simplified credit note. */
export const ZInvoice = z.object({
  id: z.string(),
  type: ZInvoiceType,
  /** A credit note's original invoice. */
  reference: z.object({ id: z.string(), number: z.number().int().positive() }).nullable(),
  /** The invoice's UUID, kept for ZATCA phase 2. */
  uuid: z.string(),
  number: z.number().int().positive(),
  issued_at: z.string(),
  seller: z.object({ name: z.string(), vat_number: z.string(), address: z.string() }),
  /** `vat_number`: the merchant's VAT registration number, as it stood when the invoice was issued. */
  buyer: z.object({ name: z.string().nullable(), email: z.string(), vat_number: z.string().nullable() }),
  lines: z.array(ZInvoiceLine),
  total_halalas: ZHalalas,
  vat_halalas: ZHalalas,
  currency: z.literal('SAR'),
  /** ZATCA phase-1 QR content: Base64 of the TLV fields. */
  qr: z.string(),
  invoice_hash: z.string(),
  previous_invoice_hash: z.string(),
  refunded_at: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceSummary = ZInvoice.pick({
  id: true,
  type: true,
  reference: true,
  number: true,
  issued_at: true,
  total_halalas: true,
  vat_halalas: true,
  refunded_at: true,
}).extend({ tier: ZBillingTier, period: ZBillingPeriod });
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** GET /api/billing/invoices */
export const ZInvoiceList = z.object({ invoices: z.array(ZInvoiceSummary) });
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

/** POST /api/dev/checkout/:id (the dev checkout page's buttons). */
export const ZDevCheckoutOutcome = z.strictObject({
  outcome: z.enum(['paid', 'failed']),
  /** The page's "save card" box (a checkbox: present when ticked). */
  save_card: z.literal('on').optional(),
  /** How the saved card answers later charges, so tests can see every path. */
  card_behaviour: z.enum(['approve', 'decline', '3ds']).optional(),
});
export type TDevCheckoutOutcome = z.infer<typeof ZDevCheckoutOutcome>;

/**
 * POST /api/dev/checkout/:id/refund: a refund made "in Moyasar's dashboard" of the dev provider, of
 * `amount` halalas (all that is left when absent).
 */
export const ZDevRefund = z.strictObject({ amount: z.number().int().positive().optional() });
export type TDevRefund = z.infer<typeof ZDevRefund>;

/**
 * POST /api/dev/trial (development only): moves a merchant's trial end, so browser tests can see the
 * countdown, the grace period and an expired plan without waiting for days.
 */
export const ZDevTrialEnd = z.strictObject({
  email: ZEmail,
  trial_ends_at: z.iso.datetime({ offset: true }),
});
export type TDevTrialEnd = z.infer<typeof ZDevTrialEnd>;

// ---------- Moyasar: what its API and webhooks send (read tolerantly: unknown fields are dropped) ----------

const ZMetadata = z.record(z.string(), z.string()).nullable().optional();

/** Halalas as a whole number; Moyasar's Python SDK fixtures send the amount as a string ("1000"). */
const ZMoyasarAmount = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((v) => Number(v)),
]);

export const ZMoyasarPayment = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: ZMoyasarAmount,
  currency: z.string(),
  refunded: ZMoyasarAmount.nullable().optional(),
  invoice_id: z.string().nullable().optional(),
  metadata: ZMetadata,
  source: z
    .object({
      type: z.string().optional(),
      company: z.string().nullable().optional(),
      message: z.string().nullable().optional(),
      /** The masked card number ("XXXX-XXXX-XXXX-1111"). */
      number: z.string().nullable().optional(),
      /** A saved card's token (`save_card: true`), or the token a token payment was charged to. */
      token: z.string().nullable().optional(),
      /** Where the cardholder completes 3-D Secure, while the payment is `initiated`. */
      transaction_url: z.string().nullable().optional(),
    })
    .passthrough()
    .nullable()
    .optional(),
});
export type TMoyasarPayment = z.infer<typeof ZMoyasarPayment>;

/**
 * An invoice (`POST /v1/invoices`, `GET /v1/invoices/:id`, and the body Moyasar POSTs to its
 * `callback_url`). Its payment is named two ways: the docs' `payment_id`, or the SDKs' `payments` list.
 */
export const ZMoyasarInvoice = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: ZMoyasarAmount,
  currency: z.string(),
  description: z.string().nullable().optional(),
  url: z.url({ protocol: /^https?$/ }),
  payment_id: z.string().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  payments: z.array(ZMoyasarPayment).nullable().optional(),
  metadata: ZMetadata,
});
export type TMoyasarInvoice = z.infer<typeof ZMoyasarInvoice>;

/**
 * A webhook delivery's envelope, whatever its type: `data` is a payment for `payment_*` events and
 * `{webhook_id, verification_code}` for `webhook_verification`; other types are recorded as they come.
 */
export const ZMoyasarWebhook = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  created_at: z.string().optional(),
  secret_token: z.string().optional(),
  account_name: z.string().nullable().optional(),
  live: z.boolean().nullable().optional().catch(null),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type TMoyasarWebhook = z.infer<typeof ZMoyasarWebhook>;

/** The `data` of a `payment_*` event: the payment, whose id is all we trust (it is fetched back). */
export const ZMoyasarPaymentEventData = z.object({ id: z.string().min(1).max(200) });

/** What is read of the invoice Moyasar POSTs to its `callback_url` (unsigned: only a hint). */
export const ZMoyasarInvoiceCallback = z.object({ id: z.string().min(1).max(200) });

/** The `data` of `webhook_verification`, sent once when a webhook is created. */
export const ZMoyasarVerificationData = z.object({
  webhook_id: z.string().min(1).max(200),
  verification_code: z.string().min(1).max(50),
});

/** `POST /v1/webhooks/:id/verify`'s answer. */
export const ZMoyasarWebhookVerified = z.object({
  id: z.string().min(1),
  verified: z.boolean().optional(),
  verified_at: z.string().nullable().optional(),
});

/**
 * A saved card's token (`GET /v1/tokens/:id`): statuses initiated, active, inactive, expired. Read
 * tolerantly: only what we show is required.
 */
export const ZMoyasarToken = z.object({
  id: z.string().min(1),
  status: z.string(),
  brand: z.string().nullable().optional(),
  last_four: z.string().nullable().optional(),
});
export type TMoyasarToken = z.infer<typeof ZMoyasarToken>;

/** Moyasar's error body (`{type, message, errors}`). */
export const ZMoyasarError = z.object({
  type: z.string().optional(),
  message: z.string().nullable().optional(),
});

// ---------- Admin ----------

/**
 * GET /api/admin/billing/moyasar-webhooks: the verification codes Moyasar sent (newest first) and whether
 * each webhook is verified; a webhook not verified receives no payment events at all.
 */
export const ZAdminMoyasarWebhook = z.object({
  webhook_id: z.string(),
  verification_code: z.string(),
  /** Moyasar's live or test mode, when the event said. */
  live: z.boolean().nullable(),
  received_at: z.string(),
  /** Moyasar accepts the code for 30 minutes. */
  code_expires_at: z.string(),
  status: z.enum(['verified', 'pending', 'failed', 'expired']),
  verified_at: z.string().nullable(),
  /** Why sending the code back failed (Moyasar's message), while not verified. */
  error: z.string().nullable(),
});
export const ZAdminMoyasarWebhooks = z.object({ webhooks: z.array(ZAdminMoyasarWebhook) });
export type TAdminMoyasarWebhooks = z.infer<typeof ZAdminMoyasarWebhooks>;

export const ZAdminPayment = z.object({
  id: z.string(),
  user_id: z.string(),
  merchant_email: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded', 'cancelled']),
  tier: ZBillingTier,
  period: ZBillingPeriod,
  amount_halalas: ZHalalas,
  failure_reason: ZPaymentFailureReason.nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** A first payment within the guarantee's 7 days. */
  refundable: z.boolean(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;

/** Deliveries that need a person: amounts that did not match, payments for no known checkout. */
export const ZAdminPaymentAlert = z.object({
  id: z.string(),
  type: z.string(),
  outcome: z.string(),
  payment_id: z.string().nullable(),
  detail: z.string().nullable(),
  received_at: z.string(),
});
export type TAdminPaymentAlert = z.infer<typeof ZAdminPaymentAlert>;

/** GET /api/admin/payments */
export const ZAdminPayments = z.object({
  payments: z.array(ZAdminPayment),
  alerts: z.array(ZAdminPaymentAlert),
});
export type TAdminPayments = z.infer<typeof ZAdminPayments>;

/** GET /api/admin/revenue */
export const ZAdminRevenue = z.object({
  paying_merchants: z.number().int().nonnegative(),
  /** Monthly recurring revenue without VAT: monthly plans plus a twelfth of annual ones. */
  mrr_halalas: ZHalalas.nonnegative(),
  trials_ending_this_week: z.number().int().nonnegative(),
});
export type TAdminRevenue = z.infer<typeof ZAdminRevenue>;
