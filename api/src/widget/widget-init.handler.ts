import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZWidgetQuery, type TWidgetQuery } from '@app/shared';
import { AppError, sendApiError } from '../http/errors.js';
import type { Logger } from '../lib/logger.js';
import type { ServedSnapshot, WidgetLookup } from './widget-lookup.js';
import type { InstallRecorder } from './widget-installs.js';

export const WIDGET_INIT_PATH = '/api/widget/init';

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
  // A store that installed the app but has not connected Instagram yet (spec §8 widget errors).
  if (key === 'not_connected') return { ok: false, error: new AppError('not_connected') };
  if (!key) return { ok: false, error: new AppError('widget_not_found') };
  return { ok: true, key, query };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function sendError(res: ServerResponse, error: AppError) {
  sendApiError(res, error, {
    headers: {
      ...COMMON_HEADERS,
      // An unknown key may become valid soon (a merchant connecting): cache the miss only briefly.
      'Cache-Control': error.status === 404 ? 'public, max-age=30' : 'no-store',
    },
  });
}

function sendSnapshot(req: IncomingMessage, res: ServerResponse, snap: ServedSnapshot) {
  if (etagMatches(req.headers['if-none-match'], snap.etag)) {
    res.writeHead(304, snap.headers.notModified);
    res.end();
    return;
  }
  const accept = req.headers['accept-encoding'] ?? '';
  const encoding = accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : 'identity';
  res.writeHead(200, snap.headers[encoding]);
  if (req.method === 'HEAD') res.end();
  else res.end(encoding === 'br' ? snap.br : encoding === 'gzip' ? snap.gzip : snap.body);
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
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (
      !url.startsWith(WIDGET_INIT_PATH) ||
      (url.length > WIDGET_INIT_PATH.length && url[WIDGET_INIT_PATH.length] !== '?')
    ) {
      return false;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, new AppError('method_not_allowed'));
      return true;
    }
    // Fast path: a plain key this process already holds.
    const plain = url.includes('store_id=') ? null : PLAIN_KEY.exec(url);
    if (plain?.[1]) {
      const hit = lookup.peek(plain[1]);
      if (hit && hit !== 'missing') {
        sendSnapshot(req, res, hit);
        installs?.note(plain[1], req.headers);
        return true;
      }
    }
    const params = new URLSearchParams(url.slice(WIDGET_INIT_PATH.length + 1));
    void (async () => {
      const resolved = await resolveWidgetQuery(params, lookup);
      if (!resolved.ok) return sendError(res, resolved.error);
      const snap = await lookup.byKey(resolved.key);
      if (!snap) return sendError(res, new AppError('widget_not_found'));
      sendSnapshot(req, res, snap);
      installs?.note(resolved.key, req.headers);
    })().catch((err: unknown) => {
      logger.error({ err }, 'widget init failed');
      if (!res.headersSent)
        sendError(res, new AppError('internal_error', 'Could not load Instagram content'));
      else res.destroy();
    });
    return true;
  };
}
