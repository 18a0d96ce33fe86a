import { loadApiEnv } from './config/env.js';
import { createLogger } from './lib/logger.js';
import { loadConfigOrExit, startOrExit } from './lib/start.js';
import { onShutdown } from './lib/shutdown.js';
import { createRuntime } from './runtime.js';
import { startHttpServer } from './server.js';
import { createServices } from './services.js';

// The API process alone (production: run several behind a load balancer; cron runs separately).
const env = loadConfigOrExit(() => loadApiEnv());
const logger = createLogger(env.LOG_LEVEL, 'api');
const runtime = await startOrExit(() => createRuntime(env, logger));
const services = createServices(runtime);
await services.removeStrayMediaFiles();
const http = await startHttpServer(runtime, { services });
logger.info({ url: http.url }, `API listening on ${http.url}`);
onShutdown(logger, async () => {
  await http.close();
  await runtime.close();
});
