import type { ScheduledJob } from './scheduled-job.js';
import { renewSallaTokens } from './jobs/renew-salla-tokens.js';
import { refreshInstagramTokens } from './jobs/refresh-instagram-tokens.js';
import { refreshFacebookTokens } from './jobs/refresh-facebook-tokens.js';
import { pollStories } from './jobs/poll-stories.js';
import { renewZidTokens } from './jobs/renew-zid-tokens.js';
import { registerZidScripts } from './jobs/register-zid-scripts.js';
import { registerZidWebhooks } from './jobs/register-zid-webhooks.js';
import { runQueuedJobs } from './jobs/run-queued-jobs.js';
import { retryWebhookDeliveries } from './jobs/retry-webhook-deliveries.js';
import { retryBillingEvents } from './jobs/retry-billing-events.js';
import { renewSavedCards } from './jobs/renew-saved-cards.js';
import { billingNotices } from './jobs/billing-notices.js';
import { refreshDueAccounts } from './jobs/refresh-due-accounts.js';
import { contentHealthNotices } from './jobs/content-health-notices.js';
import { expireWidgetEventCounters } from './jobs/expire-widget-event-counters.js';
import { cleanUpMedia } from './jobs/clean-up-media.js';

/**
 * What every cron tick runs, in this order, each on its own (tick.ts): platform upkeep first (small, and a
 * lapsed token cannot be recovered), then queued work and retries, billing, the refreshes, and what reads
 * their results.
 */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  renewSallaTokens,
  refreshInstagramTokens,
  refreshFacebookTokens,
  pollStories,
  renewZidTokens,
  registerZidScripts,
  registerZidWebhooks,
  runQueuedJobs,
  retryWebhookDeliveries,
  retryBillingEvents,
  renewSavedCards,
  billingNotices,
  refreshDueAccounts,
  contentHealthNotices,
  expireWidgetEventCounters,
  cleanUpMedia,
];
