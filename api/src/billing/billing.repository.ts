import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  DAY_MS,
  GRACE_DAYS,
  RENEWAL_REMINDER_DAYS,
  TIER_IDS,
  type TBillingPeriod,
  type TInvoiceLine,
  type TPlanId,
} from '@app/shared';
import type { Database } from '../db/database.js';
import {
  billingAlerts,
  billingProfiles,
  billingCheckouts,
  billingCreditNoteCounters,
  billingCreditNotes,
  instagramAccounts,
  instagramConnections,
  billingEvents,
  billingInvoiceCounters,
  billingInvoices,
  billingNotices,
  subscriptionTiers,
  userSubscriptions,
  users,
} from '../db/schema.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import type { PlanTime } from './billing.rules.js';
import { FACEBOOK_CONNECTIONS } from '../integrations/instagram/instagram-connections.repository.js';

export type CheckoutRow = typeof billingCheckouts.$inferSelect;
export type NewCheckout = typeof billingCheckouts.$inferInsert;
export type BillingEventRow = typeof billingEvents.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type NoticeKind = (typeof billingNotices.$inferSelect)['kind'];
export type BillingAlertRow = typeof billingAlerts.$inferSelect;
export type CreditNoteRow = typeof billingCreditNotes.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
type SealedFields = Pick<
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

