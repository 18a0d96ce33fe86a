import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { subscriptionTiers, userSubscriptions } from '../db/schema.js';

export type TierRow = typeof subscriptionTiers.$inferSelect;
export type SubscriptionRow = typeof userSubscriptions.$inferSelect;

export interface ActiveSubscription {
  subscription: SubscriptionRow;
  tier: TierRow;
}

export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  listTiers(): Promise<TierRow[]> {
    return this.db.select().from(subscriptionTiers).orderBy(subscriptionTiers.monthlyPriceSar);
  }

  async findActive(userId: string): Promise<ActiveSubscription | undefined> {
    const [row] = await this.db
      .select({ subscription: userSubscriptions, tier: subscriptionTiers })
      .from(userSubscriptions)
      .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, userSubscriptions.tierId))
      .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.isActive, true)))
      .orderBy(desc(userSubscriptions.startDate))
      .limit(1);
    return row;
  }

  /** Ends the current subscription and starts a new one, atomically. */
  async replaceActive(input: {
    userId: string;
    tierId: string;
    source: SubscriptionRow['source'];
    /**
     * When the plan starts, by the caller's clock: a start after a running trial's end waits for it
     * (resolvePlan), so the database's own clock must not decide it.
     */
    startDate: Date;
    endDate: Date | null;
  }): Promise<SubscriptionRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(userSubscriptions)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(and(eq(userSubscriptions.userId, input.userId), eq(userSubscriptions.isActive, true)));
      const [row] = await tx
        .insert(userSubscriptions)
        .values({
          userId: input.userId,
          tierId: input.tierId,
          source: input.source,
          startDate: input.startDate,
          endDate: input.endDate,
          isActive: true,
        })
        .returning();
      if (!row) throw new Error('subscription insert returned nothing');
      return row;
    });
  }
}
