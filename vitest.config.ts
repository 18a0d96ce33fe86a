import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the unit and integration tests of every workspace but e2e in one run, so one pool of
// workers packs them all instead of five runs in a row each ending with a core idle. Each workspace keeps
// its own vitest.config.ts (environment, timeouts); the browser tests (e2e/) are `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'cron', 'widget', 'pwa'],
    // Vitest's default leaves a core free (one worker on two cores), but the integration tests spend most
    // of their time waiting on databases, child processes and timers: a worker per core (at least two)
    // finishes them in about half the time.
    maxWorkers: Math.max(2, availableParallelism()),
    // Verbose names show which backends ran ("database on postgres > …").
    reporters: ['verbose'],
  },
});
