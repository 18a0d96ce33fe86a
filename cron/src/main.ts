import {
  collectProcessMetrics,
  createLogger,
  createRuntime,
  createServices,
  loadConfigOrExit,
  onShutdown,
  startMetricsServer,
  startOrExit,
} from '@app/api';
import { loadCronEnv } from './env.js';
import { startScheduler } from './scheduler.js';
import { SCHEDULED_JOBS } from './schedule.js';
import { cronTick } from './tick.js';

// The cron process alone: any number may run; claims in the database keep them from doubling work.
const env = loadConfigOrExit(() => loadCronEnv());
const logger = createLogger(env.LOG_LEVEL, 'cron');
collectProcessMetrics();
const runtime = await startOrExit(() => createRuntime(env, logger));
const services = createServices(runtime);
await services.removeStrayMediaFiles();
let stopping = false;
const scheduler = startScheduler({
  schedule: env.CRON_SCHEDULE,
  logger,
  work: cronTick(SCHEDULED_JOBS, services, logger, { isStopping: () => stopping }),
  probe: () => runtime.database.ping(),
});
// Its refresh metrics (lag, outcomes, Instagram calls) on a port of its own, for Prometheus to scrape.
const metrics =
  env.METRICS_PORT === undefined
    ? undefined
    : await startMetricsServer({ port: env.METRICS_PORT, host: env.HOST, token: env.METRICS_TOKEN });
// SIGTERM: claim nothing more, give back claimed accounts not started, let running refreshes finish.
onShutdown(
  logger,
  async () => {
    stopping = true;
    services.refresh.stopClaiming();
    await scheduler.stop();
    await services.jobs.stop();
    await metrics?.close();
    await runtime.close();
  },
  env.SHUTDOWN_TIMEOUT_MS + 5_000,
);
// Said once the signal handlers are in place, so whoever waits for this line may signal at once.
logger.info({ schedule: env.CRON_SCHEDULE, metrics: metrics?.url }, 'cron started');
