import type { Logger, Services } from '@app/api';

/**
 * One cron tick: refresh due accounts batch after batch until none are left or the time budget is spent
 * (the next tick carries on). Claims make it safe for any number of cron processes to do this at once.
 */
export function refreshTick(
  services: Pick<
    Services,
    | 'refresh'
    | 'sallaTokens'
    | 'zidUpkeep'
    | 'webhookInbox'
    | 'billing'
    | 'instagramConnect'
    | 'stories'
    | 'contentHealth'
    | 'insights'
  >,
  logger: Logger,
  budgetMs = 50_000,
) {
  return async () => {
    const started = performance.now();
    // Platform upkeep first: it is small, and a lapsed Salla token cannot be recovered.
    const tokens = await services.sallaTokens.renewExpiring();
    if (tokens.renewed + tokens.failed > 0) logger.info(tokens, 'renewed Salla tokens');
    const igTokens = await services.instagramConnect.refreshExpiringTokens();
    if (igTokens.refreshed + igTokens.failed > 0) logger.info(igTokens, 'refreshed Instagram tokens');
    // Stories live 24 h on Instagram: every connected account is read at least every 4 hours, any plan.
    const stories = await services.stories.pollDue();
    if (stories.polled + stories.purged > 0) logger.info(stories, 'polled stories');
    const zidTokens = await services.zidUpkeep.renewExpiring();
    if (zidTokens.renewed + zidTokens.failed + zidTokens.refused > 0)
      logger.info(zidTokens, 'renewed Zid tokens');
    const scripts = await services.zidUpkeep.registerDueScripts();
    if (scripts.registered + scripts.failed > 0) logger.info(scripts, 'retried Zid storefront scripts');
    const retried = await services.webhookInbox.processPending();
    if (retried > 0) logger.info({ retried }, 'retried pending webhook deliveries');
    // Billing: payments whose confirmation failed, then reminders, grace e-mails and expiry (each once).
    const events = await services.billing.processPendingEvents();
    if (events > 0) logger.info({ events }, 'retried pending billing events');
    const notices = await services.billing.runNotices();
    if (notices.reminders + notices.grace + notices.expired > 0) logger.info(notices, 'billing notices');
    let refreshed = 0;
    let failed = 0;
    for (;;) {
      const outcomes = await services.refresh.refreshDueAccounts();
      refreshed += outcomes.filter((o) => o.ok).length;
      failed += outcomes.filter((o) => !o.ok).length;
      if (outcomes.length === 0 || performance.now() - started > budgetMs) break;
    }
    if (refreshed + failed > 0) logger.info({ refreshed, failed }, 'refreshed due accounts');
    // After the refreshes: a connection refused or content gone stale tells its merchant (then weekly).
    const health = await services.contentHealth.notifyUnhealthy();
    if (health.sent + health.cleared > 0) logger.info(health, 'content health notices');
    const expiredCounters = await services.insights.applyRetention();
    if (expiredCounters > 0) logger.info({ expiredCounters }, 'removed old widget event counters');
  };
}
