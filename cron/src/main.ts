import { createLogger, createRuntime, loadConfigOrExit, onShutdown } from '@app/api';
import { loadCronEnv } from './env.js';
import { startScheduler } from './scheduler.js';

// The cron process alone: any number may run; claims in the database keep them from doubling work.
const env = loadConfigOrExit(() => loadCronEnv());
const logger = createLogger(env.LOG_LEVEL, 'cron');
const runtime = await createRuntime(env, logger);
const scheduler = startScheduler({
  schedule: env.CRON_SCHEDULE,
  logger,
  // The refresh engine is not built yet: the tick only proves the schedule runs.
  work: () => Promise.resolve(),
});
logger.info({ schedule: env.CRON_SCHEDULE }, 'cron started');
onShutdown(logger, async () => {
  await scheduler.stop();
  await runtime.close();
});
