// What other workspaces (cron) use from the API package.
export { loadApiEnv, parseEnv, ZApiEnv, ConfigError, type ApiEnv } from './config/env.js';
export { createLogger, type Logger } from './lib/logger.js';
export { loadConfigOrExit, startOrExit, StartupError } from './lib/start.js';
export { onShutdown } from './lib/shutdown.js';
export { createRuntime, type Runtime } from './runtime.js';
export { startHttpServer } from './server.js';
export { createServices, type JobLeaseLedger, type Services } from './services.js';
export { newRequestId, withRequestId } from './lib/request-context.js';
export { isUnavailableError } from './lib/unavailable.js';
export { collectProcessMetrics, jobDuration, jobRuns } from './metrics/metrics.js';
export { startMetricsServer } from './metrics/metrics.routes.js';
