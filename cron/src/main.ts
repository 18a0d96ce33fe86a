import {
  createLogger,
  createRuntime,
  createServices,
  loadConfigOrExit,
  onShutdown,
  startOrExit,
} from '@app/api';
import { loadCronEnv } from './env.js';
import { startScheduler } from './scheduler.js';
import { refreshTick } from './refresh-tick.js';

// The cron process alone: any number may run; claims in the database keep them from doubling work.
const env = loadConfigOrExit(() => loadCronEnv());
const logger = createLogger(env.LOG_LEVEL, 'cron');
const runtime = await startOrExit(() => createRuntime(env, logger));
const services = createServices(runtime);
await services.removeStrayMediaFiles();
const scheduler = startScheduler({
  schedule: env.CRON_SCHEDULE,
  logger,
  work: refreshTick(services, logger),
});
logger.info({ schedule: env.CRON_SCHEDULE }, 'cron started');
onShutdown(logger, async () => {
  await scheduler.stop();
  await runtime.close();
});
