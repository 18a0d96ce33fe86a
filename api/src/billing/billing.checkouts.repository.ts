import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  billingAlerts,
  billingProfiles,
  billingCheckouts,
  billingEvents,
  userSubscriptions,
  users,
} from '../db/schema.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import {
  type CheckoutRow,
  type NewCheckout,
  type BillingEventRow,
  type BillingAlertRow,
} from './billing.records.js';

/** What billing keeps of checkouts, the buyer's details and alerts, and what admins read of them. */
export class BillingCheckoutsRepository {
  constructor(protected readonly db: Database) {}

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
