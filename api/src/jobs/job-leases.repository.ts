import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { jobLeases } from '../db/schema.js';

/**
 * A named periodic job's lease in job_leases: one process at a time runs it (cron/src/tick.ts, the media
 * clean-up), once it is due.
 */
export class JobLeasesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the named job's lease when the job is due and nobody holds a live lease; true when taken. The row
   * is created due on first use.
   */
  async claimJob(input: { name: string; holder: string; now: Date; leaseMs: number }): Promise<boolean> {
    await this.db
      .insert(jobLeases)
      .values({ name: input.name, nextRunAt: input.now })
      .onConflictDoNothing({ target: jobLeases.name });
    const rows = await this.db
      .update(jobLeases)
      .set({ holder: input.holder, leaseUntil: new Date(input.now.getTime() + input.leaseMs) })
      .where(
        and(
          eq(jobLeases.name, input.name),
          lte(jobLeases.nextRunAt, input.now),
          or(isNull(jobLeases.leaseUntil), lt(jobLeases.leaseUntil, input.now)),
        ),
      )
      .returning({ name: jobLeases.name });
    return rows.length > 0;
  }

  /** Pushes the holder's lease on (a long run's heartbeat). */
  async extendJob(input: { name: string; holder: string; until: Date }): Promise<void> {
    await this.db
      .update(jobLeases)
      .set({ leaseUntil: input.until })
      .where(and(eq(jobLeases.name, input.name), eq(jobLeases.holder, input.holder)));
  }

  /** Releases the lease and says when the job is next due (a failed run is retried sooner). */
  async finishJob(input: { name: string; holder: string; nextRunAt: Date }): Promise<void> {
    await this.db
      .update(jobLeases)
      .set({ holder: null, leaseUntil: null, nextRunAt: input.nextRunAt })
      .where(and(eq(jobLeases.name, input.name), eq(jobLeases.holder, input.holder)));
  }
}
