import { and, asc, count, desc, eq, inArray, lte, min, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { jobs } from '../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;

/** The queue's table (db/schema/jobs.ts); the rules of attempts and leases are the JobQueue's. */
export class JobsRepository {
  constructor(private readonly db: Database) {}

  /** Adds a job; false when one of the same name and key is already there (queued, running or dead). */
  async enqueue(input: {
    name: string;
    key?: string | undefined;
    payload: unknown;
    runAt: Date;
    maxAttempts: number;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(jobs)
      .values({
        name: input.name,
        key: input.key ?? null,
        payload: input.payload,
        runAt: input.runAt,
        maxAttempts: input.maxAttempts,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /**
   * Claims up to `limit` jobs of the given names that are due, or running with a lease that ran out (a
   * worker that stopped), counting the attempt. Rows another worker holds are skipped, not waited for.
   */
  async claim(input: {
    names: string[];
    limit: number;
    now: Date;
    leaseUntil: Date;
    worker: string;
  }): Promise<JobRow[]> {
    if (input.names.length === 0) return [];
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, input.names),
          or(
            and(eq(jobs.state, 'queued'), lte(jobs.runAt, input.now)),
            and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, input.now)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(input.limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: input.leaseUntil,
        lockedBy: input.worker,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** Finished work leaves the table. Only the worker holding the job may finish it. */
  async complete(id: string, worker: string): Promise<void> {
    await this.db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
  }

  /** A failed attempt: back in the queue at `retryAt`, or dead when there is none left. */
  async fail(input: {
    id: string;
    worker: string;
    error: string;
    retryAt: Date | undefined;
    now: Date;
  }): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        state: input.retryAt ? 'queued' : 'dead',
        runAt: input.retryAt ?? sql`${jobs.runAt}`,
        lockedUntil: null,
        lockedBy: null,
        lastError: input.error.slice(0, 1000),
        finishedAt: input.retryAt ? null : input.now,
      })
      .where(and(eq(jobs.id, input.id), eq(jobs.lockedBy, input.worker)));
  }

  /** Dead jobs, newest first, for the admins. */
  async dead(limit: number): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(eq(jobs.state, 'dead'))
      .orderBy(desc(jobs.finishedAt))
      .limit(limit);
  }

  /** Puts a dead job back in the queue with its attempts reset; false when it is not dead. */
  async retry(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'dead')))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Jobs by name and state, and when the oldest of each was due (the metrics). */
  async counts(): Promise<
    { name: string; state: JobRow['state']; jobs: number; oldestRunAt: Date | null }[]
  > {
    return this.db
      .select({ name: jobs.name, state: jobs.state, jobs: count(), oldestRunAt: min(jobs.runAt) })
      .from(jobs)
      .groupBy(jobs.name, jobs.state);
  }
}
