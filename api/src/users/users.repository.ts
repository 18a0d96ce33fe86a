import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'email'> &
  Partial<Omit<typeof users.$inferInsert, 'id' | 'email' | 'createdAt' | 'updatedAt' | 'version'>>;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
      .limit(1);
    return row;
  }

  /** Creates the user, or returns the existing one with that e-mail (sign-in and sign-up are one). */
  async findOrCreate(input: NewUser): Promise<{ user: UserRow; created: boolean }> {
    const email = normaliseEmail(input.email);
    const [inserted] = await this.db
      .insert(users)
      .values({ ...input, email })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (inserted) return { user: inserted, created: true };
    const existing = await this.findByEmail(email);
    if (!existing) throw new Error(`user ${email} vanished during sign-up`);
    return { user: existing, created: false };
  }

  async update(
    id: string,
    patch: Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'version'>>,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({
        ...patch,
        ...(patch.email ? { email: normaliseEmail(patch.email) } : {}),
        updatedAt: sql`now()`,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Grants or revokes the admin role by e-mail; undefined when no such user. */
  async setAdmin(email: string, isAdmin: boolean): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ isAdmin, updatedAt: sql`now()` })
      .where(eq(users.email, normaliseEmail(email)))
      .returning();
    return row;
  }

  async findManyByIds(ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(users).where(inArray(users.id, ids));
  }
}
