import { and, eq, inArray, sql } from 'drizzle-orm';
import { TIER_IDS } from '@app/shared';
import {
  billingProfiles,
  billingCheckouts,
  billingInvoiceCounters,
  billingInvoices,
  userSubscriptions,
  users,
} from '../db/schema.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import {
  type CheckoutRow,
  type InvoiceRow,
  type Tx,
  planStateOf,
  type PaymentDecision,
  type CancelledCheckout,
  type SubscriptionWrite,
  type InvoiceDraft,
} from './billing.records.js';
import { BillingCheckoutsRepository } from './billing.checkouts.repository.js';

/** A confirmed payment under the lock: the plan it buys, its invoice, and the refunds it leaves due. */
export class BillingPaymentsRepository extends BillingCheckoutsRepository {
  /**
   * Confirms a payment in one transaction: the checkout is claimed (only the first confirmation gets here,
   * whichever of webhook, return page or dev page it is; a cancelled checkout paid in a race too), then,
   * under the merchant's row lock, `decide` prices it against the subscription as it stands now:
   * - apply: the subscription changes, the invoice takes the seller's next number (the counter row is
   *   locked until commit, so concurrent payments get consecutive numbers and a rolled-back payment leaves
   *   no gap), anything paid beyond the price is recorded as a refund due, and the merchant's other open
   *   checkouts are cancelled;
   * - refund: nothing changes but the checkout, which is refunded in full (recorded as due here, made at
   *   the provider after commit).
   * Returns undefined when the checkout was no longer open.
   */
  async activate(input: {
    checkoutId: string;
    userId: string;
    paymentId: string;
    paidAt: Date;
    decide: (current: SubscriptionRow | undefined, checkout: CheckoutRow) => PaymentDecision;
    hash: (draft: InvoiceDraft, number: number, previousHash: string) => string;
    firstPreviousHash: string;
    qr: (draft: InvoiceDraft) => string;
  }): Promise<
    | {
        checkout: CheckoutRow;
        invoice: InvoiceRow | undefined;
        /** The state the price was made for, and the state the payment met. */
        stateAtPayment: string;
        cancelled: CancelledCheckout[];
      }
    | undefined
  > {
    return this.db.transaction(async (tx) => {
      // One merchant's payments apply one after the other. The merchant is locked before any checkout
      // row, so two payments at once (each claiming its own checkout, each cancelling the other's) wait
      // in line instead of deadlocking.
      const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
      if (!user) throw new Error(`user ${input.userId} of checkout ${input.checkoutId} is gone`);
      const [claimed] = await tx
        .update(billingCheckouts)
        .set({
          status: 'paid',
          paymentId: input.paymentId,
          paidAt: input.paidAt,
          failureReason: null,
          failureMessage: null,
          updatedAt: sql`now()`,
        })
        // A failed attempt may be followed by a paid one on the same hosted invoice (another card); a
        // checkout cancelled because another was paid may still be paid if its page was open.
        .where(
          and(
            eq(billingCheckouts.id, input.checkoutId),
            eq(billingCheckouts.userId, input.userId),
            inArray(billingCheckouts.status, ['pending', 'failed', 'cancelled']),
          ),
        )
        .returning();
      if (!claimed) return undefined;
      const [current] = await tx
        .select()
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.userId, claimed.userId), eq(userSubscriptions.isActive, true)))
        .limit(1);
      const stateAtPayment = planStateOf(current);
      const decision = input.decide(current, claimed);
      if (decision.kind === 'refund') {
        const [checkout] = await tx
          .update(billingCheckouts)
          .set({
            status: 'refunded',
            refundDueHalalas: claimed.amountHalalas,
            refundReason: 'stale_quote',
            refundReversesPlan: false,
          })
          .where(eq(billingCheckouts.id, claimed.id))
          .returning();
        if (!checkout) throw new Error('stale payment wrote nothing');
        return { checkout, invoice: undefined, stateAtPayment, cancelled: [] };
      }
      await this.writeSubscription(tx, claimed.userId, current, decision.write);
      const [checkout] = await tx
        .update(billingCheckouts)
        .set({
          periodStart: decision.periodStart,
          periodEnd: decision.periodEnd,
          creditHalalas: decision.creditHalalas,
          ...(decision.overpaidHalalas > 0
            ? { refundDueHalalas: decision.overpaidHalalas, refundReason: 'overpaid' as const }
            : {}),
        })
        .where(eq(billingCheckouts.id, claimed.id))
        .returning();
      const cancelled = await tx
        .update(billingCheckouts)
        .set({ status: 'cancelled', cancelledAt: input.paidAt, updatedAt: sql`now()` })
        .where(
          and(
            eq(billingCheckouts.userId, claimed.userId),
            inArray(billingCheckouts.status, ['pending', 'failed']),
            sql`${billingCheckouts.id} <> ${claimed.id}`,
          ),
        )
        .returning({ id: billingCheckouts.id, providerInvoiceId: billingCheckouts.providerInvoiceId });

