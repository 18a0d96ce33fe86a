import type { ScheduledJob } from '../scheduled-job.js';

/** Widget event counters older than the insights keep. */
export const expireWidgetEventCounters: ScheduledJob = {
  name: 'expire-widget-event-counters',
  async run({ services, logger }) {
    const expiredCounters = await services.insights.applyRetention();
    if (expiredCounters > 0) logger.info({ expiredCounters }, 'removed old widget event counters');
  },
};
