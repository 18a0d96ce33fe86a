import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type CreateAppOptions } from './app.js';
import type { Runtime } from './runtime.js';
import { createServices } from './services.js';
import { createWidgetInitHandler } from './widget/widget-init.handler.js';
import { createWidgetEventsHandler } from './insights/widget-events.handler.js';
import { requestIdFrom, withRequestId } from './lib/request-context.js';
import { shuttingDown } from './metrics/metrics.js';
import { startMetricsServer, type MetricsServer } from './metrics/metrics.routes.js';

/** How often a process adds the widget events it counted to the stored daily counters. */
const EVENT_FLUSH_INTERVAL_MS = 10_000;

export interface RunningServer {
  server: http.Server;
  url: string;
  /** METRICS_PORT's listener, when one is configured. */
  metricsUrl?: string;
  /**
   * Drains: /readyz answers 503 (for SHUTDOWN_DELAY_MS while still serving), then no new connections
   * are taken, requests in flight finish (for at most SHUTDOWN_TIMEOUT_MS, then their connections are
   * closed), and the event counts are flushed.
   */
  close(): Promise<void>;
}

/** Starts the HTTP server on the configured port (0 picks a free one). */
export async function startHttpServer(
  runtime: Runtime,
  options: CreateAppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const services = options.services ?? createServices(runtime);
  let draining = false;
  const app = createApp(runtime, { ...options, services, isDraining: () => draining });
  // The widget's hot path is answered before Express sees the request.
  const widgetInit = createWidgetInitHandler(services.widgetLookup, runtime.logger, services.installRecorder);
  const widgetEvents = createWidgetEventsHandler({
    insights: services.insights,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    logger: runtime.logger,
  });
  const server = http.createServer((req, res) => {
    if (widgetInit(req, res) || widgetEvents(req, res)) return;
    // Every other request gets an id (the caller's, when well-formed) that its log lines carry.
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    withRequestId(requestId, () => app(req, res));
  });
  // Slightly above typical load-balancer idle timeouts so they close first.
  server.keepAliveTimeout = 65_000;
  const port = options.port ?? runtime.env.PORT;
  const host = options.host ?? runtime.env.HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  services.eventCounter.start(EVENT_FLUSH_INTERVAL_MS);
  services.insights.startLimits();
  const metricsServer: MetricsServer | undefined =
    runtime.env.METRICS_PORT === undefined || options.port !== undefined
      ? undefined
      : await startMetricsServer({ port: runtime.env.METRICS_PORT, host, token: runtime.env.METRICS_TOKEN });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  let closing: Promise<void> | undefined;
  const drain = async () => {
    draining = true;
    shuttingDown.set(1);
    // Still answering, with /readyz at 503, until the load balancer has noticed.
    if (runtime.env.SHUTDOWN_DELAY_MS > 0) {
      await new Promise((resolve) => setTimeout(resolve, runtime.env.SHUTDOWN_DELAY_MS));
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive connections between requests close now; those with a request in flight close as
      // soon as its answer is sent (checked often), and all of them at the deadline.
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = setTimeout(() => {
        runtime.logger.warn('requests still in flight at SHUTDOWN_TIMEOUT_MS; closing their connections');
        server.closeAllConnections();
      }, runtime.env.SHUTDOWN_TIMEOUT_MS);
      server.once('close', () => {
        clearInterval(idle);
        clearTimeout(deadline);
      });
    });
    // Jobs in hand finish, and counts of the last seconds are written, before the database closes.
    await services.jobs.stop();
    await services.eventCounter.stop();
    await services.insights.stopLimits();
    await metricsServer?.close();
  };
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    close: () => (closing ??= drain()),
  };
}
