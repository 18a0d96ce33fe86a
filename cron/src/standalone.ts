import {
  collectProcessMetrics,
  createLogger,
  createRuntime,
  createServices,
  loadConfigOrExit,
  onShutdown,
  startHttpServer,
  startOrExit,
} from '@app/api';
import { loadCronEnv } from './env.js';
import { startScheduler } from './scheduler.js';
import { SCHEDULED_JOBS } from './schedule.js';
import { cronTick } from './tick.js';

// `npm start`: the API and the cron schedule in one process sharing one database handle, which the
// embedded PGlite requires (it allows one process per data directory).
const env = loadConfigOrExit(() => loadCronEnv());
const logger = createLogger(env.LOG_LEVEL, 'lamha');
collectProcessMetrics();
const runtime = await startOrExit(() => createRuntime(env, logger));
const services = createServices(runtime);
await services.removeStrayMediaFiles();
const http = await startHttpServer(runtime, { services });
let stopping = false;
const scheduler = startScheduler({
  schedule: env.CRON_SCHEDULE,
  logger: logger.child({ component: 'cron' }),
  work: cronTick(SCHEDULED_JOBS, services, logger, { isStopping: () => stopping }),
  probe: () => runtime.database.ping(),
});
// In one process a connected or refreshed account starts at once instead of at the next minute.
services.onAccountDue(() => scheduler.kick());
// SIGTERM: stop claiming refreshes, drain the HTTP server, let running refreshes finish, close the pools.
onShutdown(
  logger,
  async () => {
    stopping = true;
    services.refresh.stopClaiming();
    await Promise.all([scheduler.stop(), http.close()]);
    await runtime.close();
  },
  env.SHUTDOWN_TIMEOUT_MS + 5_000,
);
// Said once the signal handlers are in place (the e2e harness waits for this line).
logger.info(
  { url: http.url, db: runtime.database.kind, cache: runtime.cache.kind },
  `Lamha is running at ${http.url}`,
);
console.log(`\n  Lamha is running at ${http.url}\n`);
