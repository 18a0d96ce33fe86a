import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZWidgetQuery, type TWidgetQuery } from '@app/shared';
import { widgetContracts } from '@app/shared/contracts';
import { AppError, sendApiError } from '../http/errors.js';
import type { Logger } from '../lib/logger.js';
import type { ServedSnapshot, SnapshotTier, WidgetLookup } from './widget-lookup.js';
import type { InstallRecorder } from './widget-installs.js';
import { httpDurations, widgetInitAnswers, widgetInitHot } from '../metrics/metrics.js';
import { incomingRequestId, newRequestId } from '../lib/request-context.js';
import { isUnavailableError } from '../lib/unavailable.js';

/** The method and path its contract gives (answered before Express); HEAD is answered as GET is. */
export const WIDGET_INIT_PATH = widgetContracts.init.path;
const METHOD = widgetContracts.init.method.toUpperCase();

const COMMON_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
} as const;

export type ResolvedQuery = { ok: true; key: string; query: TWidgetQuery } | { ok: false; error: AppError };

/** Reads and checks the identifier of a public widget request; store ids are resolved to widget keys. */
export async function resolveWidgetQuery(
  params: URLSearchParams | Record<string, unknown>,
  lookup: WidgetLookup,
): Promise<ResolvedQuery> {
  const raw = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  const parsed = ZWidgetQuery.safeParse(raw);
  if (!parsed.success) return { ok: false, error: new AppError('invalid_identifier') };
  const query = parsed.data;
  if (query.key === 'preview' || query.storeId === 'preview') {
    return { ok: false, error: new AppError('preview_identifier') };
  }
  if (!query.key && !query.storeId) return { ok: false, error: new AppError('missing_identifier') };
  const key =
    query.key ?? (query.storeId ? await lookup.keyForStore(query.platform, query.storeId) : undefined);
  // A store that installed the app but has not connected Instagram yet (product §8 widget errors).
  if (key === 'not_connected') return { ok: false, error: new AppError('not_connected') };
  if (!key) return { ok: false, error: new AppError('widget_not_found') };
  return { ok: true, key, query };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function sendError(res: ServerResponse, error: AppError, options: { keep?: boolean } = {}) {
  sendApiError(res, error, {
    headers: {
      ...COMMON_HEADERS,
      // An unknown key may become valid soon (a merchant connecting): cache the miss only briefly.
      'Cache-Control': error.status === 404 && options.keep !== false ? 'public, max-age=30' : 'no-store',
    },
  });
}

/**
 * The miss answered while the database cannot say whether a key exists: the usual 404, which the widget
 * takes quietly, kept by no cache so the widget appears as soon as the database answers.
 */
function sendOutageMiss(res: ServerResponse) {
  sendError(res, new AppError('widget_not_found'), { keep: false });
}

/** Sends the snapshot (or 304); answers the status sent. */
function sendSnapshot(req: IncomingMessage, res: ServerResponse, snap: ServedSnapshot): 200 | 304 {
  if (etagMatches(req.headers['if-none-match'], snap.etag)) {
    res.writeHead(304, snap.headers.notModified);
    res.end();
    return 304;
  }
  const accept = req.headers['accept-encoding'] ?? '';
  const encoding = accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : 'identity';
  res.writeHead(200, snap.headers[encoding]);
  if (req.method === 'HEAD') res.end();
  else res.end(encoding === 'br' ? snap.br : encoding === 'gzip' ? snap.gzip : snap.body);
  return 200;
}

/** Counts an answer off the fast path: its time by status, and the tier that had the snapshot. */
function record(req: IncomingMessage, res: ServerResponse, started: number, tier: SnapshotTier) {
  const status = res.statusCode;
  httpDurations.observe(WIDGET_INIT_PATH, req.method ?? '', status, (performance.now() - started) / 1000);
  widgetInitAnswers.labels(tier, String(status)).inc();
}

/** `key=` or `merchantId=` from a plain query, without building a URLSearchParams per request. */
const PLAIN_KEY = /^\/api\/widget\/init\?(?:[^#]*&)?(?:key|merchantId)=([A-Za-z0-9_.:-]{1,100})(?:&|$)/;

/**
 * GET /api/widget/init answered below Express: every store page view calls it, so it must not pay for
 * routing, logging and compression middleware. Answers from process memory synchronously when it can.
 * Returns false for any other request (Express takes it).
 */
export function createWidgetInitHandler(
  lookup: WidgetLookup,
  logger: Logger,
  installs?: Pick<InstallRecorder, 'note'>,
) {
  // The hot path's series, resolved once: recording a fast answer is a comparison loop and two additions.
  const fast200 = httpDurations.seriesFor(WIDGET_INIT_PATH, METHOD, 200);
  const fast304 = httpDurations.seriesFor(WIDGET_INIT_PATH, METHOD, 304);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (
      !url.startsWith(WIDGET_INIT_PATH) ||
      (url.length > WIDGET_INIT_PATH.length && url[WIDGET_INIT_PATH.length] !== '?')
    ) {
      return false;
    }
    const started = performance.now();
    // A caller's own request id is echoed; none is made for an answer that logs nothing.
    const callerId = incomingRequestId(req.headers['x-request-id']);
    if (callerId !== undefined) res.setHeader('X-Request-Id', callerId);
    if (req.method !== METHOD && req.method !== 'HEAD') {
      sendError(res, new AppError('method_not_allowed'));
      record(req, res, started, 'none');
      return true;
    }
    // Fast path: a plain key this process already holds.
    const plain = url.includes('store_id=') ? null : PLAIN_KEY.exec(url);
    if (plain?.[1]) {
      const hit = lookup.peek(plain[1]);
      if (hit && hit !== 'missing') {
        const status = sendSnapshot(req, res, hit);
        const seconds = (performance.now() - started) / 1000;
        if (req.method !== METHOD) httpDurations.observe(WIDGET_INIT_PATH, req.method ?? '', status, seconds);
        else if (status === 200) fast200.observe(seconds);
        else fast304.observe(seconds);
        if (status === 200) widgetInitHot.memory200++;
        else widgetInitHot.memory304++;
        installs?.note(plain[1], req.headers);
        return true;
      }
    }
    const params = new URLSearchParams(url.slice(WIDGET_INIT_PATH.length + 1));
    let tier: SnapshotTier = 'none';
    void (async () => {
      const resolved = await resolveWidgetQuery(params, lookup);
      if (!resolved.ok) return sendError(res, resolved.error);
      const found = await lookup.find(resolved.key);
      tier = found.tier;
      if (!found.served) {
        if (found.unavailable) return sendOutageMiss(res);
        return sendError(res, new AppError('widget_not_found'));
      }
      sendSnapshot(req, res, found.served);
      installs?.note(resolved.key, req.headers);
    })()
      .catch((err: unknown) => {
        // A store id never resolved before, while the database is down (the lookup logs the outage).
        if (!res.headersSent && isUnavailableError(err)) return sendOutageMiss(res);
        const reqId = callerId ?? newRequestId();
        logger.error({ err, reqId }, 'widget init failed');
        if (!res.headersSent) {
          res.setHeader('X-Request-Id', reqId);
          sendError(res, new AppError('internal_error', 'Could not load Instagram content'));
        } else res.destroy();
      })
      .finally(() => record(req, res, started, tier));
    return true;
  };
}
