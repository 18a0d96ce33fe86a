import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { DAY_MS, GRACE_DAYS, RENEWAL_REMINDER_DAYS } from '@app/shared';
import {
  billingCheckouts,
  billingCreditNotes,
  instagramAccounts,
  instagramConnections,
  billingEvents,
  billingInvoices,
  billingNotices,
  subscriptionTiers,
  userSubscriptions,
  users,
} from '../db/schema.js';
import { FACEBOOK_CONNECTIONS } from '../instagram/instagram-connections.repository.js';
import {
  type BillingEventRow,
  type InvoiceRow,
  type NoticeKind,
  type CreditNoteRow,
} from './billing.records.js';
import { BillingRefundsRepository } from './billing.refunds.repository.js';

/**
 * Everything billing keeps, one layer per file: checkouts (billing.checkouts.repository.ts), payments
 * (billing.payments.repository.ts), refunds (billing.refunds.repository.ts), and here webhook events,
 * the documents' lists and the per-period notices.
 */
export class BillingRepository extends BillingRefundsRepository {
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
}
