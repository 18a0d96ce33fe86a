import { isUnavailableError, jobDuration, jobRuns, type Logger, type Services } from '@app/api';
import type { ScheduledJob } from './scheduled-job.js';

/**
 * One cron tick: every scheduled job in turn, each on its own. A job that throws is logged and counted
 * (`lamha_job_runs_total{job="tick.<name>",outcome="failed"}`) and the next one runs: one job's failure never
 * skips another's work. Only a lost database ends the tick early (the scheduler then logs the outage
 * once and skips ticks until it answers). After SIGTERM (`isStopping`) no further job starts.
 */
export function cronTick(
  jobs: readonly ScheduledJob[],
  services: Services,
  logger: Logger,
  options: { budgetMs?: number; isStopping?: () => boolean } = {},
): () => Promise<void> {
  const isStopping = options.isStopping ?? (() => false);
  const budgetMs = options.budgetMs ?? 50_000;
  return async () => {
    for (const job of jobs) {
      if (isStopping()) return;
      const label = `tick.${job.name}`;
      const started = performance.now();
      try {
        await job.run({ services, logger: logger.child({ job: job.name }), isStopping, budgetMs });
        jobRuns.inc({ job: label, outcome: 'done' });
      } catch (err) {
        jobRuns.inc({ job: label, outcome: 'failed' });
        if (isUnavailableError(err)) throw err;
        logger.error({ err, job: job.name }, 'scheduled job failed; the tick goes on');
      } finally {
        jobDuration.observe({ job: label }, (performance.now() - started) / 1000);
      }
    }
  };
}
