import { isUnavailableError, jobDuration, jobRuns, type Logger, type Services } from '@app/api';
import type { Scheduled } from './scheduled-job.js';

/** A leased job that failed is tried again this soon (by whichever process takes its lease). */
const LEASED_RETRY_MS = 60_000;

/**
 * One cron tick: every scheduled job that is due, in turn, each on its own. A job runs when `everyMs` has
 * passed since it last started in this process; a job with `leaseMs` first takes its lease in job_leases
 * and is skipped when another process holds it or its next run (kept on the lease row) has not come.
 * A job that throws is logged and counted (`lamha_job_runs_total{job="tick.<name>",outcome="failed"}`) and
 * the next one runs: one job's failure never skips another's work. Only a lost database ends the tick
 * early (the scheduler then logs the outage once and skips ticks until it answers). After SIGTERM
 * (`isStopping`) no further job starts.
 */
export function cronTick(
  schedule: readonly Scheduled[],
  services: Services,
  logger: Logger,
  options: { budgetMs?: number; isStopping?: () => boolean; now?: () => Date } = {},
): () => Promise<void> {
  const isStopping = options.isStopping ?? (() => false);
  const budgetMs = options.budgetMs ?? 50_000;
  const now = options.now ?? (() => new Date());
  const lastStarted = new Map<string, number>();

  return async () => {
    for (const { job, everyMs, leaseMs } of schedule) {
      if (isStopping()) return;
      const startedAt = now();
      const last = lastStarted.get(job.name);
      // A leased job's next run is on its lease row, shared by every process.
      if (leaseMs === undefined && last !== undefined && startedAt.getTime() - last < everyMs) continue;

      const label = `tick.${job.name}`;
      const started = performance.now();
      const lease = leaseMs === undefined ? undefined : { name: job.name, holder: services.jobLeases.holder };
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let nextRunAt = new Date(startedAt.getTime() + LEASED_RETRY_MS);
      try {
        if (lease && leaseMs !== undefined) {
          const ledger = services.jobLeases.ledger;
          if (!(await ledger.claimJob({ ...lease, now: startedAt, leaseMs }))) {
            jobRuns.inc({ job: label, outcome: 'skipped' });
            continue;
          }
          heartbeat = setInterval(() => {
            ledger
              .extendJob({ ...lease, until: new Date(now().getTime() + leaseMs) })
              .catch((err: unknown) => logger.warn({ err, job: job.name }, 'could not renew the lease'));
          }, leaseMs / 3);
          heartbeat.unref();
        }
        lastStarted.set(job.name, startedAt.getTime());
        await job.run({ services, logger: logger.child({ job: job.name }), isStopping, budgetMs });
        nextRunAt = new Date(startedAt.getTime() + everyMs);
        jobRuns.inc({ job: label, outcome: 'done' });
      } catch (err) {
        jobRuns.inc({ job: label, outcome: 'failed' });
        if (isUnavailableError(err)) throw err;
        logger.error({ err, job: job.name }, 'scheduled job failed; the tick goes on');
      } finally {
        jobDuration.observe({ job: label }, (performance.now() - started) / 1000);
        if (heartbeat) {
          clearInterval(heartbeat);
          if (lease)
            await services.jobLeases.ledger
              .finishJob({ ...lease, nextRunAt })
              .catch((err: unknown) => logger.warn({ err, job: job.name }, 'could not release the lease'));
        }
      }
    }
  };
}
