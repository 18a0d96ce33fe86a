import { and, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { widgetEventCounts } from '../db/schema.js';

export type CounterType = (typeof widgetEventCounts.$inferSelect)['type'];

/** One counter's increment: `subject` '' for the day's total of `type`. */
export interface CounterIncrement {
  userId: string;
  day: string;
  type: CounterType;
  subject: string;
  count: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters (5 per row). */
const BATCH_ROWS = 1_000;

export class InsightsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds the increments to the stored counters. Rows are written in key order, so two processes flushing
   * overlapping counters at once take their row locks in the same order and never deadlock.
   */
  async addCounts(increments: CounterIncrement[]): Promise<void> {
    const sorted = [...increments].sort(
      (a, b) =>
        cmp(a.userId, b.userId) || cmp(a.day, b.day) || cmp(a.type, b.type) || cmp(a.subject, b.subject),
    );
    for (let i = 0; i < sorted.length; i += BATCH_ROWS) {
      await this.db
        .insert(widgetEventCounts)
        .values(sorted.slice(i, i + BATCH_ROWS))
        .onConflictDoUpdate({
          target: [
            widgetEventCounts.userId,
            widgetEventCounts.day,
            widgetEventCounts.type,
            widgetEventCounts.subject,
          ],
          set: { count: sql`${widgetEventCounts.count} + excluded.count` },
        });
    }
  }

  /** The day totals of each type between two days (inclusive). */
  async dailyTotals(
    userId: string,
    from: string,
    to: string,
  ): Promise<{ day: string; type: CounterType; count: number }[]> {
    return this.db
      .select({ day: widgetEventCounts.day, type: widgetEventCounts.type, count: widgetEventCounts.count })
      .from(widgetEventCounts)
      .where(
        and(
          eq(widgetEventCounts.userId, userId),
          gte(widgetEventCounts.day, from),
          lte(widgetEventCounts.day, to),
          eq(widgetEventCounts.subject, ''),
        ),
      );
  }

  /** Subjects of one type summed over the days, largest first. */
  async topSubjects(
    userId: string,
    type: CounterType,
    from: string,
    to: string,
    limit: number,
  ): Promise<{ subject: string; count: number }[]> {
    const total = sql<number>`sum(${widgetEventCounts.count})::int`;
    return this.db
      .select({ subject: widgetEventCounts.subject, count: total })
      .from(widgetEventCounts)
      .where(
        and(
          eq(widgetEventCounts.userId, userId),
          eq(widgetEventCounts.type, type),
          gte(widgetEventCounts.day, from),
          lte(widgetEventCounts.day, to),
          ne(widgetEventCounts.subject, ''),
        ),
      )
      .groupBy(widgetEventCounts.subject)
      .orderBy(desc(total), widgetEventCounts.subject)
      .limit(limit);
  }

  /** Counts of the named subjects of one type summed over the days (subjects without counts are absent). */
  async subjectCounts(
    userId: string,
    type: CounterType,
    subjects: string[],
    from: string,
    to: string,
  ): Promise<Map<string, number>> {
    if (subjects.length === 0) return new Map();
    const rows = await this.db
      .select({
        subject: widgetEventCounts.subject,
        count: sql<number>`sum(${widgetEventCounts.count})::int`,
      })
      .from(widgetEventCounts)
      .where(
        and(
          eq(widgetEventCounts.userId, userId),
          eq(widgetEventCounts.type, type),
          gte(widgetEventCounts.day, from),
          lte(widgetEventCounts.day, to),
          sql`${widgetEventCounts.subject} in ${subjects}`,
        ),
      )
      .groupBy(widgetEventCounts.subject);
    return new Map(rows.map((r) => [r.subject, r.count]));
  }

  /** Removes counters of days before `day`; answers how many rows went. */
  async deleteBefore(day: string): Promise<number> {
    const gone = await this.db
      .delete(widgetEventCounts)
      .where(lt(widgetEventCounts.day, day))
      .returning({ day: widgetEventCounts.day });
    return gone.length;
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
