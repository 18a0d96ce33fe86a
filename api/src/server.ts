import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type CreateAppOptions } from './app.js';
import type { Runtime } from './runtime.js';
import { createServices } from './services.js';
import { createWidgetInitHandler } from './widget/widget-init.handler.js';
import { createWidgetEventsHandler } from './insights/widget-events.handler.js';

/** How often a process adds the widget events it counted to the stored daily counters. */
const EVENT_FLUSH_INTERVAL_MS = 10_000;

export interface RunningServer {
  server: http.Server;
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP server on the configured port (0 picks a free one). */
export async function startHttpServer(
  runtime: Runtime,
  options: CreateAppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const services = options.services ?? createServices(runtime);
  const app = createApp(runtime, { ...options, services });
  // The widget's hot path is answered before Express sees the request.
  const widgetInit = createWidgetInitHandler(services.widgetLookup, runtime.logger, services.installRecorder);
  const widgetEvents = createWidgetEventsHandler({
    insights: services.insights,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    logger: runtime.logger,
  });
  const server = http.createServer((req, res) => {
    if (!widgetInit(req, res) && !widgetEvents(req, res)) app(req, res);
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
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      // Counts of the last seconds are written before the database closes.
      await services.eventCounter.stop();
    },
  };
}
