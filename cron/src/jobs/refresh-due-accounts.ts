import type { ScheduledJob } from '../scheduled-job.js';

/**
 * Due accounts, batch after batch until none are left or the time budget is spent (the next tick carries
 * on). Claims make it safe for any number of cron processes to do this at once; after SIGTERM it claims
 * no more.
 */
export const refreshDueAccounts: ScheduledJob = {
  name: 'refresh-due-accounts',
  async run({ services, logger, isStopping, budgetMs }) {
    const started = performance.now();
    let refreshed = 0;
    let failed = 0;
    for (;;) {
      const outcomes = await services.refresh.refreshDueAccounts();
      refreshed += outcomes.filter((o) => o.ok).length;
      failed += outcomes.filter((o) => !o.ok).length;
      if (outcomes.length === 0 || performance.now() - started > budgetMs || isStopping()) break;
    }
    if (refreshed + failed > 0) logger.info({ refreshed, failed }, 'refreshed due accounts');
  },
};
