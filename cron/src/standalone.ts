import { createLogger, createRuntime, loadConfigOrExit, onShutdown, startHttpServer } from '@app/api';
import { loadCronEnv } from './env.js';
import { startScheduler } from './scheduler.js';

// `npm start`: the API and the cron schedule in one process sharing one database handle, which the
// embedded PGlite requires (it allows one process per data directory).
const env = loadConfigOrExit(() => loadCronEnv());
const logger = createLogger(env.LOG_LEVEL, 'lamha');
const runtime = await createRuntime(env, logger);
const http = await startHttpServer(runtime);
const scheduler = startScheduler({
  schedule: env.CRON_SCHEDULE,
  logger: logger.child({ component: 'cron' }),
  work: () => Promise.resolve(),
});
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
