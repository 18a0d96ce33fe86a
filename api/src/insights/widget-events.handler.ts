import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { MAX_EVENTS_BODY_BYTES, ZWidgetEventsBody } from '@app/shared';
import { widgetContracts } from '@app/shared/contracts';
import { AppError, sendApiError, unavailableError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import type { Logger } from '../lib/logger.js';
import type { InsightsService } from './insights.service.js';
import { httpDurations } from '../metrics/metrics.js';
import { incomingRequestId, newRequestId } from '../lib/request-context.js';
import { isUnavailableError } from '../lib/unavailable.js';

/** The method and path its contract gives (answered before Express). */
export const WIDGET_EVENTS_PATH = widgetContracts.events.path;
const METHOD = widgetContracts.events.method.toUpperCase();

/**
 * User agents of crawlers, link previews, monitors, headless browsers and HTTP libraries: their page
 * views are not store visitors. A request without a User-Agent is not a browser either.
 */
const KNOWN_BOTS =
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|facebot|embedly|preview|whatsapp|telegram|discord|skype|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|headlesschrome|phantomjs|puppeteer|playwright|selenium|python|curl\/|wget|go-http-client|node-fetch|axios|undici|okhttp|java\/|libwww|httpclient|scrapy|postman/i;

export const isKnownBot = (userAgent: string | undefined): boolean =>
  !userAgent || userAgent.length < 10 || KNOWN_BOTS.test(userAgent);

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
} as const;

function accepted(res: ServerResponse) {
  res.writeHead(202, { ...CORS_HEADERS, 'Content-Length': 0 });
  res.end();
}

/** The body as text, or undefined when it passes `limit` bytes (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * POST /api/widget/events answered below Express, like the widget's init: every store page view sends a
 * beacon, so it must not pay for routing, logging and compression. `navigator.sendBeacon` sends a string
 * as text/plain (a request with no CORS preflight), so the body is read as JSON whatever its type says.
 * Answers 202 with no body; a beacon never reads it. Returns false for any other request.
 */
export function createWidgetEventsHandler(deps: {
  insights: InsightsService;
  /** Express's compiled TRUST_PROXY: which hops of X-Forwarded-For are believed. */
  trustProxy: (address: string, hop: number) => boolean;
  logger: Logger;
}) {
  const send = (res: ServerResponse, error: AppError) => sendApiError(res, error, { headers: CORS_HEADERS });
  // The beacon's usual answer, resolved once (see widget-init.handler.ts).
  const accepted202 = httpDurations.seriesFor(WIDGET_EVENTS_PATH, METHOD, 202);
  const record = (req: IncomingMessage, res: ServerResponse, started: number) => {
    const seconds = (performance.now() - started) / 1000;
    if (res.statusCode === 202 && req.method === METHOD) accepted202.observe(seconds);
    else httpDurations.observe(WIDGET_EVENTS_PATH, req.method ?? '', res.statusCode, seconds);
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (
      !url.startsWith(WIDGET_EVENTS_PATH) ||
      (url.length > WIDGET_EVENTS_PATH.length && url[WIDGET_EVENTS_PATH.length] !== '?')
    ) {
      return false;
    }
    const started = performance.now();
    // A caller's own request id is echoed; none is made for an answer that logs nothing.
    const callerId = incomingRequestId(req.headers['x-request-id']);
    if (callerId !== undefined) res.setHeader('X-Request-Id', callerId);
    const handled = answer(req, res, callerId);
    if (handled === 'sync') record(req, res, started);
    else void handled.finally(() => record(req, res, started));
    return true;
  };

  /** Answers the beacon; 'sync' when already answered, else the promise of the answer. */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    callerId: string | undefined,
  ): 'sync' | Promise<void> {
    if (req.method === 'OPTIONS') {
      // A client that sends JSON as application/json asks first; sendBeacon with a string never does.
      res.writeHead(204, {
        ...CORS_HEADERS,
        'Access-Control-Allow-Methods': METHOD,
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return 'sync';
    }
    if (req.method !== METHOD) {
      send(res, new AppError('method_not_allowed', `Use ${METHOD}.`));
      return 'sync';
    }
    // Bots are answered like anyone else, so nothing tells them apart, and nothing is counted.
    if (isKnownBot(req.headers['user-agent'])) {
      accepted(res);
      return 'sync';
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_EVENTS_BODY_BYTES) {
      send(res, new AppError('payload_too_large'));
      return 'sync';
    }
    return (async () => {
      const text = await readBody(req, MAX_EVENTS_BODY_BYTES);
      if (text === undefined) return send(res, new AppError('payload_too_large'));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return send(res, new AppError('invalid_json'));
      }
      const body = parseInput(ZWidgetEventsBody, json);
      const address = proxyAddr(req, deps.trustProxy);
      const result = await deps.insights.accept(body, address);
      if (!result.ok) return send(res, result.error);
      accepted(res);
    })().catch((error: unknown) => {
      if (error instanceof AppError) return send(res, error);
      // The database is down: the beacon may be sent again later (503 with Retry-After), no log per beacon.
      if (isUnavailableError(error)) return send(res, unavailableError());
      const reqId = callerId ?? newRequestId();
      deps.logger.error({ err: error, reqId }, 'widget events failed');
      if (!res.headersSent) {
        res.setHeader('X-Request-Id', reqId);
        send(res, new AppError('internal_error'));
      } else res.destroy();
    });
  }
}
