import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TStoredProfile } from '@app/shared';
import type { Database } from '../db/database.js';
import {
  instagramAccounts,
  instagramConnections,
  instagramContent,
  subscriptionTiers,
  userSubscriptions,
  users,
} from '../db/schema.js';
import type { SubscriptionRow, TierRow } from '../subscriptions/subscriptions.repository.js';

/** One connected account with what the admin list needs from its user, subscription and content. */
export interface AdminAccountRow {
  id: string;
  userId: string;
  instagramUsername: string;
  lastRefresh: Date | null;
  lastError: string | null;
  email: string;
  trialEndsAt: Date | null;
  subscription: SubscriptionRow | null;
  tier: TierRow | null;
  profile: TStoredProfile | null;
  fetchedAt: Date | null;
  createdAt: Date;
  connectionStatus: 'active' | 'needs_reconnect' | null;
  connectedAt: Date | null;
}

/** Reads for the admin area. Writes (marking accounts due) go through InstagramAccountsRepository. */
export class AdminRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of connected accounts, newest first (id breaks ties so pages never overlap). A user has at
   * most one active subscription (a unique partial index), so the join cannot repeat an account.
   */
  async listAccounts(input: { limit: number; offset: number }): Promise<AdminAccountRow[]> {
    const rows = await this.db
      .select({
        id: instagramAccounts.id,
        userId: instagramAccounts.userId,
        instagramUsername: instagramAccounts.instagramUsername,
        lastRefresh: instagramAccounts.lastRefresh,
        lastError: instagramAccounts.lastError,
        email: users.email,
        trialEndsAt: users.trialEndsAt,
        subscription: userSubscriptions,
        tier: subscriptionTiers,
        profile: instagramContent.profile,
        fetchedAt: instagramContent.fetchedAt,
        createdAt: instagramAccounts.createdAt,
        connectionStatus: instagramConnections.status,
        connectedAt: instagramConnections.connectedAt,
      })
      .from(instagramAccounts)
      .innerJoin(users, eq(users.id, instagramAccounts.userId))
      .leftJoin(instagramContent, eq(instagramContent.accountId, instagramAccounts.id))
      .leftJoin(instagramConnections, eq(instagramConnections.userId, instagramAccounts.userId))
      .leftJoin(
        userSubscriptions,
        and(eq(userSubscriptions.userId, instagramAccounts.userId), eq(userSubscriptions.isActive, true)),
      )
      .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, userSubscriptions.tierId))
      .orderBy(desc(instagramAccounts.createdAt), asc(instagramAccounts.id))
      .limit(input.limit)
      .offset(input.offset);
    return rows;
  }

  async countAccounts(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(instagramAccounts);
    return row?.n ?? 0;
  }
}
