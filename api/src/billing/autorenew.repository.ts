import { and, eq, sql } from 'drizzle-orm';
import { DAY_MS } from '@app/shared';
import type { Database } from '../db/database.js';
import { billingCheckouts, billingNotices, billingProfiles, userSubscriptions, users } from '../db/schema.js';

/** The card kept for automatic renewal: Moyasar's token (sealed), its brand and last four digits. */
export interface SavedCardRow {
  tokenEnc: string | null;
  brand: string | null;
  last4: string | null;
  autoRenew: boolean;
}

/**
 * The steps of an automatic renewal, each done once per merchant and period end (a `billing_notices` row
 * claimed first, so two cron processes never both charge): the e-mail three days before the end, the charge
 * on the last day, and the retries on days 1 and 3 of grace.
 */
export type AutoRenewStep =
  'autorenew_notice' | 'autorenew_charge_0' | 'autorenew_charge_1' | 'autorenew_charge_2';

/** When each step is due, in days from the period's end: [from, until). */
export const AUTORENEW_WINDOWS: Record<AutoRenewStep, readonly [number, number]> = {
  autorenew_notice: [-3, -1],
  autorenew_charge_0: [-1, 0],
  /** Grace day 1 (and 2: a retry missed on day 1 is made on day 2). */
  autorenew_charge_1: [0, 2],
  /** Grace day 3, the last before the widget stops showing. */
  autorenew_charge_2: [2, 3],
};

/** Saved cards and automatic renewal (issue 30 item 3), in the merchant's billing profile. */
export class AutoRenewRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<SavedCardRow | undefined> {
    const [row] = await this.db
      .select({
        tokenEnc: billingProfiles.cardTokenEnc,
        brand: billingProfiles.cardBrand,
        last4: billingProfiles.cardLast4,
        autoRenew: billingProfiles.autoRenew,
      })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, userId))
      .limit(1);
    return row;
  }

  /** Keeps a card and turns automatic renewal on; the other profile fields are left as they are. */
  async saveCard(
    userId: string,
    card: { tokenEnc: string; brand: string; last4: string; now: Date },
  ): Promise<void> {
    const set = {
      cardTokenEnc: card.tokenEnc,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardSavedAt: card.now,
      autoRenew: true,
    };
    await this.db
      .insert(billingProfiles)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...set, updatedAt: sql`now()` } });
  }

  /** Turns renewal on or off; false when there is no card to renew with. */
  async setAutoRenew(userId: string, enabled: boolean): Promise<boolean> {
    const rows = await this.db
      .update(billingProfiles)
      .set({ autoRenew: enabled, updatedAt: sql`now()` })
      .where(and(eq(billingProfiles.userId, userId), sql`${billingProfiles.cardTokenEnc} is not null`))
      .returning({ userId: billingProfiles.userId });
    return rows.length > 0;
  }

  /** Forgets the card (and turns renewal off); returns the sealed token that was kept, to delete it. */
  async removeCard(userId: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ tokenEnc: billingProfiles.cardTokenEnc })
        .from(billingProfiles)
        .where(eq(billingProfiles.userId, userId))
        .for('update');
      if (!before?.tokenEnc) return null;
      await tx
        .update(billingProfiles)
        .set({
          cardTokenEnc: null,
          cardBrand: null,
          cardLast4: null,
          cardSavedAt: null,
          autoRenew: false,
          updatedAt: sql`now()`,
        })
        .where(eq(billingProfiles.userId, userId));
      return before.tokenEnc;
    });
  }

  /**
   * Merchants renewing automatically with a step due and not yet done, after `cursor` in (last end, user
   * id) order. The last end is that of the paid plan (a downgrade paid ahead included); which step is due
   * follows from where now falls in AUTORENEW_WINDOWS.
   */
  async stepsDue(input: { now: Date; cursor: { lastEnd: Date; userId: string } | null; limit: number }) {
    const { now, cursor } = input;
    const lastEnd = sql<Date>`greatest(${userSubscriptions.endDate}, ${userSubscriptions.nextEndDate})`;
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const w = AUTORENEW_WINDOWS;
    // now ∈ [end + from, end + until)  ⇔  end ∈ (now − until, now − from]
    const within = (step: AutoRenewStep) =>
      sql`(${lastEnd} > ${at(w[step][1])} and ${lastEnd} <= ${at(w[step][0])})`;
    const step = sql<AutoRenewStep>`case
      when ${within('autorenew_notice')} then 'autorenew_notice'
      when ${within('autorenew_charge_0')} then 'autorenew_charge_0'
      when ${within('autorenew_charge_1')} then 'autorenew_charge_1'
      else 'autorenew_charge_2' end`;
    return this.db
      .select({
        user: users,
        subscription: userSubscriptions,
        tokenEnc: billingProfiles.cardTokenEnc,
        lastEnd: sql<Date>`${lastEnd}`.mapWith(userSubscriptions.endDate),
        step,
      })
      .from(billingProfiles)
      .innerJoin(users, eq(users.id, billingProfiles.userId))
      .innerJoin(
        userSubscriptions,
        and(eq(userSubscriptions.userId, users.id), eq(userSubscriptions.isActive, true)),
      )
      .where(
        and(
          eq(billingProfiles.autoRenew, true),
          sql`${billingProfiles.cardTokenEnc} is not null`,
          eq(userSubscriptions.source, 'direct'),
          sql`${userSubscriptions.endDate} is not null`,
          sql`${lastEnd} > ${at(w.autorenew_charge_2[1])} and ${lastEnd} <= ${at(w.autorenew_notice[0])}`,
          sql`not exists (select 1 from ${billingNotices} n where n.user_id = ${users.id} and n.kind = ${step} and n.period_end = ${lastEnd})`,
          cursor ? sql`(${lastEnd}, ${users.id}) > (${cursor.lastEnd}, ${cursor.userId}::uuid)` : undefined,
        ),
      )
      .orderBy(lastEnd, users.id)
      .limit(input.limit);
  }

  /**
   * A renewal of this period already under way or done (a charge waiting for 3-D Secure, or paid): a retry
   * must not charge again. A charge Moyasar never answered (no payment id) does not count: a late webhook
   * can still apply it, and the retry is a payment of its own.
   */
  async renewalUnderway(userId: string, periodEnd: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: billingCheckouts.id })
      .from(billingCheckouts)
      .where(
        and(
          eq(billingCheckouts.userId, userId),
          eq(billingCheckouts.purpose, 'renewal'),
          eq(billingCheckouts.quotedPeriodEnd, periodEnd),
          sql`(${billingCheckouts.status} = 'paid' or (${billingCheckouts.status} = 'pending' and ${billingCheckouts.paymentId} is not null))`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}
