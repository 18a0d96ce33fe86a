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

const ACCEPTED_HEADERS = { ...CORS_HEADERS, 'Content-Length': 0 } as const;

function accepted(res: ServerResponse) {
  res.writeHead(202, ACCEPTED_HEADERS);
  res.end();
}

/**
 * Reads the body as text and hands it to `done`, or undefined once it passes `limit` bytes (the rest is
 * not read). Callbacks, not a promise: every store page view sends a beacon, and this path stays free of
 * promise ticks unless the widget must be looked up.
 */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (text: string | undefined) => void,
  fail: (error: unknown) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  // One outcome only: an error after the end, or after a body too large, is not answered twice.
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      req.removeAllListeners('data');
      req.resume();
      if (!settled) {
        settled = true;
        done(undefined);
      }
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8'));
  });
  req.on('error', (error) => {
    if (settled) return;
    settled = true;
    fail(error);
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
    answer(req, res, callerId, () => record(req, res, started));
    return true;
  };

  /** Answers the beacon, then calls `answered` (once, whichever way it was answered). */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    callerId: string | undefined,
    answered: () => void,
  ): void {
    if (req.method === 'OPTIONS') {
      // A client that sends JSON as application/json asks first; sendBeacon with a string never does.
      res.writeHead(204, {
        ...CORS_HEADERS,
        'Access-Control-Allow-Methods': METHOD,
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return answered();
    }
    if (req.method !== METHOD) {
      send(res, new AppError('method_not_allowed', `Use ${METHOD}.`));
      return answered();
    }
    // Bots are answered like anyone else, so nothing tells them apart, and nothing is counted.
    if (isKnownBot(req.headers['user-agent'])) {
      accepted(res);
      return answered();
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_EVENTS_BODY_BYTES) {
      send(res, new AppError('payload_too_large'));
      return answered();
    }
    const failed = (error: unknown) => {
      if (error instanceof AppError) send(res, error);
      // The database is down: the beacon may be sent again later (503 with Retry-After), no log per beacon.
      else if (isUnavailableError(error)) send(res, unavailableError());
      else {
        const reqId = callerId ?? newRequestId();
        deps.logger.error({ err: error, reqId }, 'widget events failed');
        if (!res.headersSent) {
          res.setHeader('X-Request-Id', reqId);
          send(res, new AppError('internal_error'));
        } else res.destroy();
      }
      answered();
    };
    const counted = (result: Awaited<ReturnType<InsightsService['accept']>>) => {
      if (result.ok) accepted(res);
      else send(res, result.error);
      answered();
    };
    readBody(
      req,
      MAX_EVENTS_BODY_BYTES,
      (text) => {
        if (text === undefined) return failed(new AppError('payload_too_large'));
        try {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            return failed(new AppError('invalid_json'));
          }
          const body = parseInput(ZWidgetEventsBody, json);
          // Without X-Forwarded-For the address is the socket's, whatever TRUST_PROXY says.
          const address =
            req.headers['x-forwarded-for'] === undefined
              ? (req.socket.remoteAddress ?? '')
              : proxyAddr(req, deps.trustProxy);
          const result = deps.insights.accept(body, address);
          // The widget is known to this process (the usual case): answered without a promise tick.
          if (result instanceof Promise) result.then(counted).catch(failed);
          else counted(result);
        } catch (error) {
          failed(error);
        }
      },
      failed,
    );
  }
}
