import {
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
import { refreshTick } from './refresh-tick.js';

// `npm start`: the API and the cron schedule in one process sharing one database handle, which the
// embedded PGlite requires (it allows one process per data directory).
const env = loadConfigOrExit(() => loadCronEnv());
const logger = createLogger(env.LOG_LEVEL, 'lamha');
const runtime = await startOrExit(() => createRuntime(env, logger));
const services = createServices(runtime);
await services.removeStrayMediaFiles();
const http = await startHttpServer(runtime, { services });
const scheduler = startScheduler({
  schedule: env.CRON_SCHEDULE,
  logger: logger.child({ component: 'cron' }),
  work: refreshTick(services, logger),
});
// In one process a connected or refreshed account starts at once instead of at the next minute.
services.onAccountDue(() => scheduler.kick());
logger.info(
  { url: http.url, db: runtime.database.kind, cache: runtime.cache.kind },
  `Lamha is running at ${http.url}`,
);
console.log(`\n  Lamha is running at ${http.url}\n`);
onShutdown(logger, async () => {
  await scheduler.stop();
  await http.close();
  await runtime.close();
});
