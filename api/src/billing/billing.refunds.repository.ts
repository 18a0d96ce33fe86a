import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  billingCheckouts,
  billingCreditNoteCounters,
  billingCreditNotes,
  billingInvoiceCounters,
  billingInvoices,
  userSubscriptions,
  users,
} from '../db/schema.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import type { PlanTime } from './billing.rules.js';
import {
  type CheckoutRow,
  type InvoiceRow,
  type CreditNoteRow,
  type Tx,
  type CreditNoteDraft,
  type DocumentSeal,
} from './billing.records.js';
import { BillingPaymentsRepository } from './billing.payments.repository.js';

/** Refunds and their credit notes: ours (the money-back guarantee) and those made in Moyasar's dashboard. */
export class BillingRefundsRepository extends BillingPaymentsRepository {
  /**
   * A refund made at the provider (Moyasar's dashboard) of a paid checkout, in one transaction under the
   * merchant's lock (as payments are): what Moyasar has refunded in all, less what we refunded or are
   * refunding ourselves, is new; it takes back plan time as `decide` says and is documented by a credit
   * note. Undefined when nothing is new (our own refund's event, a repeated delivery) or the checkout
   * never applied a plan.
   */
  async takeBack(input: {
    checkoutId: string;
    /** What the provider has refunded of the payment in all (the whole amount for a void). */
    providerTotal: number;
    now: Date;
    seal: DocumentSeal;
    decide: (args: {
      checkout: CheckoutRow;
      current: SubscriptionRow | undefined;
      invoice: InvoiceRow;
      /** Refunded at the provider and not known here before. */
      external: number;
      /** Taken back by earlier provider refunds of this checkout. */
      priorTakenBack: number;
    }) => { time: (PlanTime & { dropNext: boolean }) | null; note: CreditNoteDraft };
  }): Promise<{ checkout: CheckoutRow; note: CreditNoteRow; external: number } | undefined> {
    const found = await this.findCheckout(input.checkoutId);
    if (!found) return undefined;
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, found.userId)).for('update');
      const [checkout] = await tx
        .select()
        .from(billingCheckouts)
        .where(eq(billingCheckouts.id, input.checkoutId))
        .for('update');
      if (!checkout || !['paid', 'refunded'].includes(checkout.status) || !checkout.periodStart)
        return undefined;
      const known = (checkout.refundedHalalas ?? 0) + checkout.refundDueHalalas;
      const external = Math.min(input.providerTotal, checkout.amountHalalas) - known;
      if (external <= 0) return undefined;
      const [invoice] = await tx
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.checkoutId, checkout.id))
        .limit(1);
      if (!invoice) return undefined;
      const [prior] = await tx
        .select({ n: sql<number>`coalesce(sum(-${billingCreditNotes.totalHalalas}), 0)::int` })
        .from(billingCreditNotes)
        .where(
          and(
            eq(billingCreditNotes.checkoutId, checkout.id),
            inArray(billingCreditNotes.reason, ['provider_refund', 'provider_void']),
          ),
        );
      const [current] = await tx
        .select()
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.userId, checkout.userId), eq(userSubscriptions.isActive, true)))
        .for('update');
      const decision = input.decide({
        checkout,
        current,
        invoice,
        external,
        priorTakenBack: Number(prior?.n ?? 0),
      });
      if (decision.time && current && current.source === 'direct') {
        const t = decision.time;
        await tx
          .update(userSubscriptions)
          .set({
            endDate: t.endDate,
            nextEndDate: t.nextEndDate,
            paidHalalas: t.paidHalalas,
            nextPaidHalalas: t.nextPaidHalalas,
            ...(t.dropNext ? { nextTierId: null, nextBillingPeriod: null } : {}),
            updatedAt: sql`now()`,
            version: sql`${userSubscriptions.version} + 1`,
          })
          .where(eq(userSubscriptions.id, current.id));
      }
      const full = known + external >= checkout.amountHalalas;
      const [after] = await tx
        .update(billingCheckouts)
        .set({
          status: full ? 'refunded' : checkout.status,
          refundedAt: input.now,
          refundedHalalas: (checkout.refundedHalalas ?? 0) + external,
          refundReason: decision.note.reason,
          refundReversesPlan: true,
          updatedAt: sql`now()`,
        })
        .where(eq(billingCheckouts.id, checkout.id))
        .returning();
      const note = await this.insertCreditNote(tx, { draft: decision.note, invoice, seal: input.seal });
      if (!after) throw new Error('provider refund wrote nothing');
      return { checkout: after, note, external };
    });
  }

  /**
   * Issues a credit note for `invoice`: the next number of the seller's credit note series (its counter
   * row locked until commit, like invoices'), continuing the seller's document hash chain.
   */
  private async insertCreditNote(
    tx: Tx,
    input: { draft: CreditNoteDraft; invoice: InvoiceRow; seal: DocumentSeal },
  ): Promise<CreditNoteRow> {
    const { draft, invoice, seal } = input;
    // Credit notes never give back more than the invoice they correct was for.
    const [prior] = await tx
      .select({ n: sql<number>`coalesce(sum(-${billingCreditNotes.totalHalalas}), 0)::int` })
      .from(billingCreditNotes)
      .where(eq(billingCreditNotes.invoiceId, invoice.id));
    if (draft.totalHalalas >= 0 || Number(prior?.n ?? 0) - draft.totalHalalas > invoice.totalHalalas) {
      throw new Error(
        `credit note of ${-draft.totalHalalas} halalas exceeds what is left of invoice ${invoice.number}`,
      );
    }
    const [counter] = await tx
      .insert(billingCreditNoteCounters)
      .values({ sellerVatNumber: draft.sellerVatNumber, lastNumber: 1 })
      .onConflictDoUpdate({
        target: billingCreditNoteCounters.sellerVatNumber,
        set: { lastNumber: sql`${billingCreditNoteCounters.lastNumber} + 1` },
      })
      .returning();
    if (!counter) throw new Error('credit note counter returned nothing');
    const [chain] = await tx
      .insert(billingInvoiceCounters)
      .values({ sellerVatNumber: draft.sellerVatNumber, lastNumber: 0, lastHash: seal.firstPreviousHash })
      .onConflictDoUpdate({
        target: billingInvoiceCounters.sellerVatNumber,
        set: { lastNumber: sql`${billingInvoiceCounters.lastNumber}` },
      })
      .returning();
    if (!chain) throw new Error('invoice counter returned nothing');
    const hash = seal.hash(draft, counter.lastNumber, chain.lastHash);
    await tx
      .update(billingInvoiceCounters)
      .set({ lastHash: hash })
      .where(eq(billingInvoiceCounters.sellerVatNumber, draft.sellerVatNumber));
    const [note] = await tx
      .insert(billingCreditNotes)
      .values({
        id: draft.id,
        sellerVatNumber: draft.sellerVatNumber,
        number: counter.lastNumber,
        userId: invoice.userId,
        checkoutId: invoice.checkoutId,
        invoiceId: invoice.id,
        issuedAt: draft.issuedAt,
        sellerName: draft.sellerName,
        sellerAddress: draft.sellerAddress,
        buyerName: invoice.buyerName,
        buyerEmail: invoice.buyerEmail,
        buyerVatNumber: invoice.buyerVatNumber,
        reason: draft.reason,
        lines: draft.lines,
        totalHalalas: draft.totalHalalas,
        vatHalalas: draft.vatHalalas,
        currency: 'SAR',
        qr: seal.qr(draft),
        invoiceHash: hash,
        previousInvoiceHash: chain.lastHash,
      })
      .returning();
    if (!note) throw new Error('credit note insert returned nothing');
    return note;
  }

  /**
   * Records a refund we are about to ask the provider for (an admin's), so that its webhook is known as
   * ours; false when the checkout is not paid or a refund is already under way. Not claimed by cron: the
   * row is `refundReason: 'guarantee'`, and the request that holds it settles or releases it.
   */
  async holdRefund(checkoutId: string, amount: number): Promise<boolean> {
    const rows = await this.db
      .update(billingCheckouts)
      .set({ refundDueHalalas: amount, refundReason: 'guarantee', updatedAt: sql`now()` })
      .where(
        and(
          eq(billingCheckouts.id, checkoutId),
          eq(billingCheckouts.status, 'paid'),
          eq(billingCheckouts.refundDueHalalas, 0),
        ),
      )
      .returning({ id: billingCheckouts.id });
    return rows.length > 0;
  }

  /** The provider refused a held refund: nothing is due any more. */
  async releaseRefund(checkoutId: string, amount: number): Promise<void> {
    await this.db
      .update(billingCheckouts)
      .set({ refundDueHalalas: 0, updatedAt: sql`now()` })
      .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.refundDueHalalas, amount)));
  }

  /**
   * A refund of ours (the money-back guarantee): the checkout is marked refunded, the paid period it bought
   * ends now (its subscription row ends, or the downgrade it scheduled is dropped), and a credit note for
   * the refunded amount corrects the payment's invoice, all in one transaction under the merchant's lock.
   */
  async refund(input: {
    checkoutId: string;
    amount: number;
    now: Date;
    seal: DocumentSeal;
    note: (checkout: CheckoutRow, invoice: InvoiceRow) => CreditNoteDraft;
  }): Promise<{ checkout: CheckoutRow; note: CreditNoteRow | undefined } | undefined> {
    const found = await this.findCheckout(input.checkoutId);
    if (!found) return undefined;
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, found.userId)).for('update');
      const [row] = await tx
        .update(billingCheckouts)
        .set({
          status: 'refunded',
          refundedAt: input.now,
          refundedHalalas: sql`coalesce(${billingCheckouts.refundedHalalas}, 0) + ${input.amount}`,
          refundReason: 'guarantee',
          refundReversesPlan: true,
          refundDueHalalas: 0,
          updatedAt: sql`now()`,
        })
        .where(and(eq(billingCheckouts.id, input.checkoutId), eq(billingCheckouts.status, 'paid')))
        .returning();
      if (!row) return undefined;
      const [current] = await tx
        .select()
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.userId, row.userId), eq(userSubscriptions.isActive, true)))
        .for('update');
      if (current && current.source === 'direct') {
        await tx
          .update(userSubscriptions)
          .set({
            endDate: input.now,
            nextTierId: null,
            nextBillingPeriod: null,
            nextEndDate: null,
            nextPaidHalalas: 0,
            updatedAt: sql`now()`,
            version: sql`${userSubscriptions.version} + 1`,
          })
          .where(eq(userSubscriptions.id, current.id));
      }
      const [invoice] = await tx
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.checkoutId, row.id))
        .limit(1);
      const note = invoice
        ? await this.insertCreditNote(tx, { draft: input.note(row, invoice), invoice, seal: input.seal })
        : undefined;
      return { checkout: row, note };
    });
  }
}
