import type { ScheduledJob } from '../scheduled-job.js';

/** Stories live 24 h on Instagram: every connected account is read at least every 4 hours, any plan. */
export const pollStories: ScheduledJob = {
  name: 'poll-stories',
  async run({ services, logger }) {
    const stories = await services.stories.pollDue();
    if (stories.polled + stories.purged > 0) logger.info(stories, 'polled stories');
  },
};
