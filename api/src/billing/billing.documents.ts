import { type TInvoice, type TInvoiceLine, type TInvoiceList } from '@app/shared';
import { z } from 'zod';
import { AppError } from '../http/errors.js';
import { err, ok, type Result } from '../lib/result.js';
import type { UserRow } from '../users/users.repository.js';
import { creditNoteEmail, receiptEmail } from './billing.mail.js';
import {
  type CancelledCheckout,
  type CheckoutRow,
  type CreditNoteRow,
  type InvoiceRow,
} from './billing.records.js';
import { type BillingServiceDeps, BillingPart, paidPlanOf, iso } from './billing.common.js';

/** The merchant's VAT invoices and credit notes: as the API shows them, and as e-mails. */
export class BillingDocuments extends BillingPart {
  constructor(deps: BillingServiceDeps) {
    super(deps);
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

  /** Tells the merchant of a refund: its credit note (number, link, Saudi time) and what became of the plan. */
  async sendCreditNote(checkout: CheckoutRow, note: CreditNoteRow, amount: number): Promise<void> {
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
  async sendReceipt(checkout: CheckoutRow, invoice: InvoiceRow): Promise<void> {
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
  async cancelInvoices(cancelled: CancelledCheckout[]): Promise<void> {
    for (const c of cancelled) {
      if (!c.providerInvoiceId) continue;
      const result = await this.deps.provider.cancelInvoice(c.providerInvoiceId);
      if (!result.ok) {
        this.deps.logger.warn({ checkoutId: c.id, err: result.error }, 'open invoice not cancelled');
      }
    }
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
