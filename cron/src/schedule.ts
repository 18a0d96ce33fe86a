import type { Scheduled } from './scheduled-job.js';
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

const EVERY_TICK = 0;
const HOUR_MS = 60 * 60 * 1000;

/**
 * What the cron ticks run, in this order, each on its own (tick.ts), and how often: platform upkeep first
 * (small, and a lapsed token cannot be recovered), then queued work and retries, billing, the refreshes,
 * and what reads their results. Most jobs claim their rows (SKIP LOCKED or a claim column), so any number
 * of cron processes may run them at once, and run on every tick (CRON_SCHEDULE) as they always have: each
 * looks only at what is due. A job that claims nothing takes a lease (`leaseMs`, job_leases).
 */
export const SCHEDULED_JOBS: readonly Scheduled[] = [
  { job: renewSallaTokens, everyMs: EVERY_TICK },
  { job: refreshInstagramTokens, everyMs: EVERY_TICK },
  { job: refreshFacebookTokens, everyMs: EVERY_TICK },
  { job: pollStories, everyMs: EVERY_TICK },
  { job: renewZidTokens, everyMs: EVERY_TICK },
  { job: registerZidScripts, everyMs: EVERY_TICK },
  { job: registerZidWebhooks, everyMs: EVERY_TICK },
  { job: runQueuedJobs, everyMs: EVERY_TICK },
  { job: retryWebhookDeliveries, everyMs: EVERY_TICK },
  { job: retryBillingEvents, everyMs: EVERY_TICK },
  { job: renewSavedCards, everyMs: EVERY_TICK },
  { job: billingNotices, everyMs: EVERY_TICK },
  { job: refreshDueAccounts, everyMs: EVERY_TICK },
  { job: contentHealthNotices, everyMs: EVERY_TICK },
  // Counters are kept 400 days and dropped by the day: hourly, in one process at a time (a bulk delete
  // two processes would repeat), was every tick.
  { job: expireWidgetEventCounters, everyMs: HOUR_MS, leaseMs: 10 * 60 * 1000 },
  // Asked every tick: its own lease in job_leases (media-cleanup.service.ts) runs it every 6 hours, once.
  { job: cleanUpMedia, everyMs: EVERY_TICK },
];
