import { TIER_IDS, type TBillingPeriod, type TInvoiceLine, type TPlanId } from '@app/shared';
import type { Database } from '../db/database.js';
import type {
  billingAlerts,
  billingCheckouts,
  billingCreditNotes,
  billingEvents,
  billingInvoices,
  billingNotices,
} from '../db/schema.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';

// The rows billing keeps and the drafts and decisions its repository is given.
export type CheckoutRow = typeof billingCheckouts.$inferSelect;
export type NewCheckout = typeof billingCheckouts.$inferInsert;
export type BillingEventRow = typeof billingEvents.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type NoticeKind = (typeof billingNotices.$inferSelect)['kind'];
export type BillingAlertRow = typeof billingAlerts.$inferSelect;
export type CreditNoteRow = typeof billingCreditNotes.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a credit note says, apart from its number, buyer and hash chain (given in the transaction). */
export interface CreditNoteDraft {
  id: string;
  sellerVatNumber: string;
  sellerName: string;
  sellerAddress: string;
  issuedAt: Date;
  reason: CreditNoteRow['reason'];
  lines: TInvoiceLine[];
  totalHalalas: number;
  vatHalalas: number;
}

/** The fields of a document (invoice or credit note) its hash and QR are made of. */
export type SealedFields = Pick<
  CreditNoteDraft,
  'id' | 'sellerVatNumber' | 'sellerName' | 'issuedAt' | 'totalHalalas' | 'vatHalalas'
>;

/** How a document of the seller's hash chain is hashed and given its QR, from its draft and number. */
export interface DocumentSeal {
  firstPreviousHash: string;
  hash: (draft: SealedFields, number: number, previousHash: string) => string;
  qr: (draft: SealedFields) => string;
}

/**
 * The state a price is made for: the active subscription row and its version ('none' without one). Any
 * payment, refund or plan change of the merchant moves it.
 */
export const planStateOf = (row: SubscriptionRow | undefined): string =>
  row ? `${row.id}:${row.version}` : 'none';

/** What a confirmed payment does, decided from the subscription row as it stands under the lock. */
export type PaymentDecision =
  | {
      kind: 'apply';
      write: SubscriptionWrite;
      periodStart: Date;
      periodEnd: Date;
      /** The credit the plan change actually used (the quote's, or the re-priced one). */
      creditHalalas: number;
      /** Paid beyond the price at payment (a re-priced quote): given back. */
      overpaidHalalas: number;
      invoice: InvoiceDraft;
    }
  /** The price at payment is above what was paid, or the change cannot be bought any more: all back. */
  | { kind: 'refund' };

/** Another open checkout of the merchant, closed because a payment went through first. */
export interface CancelledCheckout {
  id: string;
  providerInvoiceId: string | null;
}

export const tierOfId = (id: string | null | undefined): TPlanId => (id === TIER_IDS.pro ? 'pro' : 'basic');

/** The writes one confirmed payment makes to the merchant's subscription (decided by billing.rules). */
export type SubscriptionWrite =
  | { kind: 'replace'; tier: TPlanId; period: TBillingPeriod; startsAt: Date; endsAt: Date; paid: number }
  | { kind: 'extend'; endsAt: Date; addPaid: number }
  | { kind: 'extend-next'; endsAt: Date; addPaid: number }
  | { kind: 'schedule'; tier: TPlanId; period: TBillingPeriod; endsAt: Date; paid: number };

/** What the invoice of a payment says, apart from its number and hash chain (given by the counter). */
export interface InvoiceDraft {
  id: string;
  sellerVatNumber: string;
  sellerName: string;
  sellerAddress: string;
  issuedAt: Date;
  lines: TInvoiceLine[];
  totalHalalas: number;
  vatHalalas: number;
}
