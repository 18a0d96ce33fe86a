import type { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { jobDuration, jobRuns } from '../metrics/metrics.js';
import type { JobRow, JobsRepository } from './jobs.repository.js';

/**
 * One kind of background work: its name, its payload's schema and how it is retried. Declared beside
 * the feature that enqueues it; the handler is given where the services are built (`JobQueue.register`),
 * so a route can enqueue a job without holding what runs it.
 */
export interface JobType<P = unknown> {
  /** Stored with each job; a renamed job leaves the old rows unclaimed, so names stay. */
  name: string;
  /** Checked when enqueued and again when run (a row from an older release may not fit). */
  payload: z.ZodType<P>;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /** The wait after the first failed attempt, doubled after each (default 30 s) … */
  backoffMs?: number;
  /** … up to this (default 1 h). */
  maxBackoffMs?: number;
  /** How long a worker holds a claimed job before another may take it (default 5 min). */
  leaseMs?: number;
}

/** What a job does; a throw fails the attempt. */
export type JobHandler<P> = (payload: P, job: { id: string; attempt: number }) => Promise<unknown>;

/** Keeps the payload's type between the declaration, `register` and `enqueue`. */
export function defineJob<P>(type: JobType<P>): JobType<P> {
  return type;
}

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
} as const;

/** The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed. */
export function backoffMs(type: Pick<JobType, 'backoffMs' | 'maxBackoffMs'>, attempt: number): number {
  const base = type.backoffMs ?? JOB_DEFAULTS.backoffMs;
  const cap = type.maxBackoffMs ?? JOB_DEFAULTS.maxBackoffMs;
  return Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
}

export interface JobQueueOptions {
  repo: JobsRepository;
  clock: Clock;
  logger: Logger;
  /** This process's name in `locked_by`. */
  worker: string;
  /** Jobs claimed per round (default 10); they run one after another. */
  batchSize?: number;
}

/**
 * The durable queue: work is a row in `jobs` first, then runs in whichever process claims it. Enqueueing
 * nudges this process's own worker (no polling delay); anything it misses (a crash, a job enqueued by
 * another process, a retry whose time came) is picked up by `runDue`, which the cron schedule calls.
 * Each job runs on its own: a throw fails that job only.
 */
export class JobQueue {
  private readonly definitions = new Map<string, { type: JobType; handle: JobHandler<unknown> }>();
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: JobQueueOptions) {}

  /** This process runs jobs of this type with `handle`. */
  register<P>(type: JobType<P>, handle: JobHandler<P>): this {
    if (this.definitions.has(type.name)) throw new Error(`job ${type.name} registered twice`);
    this.definitions.set(type.name, {
      type: type as JobType,
      handle: handle as JobHandler<unknown>,
    });
    return this;
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Stores a job (after checking its payload against its type's schema) and nudges the local
   * worker. With a `key`, a job of the same name and key already stored makes this a no-op (false).
   */
  async enqueue<P>(type: JobType<P>, payload: P, options: { key?: string } = {}): Promise<boolean> {
    const parsed = type.payload.parse(payload);
    const added = await this.options.repo.enqueue({
      name: type.name,
      key: options.key,
      payload: parsed,
      runAt: this.options.clock.now(),
      maxAttempts: type.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
    });
    if (added && this.definitions.has(type.name)) this.kick();
    return added;
  }

  /** Jobs that failed their last attempt, newest first (the admins' list). */
  dead(limit = 100): Promise<JobRow[]> {
    return this.options.repo.dead(limit);
  }

  /** Puts a dead job back in the queue with its attempts reset, and runs it; false when it is not dead. */
  async retry(id: string): Promise<boolean> {
    const queued = await this.options.repo.retry(id, this.options.clock.now());
    if (queued) this.kick();
    return queued;
  }

  /** Starts a round soon without waiting for it (at once when idle, else right after the running one). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.round().catch((err: unknown) =>
      this.options.logger.warn({ err }, 'background jobs: could not claim work'),
    );
  }

  /**
   * Runs every due job of the registered names until none is left, after the round in hand; resolves
   * with how many ran. Throws when the database cannot be reached (the jobs stay for the next call).
   */
  async runDue(): Promise<number> {
    while (this.draining) await this.draining;
    return this.round();
  }

  /** One round at a time per process: `draining` is what idle() and the next round wait for. */
  private round(): Promise<number> {
    const round = this.drain();
    this.draining = round
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
    return round;
  }

  /** Resolves when this process's worker has nothing in hand (tests await it instead of polling). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Claims nothing more; resolves when the jobs in hand are finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async drain(): Promise<number> {
    let ran = 0;
    const names = this.names();
    const limit = this.options.batchSize ?? 10;
    while (!this.stopped) {
      const now = this.options.clock.now();
      const leaseMs = Math.max(
        ...names.map((n) => this.definitions.get(n)?.type.leaseMs ?? JOB_DEFAULTS.leaseMs),
      );
      const claimed = await this.options.repo.claim({
        names,
        limit,
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        worker: this.options.worker,
      });
      for (const job of claimed) await this.run(job);
      ran += claimed.length;
      if (claimed.length < limit) break;
    }
    return ran;
  }

  private async run(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.name);
    if (!definition) return;
    const { type } = definition;
    const logger = this.options.logger;
    const started = performance.now();
    let outcome: 'done' | 'retry' | 'dead';
    try {
      const payload = type.payload.safeParse(job.payload);
      if (!payload.success) {
        // No attempt can succeed with a payload that does not fit: dead at once.
        outcome = 'dead';
        await this.options.repo.fail({
          id: job.id,
          worker: this.options.worker,
          error: `payload does not fit: ${payload.error.message}`,
          retryAt: undefined,
          now: this.options.clock.now(),
        });
      } else {
        await definition.handle(payload.data, { id: job.id, attempt: job.attempts });
        outcome = 'done';
        await this.options.repo.complete(job.id, this.options.worker);
      }
    } catch (err) {
      const last = job.attempts >= job.maxAttempts;
      outcome = last ? 'dead' : 'retry';
      const now = this.options.clock.now();
      const message = err instanceof Error ? err.message : String(err);
      try {
        await this.options.repo.fail({
          id: job.id,
          worker: this.options.worker,
          error: message,
          retryAt: last ? undefined : new Date(now.getTime() + backoffMs(type, job.attempts)),
          now,
        });
      } catch (failErr) {
        // The lease runs out and another round takes the job again.
        logger.warn(
          { err: failErr, job: job.name, id: job.id },
          'background job: could not record a failure',
        );
      }
      if (last)
        logger.error({ err, job: job.name, id: job.id, attempts: job.attempts }, 'background job dead');
      else
        logger.warn(
          { err, job: job.name, id: job.id, attempt: job.attempts },
          'background job failed; retrying',
        );
    }
    jobRuns.inc({ job: job.name, outcome });
    jobDuration.observe({ job: job.name }, (performance.now() - started) / 1000);
  }
}
