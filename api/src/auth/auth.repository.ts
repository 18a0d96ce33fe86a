import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  authSessions,
  magicLinkCodes,
  refreshTokens,
  sallaConnections,
  users,
  zidConnections,
} from '../db/schema.js';

export type MagicLinkCodeRow = typeof magicLinkCodes.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
type UserRow = typeof users.$inferSelect;

export type ConsumeCodeResult =
  { ok: true; code: MagicLinkCodeRow } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

export type RotateResult =
  | { ok: true; token: RefreshTokenRow; session: AuthSessionRow }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; token: RefreshTokenRow; session: AuthSessionRow };

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async saveMagicLinkCode(row: typeof magicLinkCodes.$inferInsert): Promise<void> {
    await this.db.insert(magicLinkCodes).values(row);
  }

  /** Marks a code used, atomically: of two concurrent uses only one succeeds. */
  async consumeMagicLinkCode(codeHash: string, now: Date): Promise<ConsumeCodeResult> {
    const [used] = await this.db
      .update(magicLinkCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(magicLinkCodes.codeHash, codeHash),
          isNull(magicLinkCodes.usedAt),
          sql`${magicLinkCodes.expiresAt} > ${now}`,
        ),
      )
      .returning();
    if (used) return { ok: true, code: used };
    const [existing] = await this.db
      .select()
      .from(magicLinkCodes)
      .where(eq(magicLinkCodes.codeHash, codeHash))
      .limit(1);
    if (!existing) return { ok: false, reason: 'unknown' };
    return { ok: false, reason: existing.usedAt ? 'used' : 'expired' };
  }

  /** Removes codes that expired more than a day ago. */
  async deleteExpiredCodes(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(magicLinkCodes)
      .where(sql`${magicLinkCodes.expiresAt} < ${before}`)
      .returning({ codeHash: magicLinkCodes.codeHash });
    return deleted.length;
  }

  async createSession(input: {
    userId: string;
    userAgent: string | undefined;
    ip: string | undefined;
    refreshTokenHash: string;
    refreshExpiresAt: Date;
    /** The sign-in time, from the service's clock: how recent a sign-in is decides what it may do. */
    now: Date;
  }): Promise<AuthSessionRow> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .insert(authSessions)
        .values({
          userId: input.userId,
          userAgent: input.userAgent,
          ip: input.ip,
          createdAt: input.now,
          lastUsedAt: input.now,
        })
        .returning();
      if (!session) throw new Error('session insert returned nothing');
      await tx.insert(refreshTokens).values({
        tokenHash: input.refreshTokenHash,
        sessionId: session.id,
        expiresAt: input.refreshExpiresAt,
      });
      return session;
    });
  }

  /**
   * Uses a refresh token once and issues its successor in the same transaction. A token already used is
   * reported as `reused` (with its session) so the caller can decide between a race and a theft.
   */
  async rotateRefreshToken(input: {
    tokenHash: string;
    nextHash: string;
    nextExpiresAt: Date;
    now: Date;
  }): Promise<RotateResult> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ token: refreshTokens, session: authSessions })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, input.tokenHash))
        .for('update')
        .limit(1);
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.session.revokedAt) return { ok: false, reason: 'revoked' } as const;
      if (row.token.usedAt)
        return { ok: false, reason: 'reused', token: row.token, session: row.session } as const;
      if (row.token.expiresAt <= input.now) return { ok: false, reason: 'expired' } as const;
      await tx
        .update(refreshTokens)
        .set({ usedAt: input.now })
        .where(eq(refreshTokens.tokenHash, input.tokenHash));
      await tx.insert(refreshTokens).values({
        tokenHash: input.nextHash,
        sessionId: row.session.id,
        expiresAt: input.nextExpiresAt,
      });
      await tx.update(authSessions).set({ lastUsedAt: input.now }).where(eq(authSessions.id, row.session.id));
      return { ok: true, token: row.token, session: row.session } as const;
    });
  }

  async revokeSession(sessionId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** Revokes every live session of a user, or every one but `exceptSessionId`. */
  async revokeUserSessions(
    userId: string,
    reason: string,
    now: Date,
    exceptSessionId?: string,
  ): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
        ),
      );
  }

  /**
   * The user behind a live (not revoked) session and when that session signed in, in one query: the check
   * every request makes.
   */
  async findLiveSessionUser(
    sessionId: string,
    userId: string,
  ): Promise<{ user: UserRow; signedInAt: Date } | undefined> {
    const [row] = await this.db
      .select({ user: users, signedInAt: authSessions.createdAt })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
      )
      .limit(1);
    return row;
  }

  /** Clears the password set-up flag everywhere it is kept. */
  async setPassword(userId: string, passwordHash: string): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({
          passwordHash,
          needsPasswordSetup: false,
          updatedAt: sql`now()`,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, userId))
        .returning();
      await tx
        .update(sallaConnections)
        .set({ needsPasswordSetup: false })
        .where(eq(sallaConnections.userId, userId));
      await tx
        .update(zidConnections)
        .set({ needsPasswordSetup: false })
        .where(eq(zidConnections.userId, userId));
      return user;
    });
  }
}
