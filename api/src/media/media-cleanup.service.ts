import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { JobLeasesRepository } from '../jobs/job-leases.repository.js';
import type { MediaObjectsRepository } from './media-objects.repository.js';
import type { MediaStore } from './media.store.js';

export const MEDIA_CLEANUP_JOB = 'media-cleanup';

export interface MediaCleanupConfig {
  /** How long an item nothing uses is kept (MEDIA_CLEANUP_GRACE_DAYS). */
  graceMs: number;
  /** How often a sweep runs, across every cron process together. */
  intervalMs: number;
  /** The sweep's lease; renewed every third of it while the sweep runs. */
  leaseMs: number;
  workerId: string;
}

export interface MediaCleanupDeps {
  repo: Pick<
    MediaObjectsRepository,
    'referencedHashes' | 'all' | 'markUnreferenced' | 'clearUnreferenced' | 'deleteUnreferenced'
  >;
  /** The sweep's lease in job_leases. */
  leases: Pick<JobLeasesRepository, 'claimJob' | 'extendJob' | 'finishJob'>;
  store: Pick<MediaStore, 'backend' | 'remove'>;
  clock: Clock;
  logger: Logger;
  config: MediaCleanupConfig;
}

export interface MediaSweep {
  /** Items whose grace period began in this sweep. */
  marked: number;
  /** Items used again, whose grace period ended. */
  cleared: number;
  /** Items deleted (all their files). */
  deleted: number;
  files: number;
}

const HASH_OF_NAME = /^([0-9a-f]{64})[-.]/;
/** A failed sweep is tried again this much later, not a whole interval later. */
const RETRY_MS = 15 * 60_000;

/**
 * Deletes media that no content, archived story, product or highlight cover uses any more, once it has
 * stayed unused for the grace period. Mark and sweep, in the database:
 *
 * - every store of an item first clears its mark (`MediaObjectsRepository.markInUse`), before it looks at
 *   what files exist; so an item a refresh is storing or just stored is never marked old;
 * - a sweep finds the items nothing uses (one consistent read of every referencing column) and starts
 *   their grace period, ends it for items used again, and deletes the items whose period began more than
 *   the grace ago, each under its row lock; a store of such an item waits for that lock, then finds the
 *   files gone and writes them again;
 * - files the store holds without a row (written before this existed, or copied in by an operator) are
 *   adopted: their grace period starts when a sweep first sees them unused.
 *
 * One process at a time sweeps (a lease in job_leases, as refresh claims have), once per interval across all
 * cron processes; two sweeps at once would still be safe, only wasted work.
 */
export class MediaCleanup {
  constructor(private readonly deps: MediaCleanupDeps) {}

  /** Sweeps when the job is due and no other process is sweeping; undefined when it did not run. */
  async runIfDue(): Promise<MediaSweep | undefined> {
    const { leases, clock, config } = this.deps;
    const now = clock.now();
    const lease = { name: MEDIA_CLEANUP_JOB, holder: config.workerId };
    if (!(await leases.claimJob({ ...lease, now, leaseMs: config.leaseMs }))) return undefined;
    const heartbeat = setInterval(() => {
      leases
        .extendJob({ ...lease, until: new Date(clock.now().getTime() + config.leaseMs) })
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error }, 'could not renew the clean-up lease'),
        );
    }, config.leaseMs / 3);
    heartbeat.unref();
    let nextRunAt = new Date(now.getTime() + RETRY_MS);
    try {
      const sweep = await this.sweep(now);
      nextRunAt = new Date(now.getTime() + config.intervalMs);
      return sweep;
    } finally {
      clearInterval(heartbeat);
      await leases.finishJob({ ...lease, nextRunAt });
    }
  }

  /** One mark-and-sweep pass as of `now`. */
  async sweep(now: Date): Promise<MediaSweep> {
    const { repo, store, config } = this.deps;
    // The listing comes before the rows: an item written after it is not looked at in this pass, and one
    // written before it already has its row (stores mark first).
    const listed = new Set<string>();
    for await (const object of store.backend.list()) {
      const hash = HASH_OF_NAME.exec(object.name)?.[1];
      if (hash) listed.add(hash);
    }
    const rows = await repo.all();
    const referenced = await repo.referencedHashes();

    const unmarkedUnused = [...new Set([...listed, ...rows.keys()])].filter(
      (hash) => !referenced.has(hash) && !rows.get(hash),
    );
    await repo.markUnreferenced(unmarkedUnused, now);
    const usedAgain = [...rows]
      .filter(([hash, since]) => since && referenced.has(hash))
      .map(([hash]) => hash);
    await repo.clearUnreferenced(usedAgain);

    const cutoff = new Date(now.getTime() - config.graceMs);
    const expired = [...rows]
      .filter(([hash, since]) => since && since < cutoff && !referenced.has(hash))
      .map(([hash]) => hash);
    let files = 0;
    let deleted = 0;
    // Small batches: a store of one of these waits for its batch's commit.
    for (let i = 0; i < expired.length; i += 50) {
      const gone = await repo.deleteUnreferenced(expired.slice(i, i + 50), cutoff, async (hashes) => {
        for (const hash of hashes) files += await store.remove(hash);
      });
      deleted += gone.length;
    }
    return { marked: unmarkedUnused.length, cleared: usedAgain.length, deleted, files };
  }
}