      const draft = decision.invoice;
      // The buyer as the merchant's details stand at issue: a later change never rewrites this invoice.
      const [profile] = await tx
        .select({ companyName: billingProfiles.companyName, vatNumber: billingProfiles.vatNumber })
        .from(billingProfiles)
        .where(eq(billingProfiles.userId, claimed.userId))
        .limit(1);
      const [counter] = await tx
        .insert(billingInvoiceCounters)
        .values({ sellerVatNumber: draft.sellerVatNumber, lastNumber: 1, lastHash: input.firstPreviousHash })
        .onConflictDoUpdate({
          target: billingInvoiceCounters.sellerVatNumber,
          set: { lastNumber: sql`${billingInvoiceCounters.lastNumber} + 1` },
        })
        .returning();
      if (!counter) throw new Error('invoice counter returned nothing');
      const previousHash = counter.lastHash;
      const invoiceHash = input.hash(draft, counter.lastNumber, previousHash);
      await tx
        .update(billingInvoiceCounters)
        .set({ lastHash: invoiceHash })
        .where(eq(billingInvoiceCounters.sellerVatNumber, draft.sellerVatNumber));
      const [invoice] = await tx
        .insert(billingInvoices)
        .values({
          id: draft.id,
          sellerVatNumber: draft.sellerVatNumber,
          number: counter.lastNumber,
          userId: claimed.userId,
          checkoutId: claimed.id,
          issuedAt: draft.issuedAt,
          sellerName: draft.sellerName,
          sellerAddress: draft.sellerAddress,
          buyerName:
            profile?.companyName?.trim() || user.businessName?.trim() || user.fullName?.trim() || null,
          buyerEmail: user.email,
          buyerVatNumber: profile?.vatNumber ?? null,
          lines: draft.lines,
          totalHalalas: draft.totalHalalas,
          vatHalalas: draft.vatHalalas,
          currency: 'SAR',
          qr: input.qr(draft),
          invoiceHash,
          previousInvoiceHash: previousHash,
        })
        .returning();
      if (!checkout || !invoice) throw new Error('payment confirmation wrote nothing');
      return { checkout, invoice, stateAtPayment, cancelled };
    });
  }

  /**
   * Claims checkouts with a refund decided and not yet made at the provider, untouched for `minAgeMs`
   * (so the confirmation that decided one has made it first), oldest first, for cron. The claim touches
   * them, so another process skips them for as long again.
   */
  async claimRefundsDue(limit: number, minAgeMs: number): Promise<CheckoutRow[]> {
    const due = this.db
      .select({ id: billingCheckouts.id })
      .from(billingCheckouts)
      .where(
        and(
          sql`${billingCheckouts.refundDueHalalas} > 0`,
          // An admin's refund is held only while its request asks the provider: never made by cron.
          sql`${billingCheckouts.refundReason} is distinct from 'guarantee'`,
          sql`${billingCheckouts.updatedAt} <= now() - (${minAgeMs} * interval '1 millisecond')`,
        ),
      )
      .orderBy(billingCheckouts.updatedAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(billingCheckouts)
      .set({ updatedAt: sql`now()` })
      .where(sql`${billingCheckouts.id} = any(array(${due}))`)
      .returning();
  }

  /**
   * The provider made a refund that was due: it is added to what was refunded, once (false when another
   * process settled it first).
   */
  async settleRefund(checkoutId: string, amount: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(billingCheckouts)
      .set({
        refundDueHalalas: 0,
        refundedHalalas: sql`coalesce(${billingCheckouts.refundedHalalas}, 0) + ${amount}`,
        refundedAt: now,
        updatedAt: sql`now()`,
      })
      .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.refundDueHalalas, amount)))
      .returning({ id: billingCheckouts.id });
    return rows.length > 0;
  }

  /** Touches a due refund the provider refused, so the next one in line is tried first next time. */
  async deferRefund(checkoutId: string): Promise<void> {
    await this.db
      .update(billingCheckouts)
      .set({ updatedAt: sql`now()` })
      .where(eq(billingCheckouts.id, checkoutId));
  }

  private async writeSubscription(
    tx: Tx,
    userId: string,
    current: SubscriptionRow | undefined,
    write: SubscriptionWrite,
  ): Promise<void> {
    if (write.kind === 'replace') {
      if (current) {
        await tx
          .update(userSubscriptions)
          .set({ isActive: false, updatedAt: sql`now()` })
          .where(eq(userSubscriptions.id, current.id));
      }
      await tx.insert(userSubscriptions).values({
        userId,
        tierId: TIER_IDS[write.tier],
        source: 'direct',
        isActive: true,
        startDate: write.startsAt,
        endDate: write.endsAt,
        billingPeriod: write.period,
        paidHalalas: write.paid,
      });
      return;
    }
    if (!current) throw new Error(`no subscription to ${write.kind} for user ${userId}`);
    const set =
      write.kind === 'extend'
        ? { endDate: write.endsAt, paidHalalas: current.paidHalalas + write.addPaid }
        : write.kind === 'extend-next'
          ? { nextEndDate: write.endsAt, nextPaidHalalas: current.nextPaidHalalas + write.addPaid }
          : {
              nextTierId: TIER_IDS[write.tier],
              nextBillingPeriod: write.period,
              nextEndDate: write.endsAt,
              nextPaidHalalas: write.paid,
            };
    await tx
      .update(userSubscriptions)
      .set({ ...set, updatedAt: sql`now()`, version: sql`${userSubscriptions.version} + 1` })
      .where(eq(userSubscriptions.id, current.id));
  }
}