/** Everything billing keeps: checkouts, webhook events, invoices, per-period notices. */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  /** The company name and VAT number the merchant gave for invoices (nulls until they give them). */
  async details(userId: string): Promise<{ companyName: string | null; vatNumber: string | null }> {
    const [row] = await this.db
      .select({ companyName: billingProfiles.companyName, vatNumber: billingProfiles.vatNumber })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, userId))
      .limit(1);
    return row ?? { companyName: null, vatNumber: null };
  }

  /** Sets both (a null clears one); the saved card in the same profile row is left as it is. */
  async saveDetails(
    userId: string,
    details: { companyName: string | null; vatNumber: string | null },
  ): Promise<void> {
    await this.db
      .insert(billingProfiles)
      .values({ userId, ...details })
      .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...details, updatedAt: sql`now()` } });
  }

  async createCheckout(row: NewCheckout): Promise<CheckoutRow> {
    const [created] = await this.db.insert(billingCheckouts).values(row).returning();
    if (!created) throw new Error('checkout insert returned nothing');
    return created;
  }

  async findCheckout(id: string): Promise<CheckoutRow | undefined> {
    const [row] = await this.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, id)).limit(1);
    return row;
  }

  async findCheckoutByProviderInvoice(invoiceId: string): Promise<CheckoutRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingCheckouts)
      .where(eq(billingCheckouts.providerInvoiceId, invoiceId))
      .limit(1);
    return row;
  }

  async updateCheckout(
    id: string,
    patch: Partial<Pick<CheckoutRow, 'providerInvoiceId' | 'checkedAt' | 'paymentId'>>,
  ): Promise<void> {
    await this.db
      .update(billingCheckouts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(billingCheckouts.id, id));
  }

  /** Pending → failed, once; false when it was no longer pending. */
  async failCheckout(
    id: string,
    input: { reason: NonNullable<CheckoutRow['failureReason']>; message: string | null; paymentId: string },
  ): Promise<boolean> {
    const rows = await this.db
      .update(billingCheckouts)
      .set({
        status: 'failed',
        failureReason: input.reason,
        failureMessage: input.message,
        paymentId: input.paymentId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.status, 'pending')))
      .returning({ id: billingCheckouts.id });
    return rows.length > 0;
  }

  /** The merchant's subscription row as it stands (active), with nothing joined. */
  async activeSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.isActive, true)))
      .limit(1);
    return row;
  }

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

  async addAlert(input: {
    kind: string;
    userId: string | null;
    checkoutId: string | null;
    paymentId: string | null;
    detail: string | null;
    now: Date;
  }): Promise<void> {
    const { now, ...alert } = input;
    await this.db.insert(billingAlerts).values({ ...alert, createdAt: now });
  }

  async listBillingAlerts(limit: number): Promise<BillingAlertRow[]> {
    return this.db.select().from(billingAlerts).orderBy(desc(billingAlerts.createdAt)).limit(limit);
  }

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

  async countPaidCheckouts(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billingCheckouts)
      .where(
        and(eq(billingCheckouts.userId, userId), inArray(billingCheckouts.status, ['paid', 'refunded'])),
      );
    return row?.n ?? 0;
  }

  /** The merchant's first paid checkout (the one the money-back guarantee covers). */
  async firstPaidCheckout(userId: string): Promise<CheckoutRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingCheckouts)
      .where(
        and(
          eq(billingCheckouts.userId, userId),
          inArray(billingCheckouts.status, ['paid', 'refunded']),
          // A payment refunded at once as stale never gave a plan: it is not the first purchase.
          isNotNull(billingCheckouts.periodStart),
        ),
      )
      .orderBy(billingCheckouts.paidAt)
      .limit(1);
    return row;
  }

  // ---------- events ----------

  /**
   * Records an event once; false when its id was seen before (a repeated delivery). An event with nothing
   * to process is recorded as done at once, with its outcome.
   */
  async recordEvent(input: {
    id: string;
    type: string;
    paymentId: string | null;
    done?: { outcome: string; detail: string | null; now: Date };
  }): Promise<boolean> {
    const { done, ...event } = input;
    const rows = await this.db
      .insert(billingEvents)
      .values({
        ...event,
        ...(done
          ? { status: 'done' as const, outcome: done.outcome, detail: done.detail, processedAt: done.now }
          : {}),
      })
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ id: billingEvents.id });
    return rows.length > 0;
  }

  async findEvent(id: string): Promise<BillingEventRow | undefined> {
    const [row] = await this.db.select().from(billingEvents).where(eq(billingEvents.id, id)).limit(1);
    return row;
  }

  async finishEvent(
    id: string,
    input: { outcome: string; detail: string | null; checkoutId: string | null; now: Date },
  ): Promise<void> {
    await this.db
      .update(billingEvents)
      .set({
        status: 'done',
        outcome: input.outcome,
        detail: input.detail,
        checkoutId: input.checkoutId,
        processedAt: input.now,
      })
      .where(eq(billingEvents.id, id));
  }

  /** A failed attempt; the event stays pending for cron, and is given up after `maxAttempts`. */
  async retryEvent(id: string, detail: string, maxAttempts: number, now: Date): Promise<void> {
    await this.db
      .update(billingEvents)
      .set({
        attempts: sql`${billingEvents.attempts} + 1`,
        detail,
        status: sql`case when ${billingEvents.attempts} + 1 >= ${maxAttempts} then 'done' else 'pending' end`,
        outcome: sql`case when ${billingEvents.attempts} + 1 >= ${maxAttempts} then 'error' else null end`,
        processedAt: now,
      })
      .where(eq(billingEvents.id, id));
  }

  async pendingEvents(receivedBefore: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: billingEvents.id })
      .from(billingEvents)
      .where(and(eq(billingEvents.status, 'pending'), lte(billingEvents.receivedAt, receivedBefore)))
      .orderBy(billingEvents.receivedAt)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // ---------- invoices ----------

  async listInvoices(userId: string): Promise<(InvoiceRow & { refundedAt: Date | null })[]> {
    const rows = await this.db
      .select({ invoice: billingInvoices, refundedAt: billingCheckouts.refundedAt })
      .from(billingInvoices)
      .innerJoin(billingCheckouts, eq(billingCheckouts.id, billingInvoices.checkoutId))
      .where(eq(billingInvoices.userId, userId))
      .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.number));
    return rows.map((r) => ({ ...r.invoice, refundedAt: r.refundedAt }));
  }

  async findInvoice(id: string): Promise<(InvoiceRow & { refundedAt: Date | null }) | undefined> {
    const [row] = await this.db
      .select({ invoice: billingInvoices, refundedAt: billingCheckouts.refundedAt })
      .from(billingInvoices)
      .innerJoin(billingCheckouts, eq(billingCheckouts.id, billingInvoices.checkoutId))
      .where(eq(billingInvoices.id, id))
      .limit(1);
    return row ? { ...row.invoice, refundedAt: row.refundedAt } : undefined;
  }

  /** The merchant's credit notes, with the number of the invoice each one corrects. */
  async listCreditNotes(userId: string): Promise<(CreditNoteRow & { invoiceNumber: number })[]> {
    const rows = await this.db
      .select({ note: billingCreditNotes, invoiceNumber: billingInvoices.number })
      .from(billingCreditNotes)
      .innerJoin(billingInvoices, eq(billingInvoices.id, billingCreditNotes.invoiceId))
      .where(eq(billingCreditNotes.userId, userId))
      .orderBy(desc(billingCreditNotes.issuedAt), desc(billingCreditNotes.number));
    return rows.map((r) => ({ ...r.note, invoiceNumber: r.invoiceNumber }));
  }

  async findCreditNote(id: string): Promise<(CreditNoteRow & { invoiceNumber: number }) | undefined> {
    const [row] = await this.db
      .select({ note: billingCreditNotes, invoiceNumber: billingInvoices.number })
      .from(billingCreditNotes)
      .innerJoin(billingInvoices, eq(billingInvoices.id, billingCreditNotes.invoiceId))
      .where(eq(billingCreditNotes.id, id))
      .limit(1);
    return row ? { ...row.note, invoiceNumber: row.invoiceNumber } : undefined;
  }

  async findInvoiceByCheckout(checkoutId: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.checkoutId, checkoutId))
      .limit(1);
    return row;
  }

  // ---------- cron: reminders, grace, expiry ----------

  /**
   * Merchants with a notice due and not yet sent, after `cursor` in (last end, user id) order. What is due
   * follows from the last end of their trial or paid period (a subscription without an end, a platform's,
   * never lapses): a 7-day reminder when it ends within 7 days, a 1-day reminder within a day, the grace
   * e-mail once it has ended, the expiry when grace is over. A merchant whose due notice was sent is not
   * picked again until the next one is due, so those already told never crowd out those who are not; the
   * cursor carries a tick past notices that failed (they are due again next tick).
   */
  async noticesDue(input: { now: Date; cursor: { lastEnd: Date; userId: string } | null; limit: number }) {
    const { now } = input;
    const lastEnd = sql<Date>`greatest(${users.trialEndsAt}, ${userSubscriptions.endDate}, ${userSubscriptions.nextEndDate})`;
    const expiredBefore = new Date(now.getTime() - GRACE_DAYS * DAY_MS);
    const dayAhead = new Date(now.getTime() + DAY_MS);
    const horizon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS[0] * DAY_MS);
    const kind = sql<
      'expired' | 'grace' | 'renewal_1d' | 'renewal_7d'
    >`case when ${lastEnd} <= ${expiredBefore} then 'expired' when ${lastEnd} <= ${now} then 'grace' when ${lastEnd} <= ${dayAhead} then 'renewal_1d' else 'renewal_7d' end`;
    const cursor = input.cursor;
    return this.db
      .select({
        user: users,
        subscription: userSubscriptions,
        tier: subscriptionTiers,
        lastEnd: sql<Date>`${lastEnd}`.mapWith(users.trialEndsAt),
        kind,
      })
      .from(users)
      .leftJoin(
        userSubscriptions,
        and(eq(userSubscriptions.userId, users.id), eq(userSubscriptions.isActive, true)),
      )
      .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, userSubscriptions.tierId))
      .where(
        and(
          sql`(${userSubscriptions.id} is null or ${userSubscriptions.endDate} is not null)`,
          sql`${lastEnd} <= ${horizon}`,
          sql`not exists (select 1 from ${billingNotices} n where n.user_id = ${users.id} and n.kind = ${kind} and n.period_end = ${lastEnd})`,
          cursor ? sql`(${lastEnd}, ${users.id}) > (${cursor.lastEnd}, ${cursor.userId}::uuid)` : undefined,
        ),
      )
      .orderBy(lastEnd, users.id)
      .limit(input.limit);
  }

  /**
   * An expired merchant's content is no longer fetched: the refresh and the story poll are parked until
   * a payment resumes them.
   */
  async parkContent(userId: string, until: Date): Promise<void> {
    await this.db
      .update(instagramAccounts)
      .set({ nextRefreshAt: until })
      .where(eq(instagramAccounts.userId, userId));
    for (const table of [instagramConnections, FACEBOOK_CONNECTIONS])
      await this.db.update(table).set({ storiesPolledAt: until }).where(eq(table.userId, userId));
  }

  /** A payment: parked content is due again now (the widget shows fresh posts and stories soon). */
  async resumeContent(userId: string, parkedUntil: Date, now: Date): Promise<void> {
    await this.db
      .update(instagramAccounts)
      .set({ nextRefreshAt: now })
      .where(and(eq(instagramAccounts.userId, userId), eq(instagramAccounts.nextRefreshAt, parkedUntil)));
    for (const table of [instagramConnections, FACEBOOK_CONNECTIONS])
      await this.db
        .update(table)
        .set({ storiesPolledAt: null })
        .where(and(eq(table.userId, userId), eq(table.storiesPolledAt, parkedUntil)));
  }

  /** Claims a notice for a merchant and period end; only one process ever gets true. */
  async claimNotice(userId: string, kind: NoticeKind, periodEnd: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(billingNotices)
      .values({ userId, kind, periodEnd, doneAt: now })
      .onConflictDoNothing()
      .returning({ userId: billingNotices.userId });
    return rows.length > 0;
  }

  /** Gives a claim back (the e-mail could not be sent), so the next tick tries again. */
  async releaseNotice(userId: string, kind: NoticeKind, periodEnd: Date): Promise<void> {
    await this.db
      .delete(billingNotices)
      .where(
        and(
          eq(billingNotices.userId, userId),
          eq(billingNotices.kind, kind),
          eq(billingNotices.periodEnd, periodEnd),
        ),
      );
  }

  async noticesOf(userId: string): Promise<{ kind: NoticeKind; periodEnd: Date }[]> {
    return this.db
      .select({ kind: billingNotices.kind, periodEnd: billingNotices.periodEnd })
      .from(billingNotices)
      .where(eq(billingNotices.userId, userId));
  }

  // ---------- admin ----------

  async listPayments(limit: number) {
    return this.db
      .select({ checkout: billingCheckouts, email: users.email })
      .from(billingCheckouts)
      .innerJoin(users, eq(users.id, billingCheckouts.userId))
      .orderBy(desc(billingCheckouts.createdAt))
      .limit(limit);
  }

  async listAlerts(limit: number): Promise<BillingEventRow[]> {
    return this.db
      .select()
      .from(billingEvents)
      .where(
        inArray(billingEvents.outcome, ['amount_mismatch', 'currency_mismatch', 'unknown_checkout', 'error']),
      )
      .orderBy(desc(billingEvents.receivedAt))
      .limit(limit);
  }

  /** Running subscriptions paid here, for the revenue card. */
  async runningDirectSubscriptions(now: Date) {
    return this.db
      .select({
        tierId: userSubscriptions.tierId,
        billingPeriod: userSubscriptions.billingPeriod,
        endDate: userSubscriptions.endDate,
        nextTierId: userSubscriptions.nextTierId,
        nextBillingPeriod: userSubscriptions.nextBillingPeriod,
        nextEndDate: userSubscriptions.nextEndDate,
      })
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.isActive, true),
          eq(userSubscriptions.source, 'direct'),
          sql`greatest(${userSubscriptions.endDate}, ${userSubscriptions.nextEndDate}) > ${now}`,
        ),
      );
  }

  /** Trials that end between now and `until` for merchants with no running paid plan. */
  async countTrialsEnding(now: Date, until: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(
        userSubscriptions,
        and(eq(userSubscriptions.userId, users.id), eq(userSubscriptions.isActive, true)),
      )
      .where(
        and(
          sql`${users.trialEndsAt} > ${now}`,
          sql`${users.trialEndsAt} <= ${until}`,
          sql`(${userSubscriptions.id} is null or (${userSubscriptions.endDate} is not null and greatest(${userSubscriptions.endDate}, ${userSubscriptions.nextEndDate}) <= ${now}))`,
        ),
      );
    return row?.n ?? 0;
  }
}
