import type { Logger, Services } from '@app/api';

/**
 * One cron tick: refresh due accounts batch after batch until none are left or the time budget is spent
 * (the next tick carries on). Claims make it safe for any number of cron processes to do this at once.
 * After SIGTERM (`isStopping`) the tick stops between steps and claims no more refreshes.
 */
export function refreshTick(
  services: Pick<
    Services,
    | 'refresh'
    | 'sallaTokens'
    | 'zidUpkeep'
    | 'webhookInbox'
    | 'billing'
    | 'autoRenew'
    | 'instagramConnect'
    | 'facebookConnect'
    | 'stories'
    | 'contentHealth'
    | 'insights'
    | 'mediaCleanup'
    | 'jobs'
  >,
  logger: Logger,
  options: { budgetMs?: number; isStopping?: () => boolean } = {},
) {
  const budgetMs = options.budgetMs ?? 50_000;
  const isStopping = options.isStopping ?? (() => false);
  const refreshDue = async () => {
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
  };
  const steps: (() => Promise<void>)[] = [
    // Platform upkeep first: it is small, and a lapsed Salla token cannot be recovered.
    async () => {
      const tokens = await services.sallaTokens.renewExpiring();
      if (tokens.renewed + tokens.failed > 0) logger.info(tokens, 'renewed Salla tokens');
    },
    async () => {
      const igTokens = await services.instagramConnect.refreshExpiringTokens();
      if (igTokens.refreshed + igTokens.failed > 0) logger.info(igTokens, 'refreshed Instagram tokens');
    },
    async () => {
      const fbTokens = await services.facebookConnect.refreshExpiringTokens();
      if (fbTokens.refreshed + fbTokens.failed > 0) logger.info(fbTokens, 'refreshed Facebook tokens');
    },
    // Stories live 24 h on Instagram: every connected account is read at least every 4 hours, any plan.
    async () => {
      const stories = await services.stories.pollDue();
      if (stories.polled + stories.purged > 0) logger.info(stories, 'polled stories');
    },
    async () => {
      const zidTokens = await services.zidUpkeep.renewExpiring();
      if (zidTokens.renewed + zidTokens.failed + zidTokens.refused > 0)
        logger.info(zidTokens, 'renewed Zid tokens');
    },
    async () => {
      const scripts = await services.zidUpkeep.registerDueScripts();
      if (scripts.registered + scripts.failed > 0) logger.info(scripts, 'retried Zid storefront scripts');
    },
    async () => {
      const hooks = await services.zidUpkeep.registerDueWebhooks();
      if (hooks.registered + hooks.failed > 0) logger.info(hooks, 'registered Zid product webhooks');
    },
    // Queued background jobs no process ran yet: retries whose time came, work of a process that stopped.
    async () => {
      const ran = await services.jobs.runDue();
      if (ran > 0) logger.info({ ran }, 'ran queued background jobs');
    },
    async () => {
      const retried = await services.webhookInbox.processPending();
      if (retried > 0) logger.info({ retried }, 'retried pending webhook deliveries');
    },
    // Billing: payments whose confirmation failed, then reminders, grace e-mails and expiry (each once).
    async () => {
      const events = await services.billing.processPendingEvents();
      if (events > 0) logger.info({ events }, 'retried pending billing events');
    },
    // Saved cards first: a renewal charged now spares the merchant the grace e-mail below.
    async () => {
      const renewals = await services.autoRenew.run();
      if (renewals.notices + renewals.charged + renewals.declined + renewals.pending3ds > 0)
        logger.info(renewals, 'automatic renewals');
    },
    async () => {
      const notices = await services.billing.runNotices();
      if (notices.reminders + notices.grace + notices.expired > 0) logger.info(notices, 'billing notices');
    },
    refreshDue,
    // After the refreshes: a connection refused or content gone stale tells its merchant (then weekly).
    async () => {
      const health = await services.contentHealth.notifyUnhealthy();
      if (health.sent + health.cleared > 0) logger.info(health, 'content health notices');
    },
    async () => {
      const expiredCounters = await services.insights.applyRetention();
      if (expiredCounters > 0) logger.info({ expiredCounters }, 'removed old widget event counters');
    },
    // Every few hours, in one cron process: media nothing has used for the grace period.
    async () => {
      const media = await services.mediaCleanup.runIfDue();
      if (media && media.marked + media.cleared + media.deleted > 0) logger.info(media, 'media clean-up');
    },
  ];
  return async () => {
    for (const step of steps) {
      if (isStopping()) return;
      await step();
    }
  };
}
