import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  INVALID_IDENTIFIER_MESSAGE,
  PREVIEW_IDENTIFIER_MESSAGE,
  ZWidgetQuery,
  type TWidgetQuery,
} from '@app/shared';
import type { Logger } from '../lib/logger.js';
import type { ServedSnapshot, WidgetLookup } from './widget-lookup.js';

export const WIDGET_INIT_PATH = '/api/widget/init';
/** A store that installed the app but has not connected Instagram yet (spec §8 widget errors). */
export const NOT_CONNECTED_MESSAGE = 'Please connect your Instagram account';

const COMMON_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
} as const;

export type ResolvedQuery =
  | { ok: true; key: string; query: TWidgetQuery }
  | { ok: false; status: number; code: string; message: string };

/** Reads and checks the identifier of a public widget request; store ids are resolved to widget keys. */
export async function resolveWidgetQuery(
  params: URLSearchParams | Record<string, unknown>,
  lookup: WidgetLookup,
): Promise<ResolvedQuery> {
  const raw = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  const parsed = ZWidgetQuery.safeParse(raw);
  if (!parsed.success)
    return { ok: false, status: 400, code: 'invalid_identifier', message: INVALID_IDENTIFIER_MESSAGE };
  const query = parsed.data;
  if (query.key === 'preview' || query.storeId === 'preview') {
    return { ok: false, status: 400, code: 'preview_identifier', message: PREVIEW_IDENTIFIER_MESSAGE };
  }
  if (!query.key && !query.storeId)
    return { ok: false, status: 400, code: 'missing_identifier', message: INVALID_IDENTIFIER_MESSAGE };
  const key =
    query.key ?? (query.storeId ? await lookup.keyForStore(query.platform, query.storeId) : undefined);
  if (key === 'not_connected')
    return { ok: false, status: 404, code: 'not_connected', message: NOT_CONNECTED_MESSAGE };
  if (!key) return { ok: false, status: 404, code: 'widget_not_found', message: INVALID_IDENTIFIER_MESSAGE };
  return { ok: true, key, query };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    // An unknown key may become valid soon (a merchant connecting): cache the miss only briefly.
    'Cache-Control': status === 404 ? 'public, max-age=30' : 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
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
export function createWidgetInitHandler(lookup: WidgetLookup, logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (
      !url.startsWith(WIDGET_INIT_PATH) ||
      (url.length > WIDGET_INIT_PATH.length && url[WIDGET_INIT_PATH.length] !== '?')
    ) {
      return false;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, 'method_not_allowed', 'Use GET.');
      return true;
    }
    // Fast path: a plain key this process already holds.
    const plain = url.includes('store_id=') ? null : PLAIN_KEY.exec(url);
    if (plain?.[1]) {
      const hit = lookup.peek(plain[1]);
      if (hit && hit !== 'missing') {
        sendSnapshot(req, res, hit);
        return true;
      }
    }
    const params = new URLSearchParams(url.slice(WIDGET_INIT_PATH.length + 1));
    void (async () => {
      const resolved = await resolveWidgetQuery(params, lookup);
      if (!resolved.ok) return sendError(res, resolved.status, resolved.code, resolved.message);
      const snap = await lookup.byKey(resolved.key);
      if (!snap) return sendError(res, 404, 'widget_not_found', INVALID_IDENTIFIER_MESSAGE);
      sendSnapshot(req, res, snap);
    })().catch((err: unknown) => {
      logger.error({ err }, 'widget init failed');
      if (!res.headersSent) sendError(res, 500, 'internal_error', 'Could not load Instagram content');
      else res.destroy();
    });
    return true;
  };
}
