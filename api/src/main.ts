import { loadApiEnv } from './config/env.js';
import { createLogger } from './lib/logger.js';
import { loadConfigOrExit, startOrExit } from './lib/start.js';
import { onShutdown } from './lib/shutdown.js';
import { collectProcessMetrics } from './metrics/metrics.js';
import { createRuntime } from './runtime.js';
import { startHttpServer } from './server.js';
import { createServices } from './services.js';

// The API process alone (production: run several behind a load balancer; cron runs separately).
const env = loadConfigOrExit(() => loadApiEnv());
const logger = createLogger(env.LOG_LEVEL, 'api');
collectProcessMetrics();
const runtime = await startOrExit(() => createRuntime(env, logger));
const services = createServices(runtime);
await services.removeStrayMediaFiles();
const http = await startHttpServer(runtime, { services });
// SIGTERM: drain (requests in flight finish within SHUTDOWN_TIMEOUT_MS), then close the pools.
onShutdown(
  logger,
  async () => {
    await http.close();
    await runtime.close();
  },
  env.SHUTDOWN_TIMEOUT_MS + 5_000,
);
// Said once the signal handlers are in place, so whoever waits for this line may signal at once.
logger.info({ url: http.url, metrics: http.metricsUrl }, `API listening on ${http.url}`);
