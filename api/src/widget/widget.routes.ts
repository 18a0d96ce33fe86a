import path from 'node:path';
import { widgetContracts as c } from '@app/shared/contracts';
import { pipeline } from 'node:stream/promises';
import express, { Router, type RequestHandler, type Response } from 'express';
import { parseWidgetSnapshot, ZWidgetInit, type TWidgetInit } from '@app/shared';
import { AppError, sendApiError } from '../http/errors.js';
import { ANSWERED, contractRoutes } from '../http/route.js';
import { workspaceDistDir } from '../http/static.js';
import { parseInput } from '../http/validate.js';
import { loopbackOnly } from '../http/loopback-only.js';
import { ConcurrencyLimit } from '../lib/concurrency-limit.js';
import type { MediaStreamer } from '../instagram/instagram.source.js';
import type { HighlightsService } from './highlights.service.js';
import { resolveWidgetQuery } from './widget-init.handler.js';
import { WIDGET_SNAPSHOT_CACHE_CONTROL, type WidgetLookup } from './widget-lookup.js';

/** Public widget endpoints are read from any store's pages. */
const openCors: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

/** The built widget (widget/dist); undefined when not built. */
export const widgetDistDir = () => workspaceDistDir('@app/widget', 'widget.js');

/**
 * The widget's files, loaded by store pages on other origins: the loader at a stable URL with a short
 * cache, hashed chunks cached for a year. Module chunks need CORS to load cross-origin.
 */
export function widgetAssetRoutes(distDir: string): Router {
  const router = Router();
  router.use(
    express.static(distDir, {
      index: false,
      fallthrough: true,
      setHeaders(res, filePath) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        const isLoader = path.basename(filePath) === 'widget.js' && path.dirname(filePath) === distDir;
        res.setHeader(
          'Cache-Control',
          isLoader
            ? 'public, max-age=300, stale-while-revalidate=86400'
            : 'public, max-age=31536000, immutable',
        );
      },
    }),
  );
  return router;
}

/**
 * Image-proxy fetches at once, and waiting: each holds a connection to the CDN and one to the client
 * while it streams (the media pass through, never held whole). Past both, 503 with Retry-After.
 */
export const IMAGE_PROXY_LIMITS = { active: 8, queued: 32, retryAfterSeconds: 5 } as const;

export function widgetRoutes(deps: {
  lookup: WidgetLookup;
  highlights: HighlightsService;
  proxyFetcher: MediaStreamer;
  isProduction: boolean;
}): Router {
  const router = Router();
  const route = contractRoutes(router, { dev: loopbackOnly });
  const before = [openCors];
  const proxySlots = new ConcurrencyLimit(IMAGE_PROXY_LIMITS.active, IMAGE_PROXY_LIMITS.queued);

  /** The snapshot a widget request names, or an error response already sent. */
  const snapshotFor = async (
    query: Record<string, unknown>,
    res: Response,
  ): Promise<TWidgetInit | undefined> => {
    const resolved = await resolveWidgetQuery(query, deps.lookup);
    if (!resolved.ok) {
      sendApiError(res, resolved.error);
      return undefined;
    }
    const snap = await deps.lookup.byKey(resolved.key);
    if (!snap) {
      sendApiError(res, new AppError('widget_not_found'));
      return undefined;
    }
    res.setHeader('Cache-Control', WIDGET_SNAPSHOT_CACHE_CONTROL);
    // Our own snapshot, but parsed all the same: a malformed one must fail here, not in a store's page.
    return ZWidgetInit.parse(parseWidgetSnapshot(snap.body.toString('utf8')));
  };

  // Older widgets' calls read their query as the init handler does (resolveWidgetQuery): a bad or
  // missing identifier is the widget's own error, not a plain 400, hence `own: ['query']`.
  route(
    c.content,
    async ({ query, res }) => {
      const init = await snapshotFor(query as Record<string, unknown>, res);
      if (!init) return ANSWERED;
      const { content } = init.data;
      if ((query as Record<string, unknown>).type === 'highlights') {
        return { status: 'success' as const, data: { highlights: content.highlights } };
      }
      return {
        status: 'success' as const,
        data: {
          feed: content.feed,
          // The older widgets' own spelling (docs/api.md, "Conventions"): they are already in stores and
          // read these three keys as the product first defined them.
          accountInfo: {
            username: content.username,
            profilePictureUrl: content.profile_picture?.renditions.at(-1)?.path ?? null,
            accountData: content.account_data,
          },
        },
      };
    },
    { before, own: ['query'] },
  );

  route(
    c.account,
    async ({ query, res }) => {
      const init = await snapshotFor(query as Record<string, unknown>, res);
      if (!init) return ANSWERED;
      return { status: 'success' as const, data: init.data.content.account_data };
    },
    { before, own: ['query'] },
  );

  route(
    c.highlightStories,
    async ({ query: { key, merchantId }, params, res }) => {
      // The query is checked before the id, as it always was (`own: ['params']`).
      const highlightId = parseInput(c.highlightStories.params.shape.id, (params as { id?: unknown }).id);
      const widgetKey = key ?? merchantId;
      if (!widgetKey) {
        sendApiError(res, new AppError('missing_key'));
        return ANSWERED;
      }
      const result = await deps.highlights.stories(widgetKey, highlightId);
      if (!result.ok) throw result.error;
      res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=86400');
      return { status: 'success' as const, stories: result.value };
    },
    { before, own: ['params'] },
  );

  /**
   * The product's image proxy, for clients that still hold Instagram URLs. Snapshot media never need it.
   * Only Instagram/Facebook CDN hosts, https, no private addresses, size and time caps (the fetcher).
   */
  route(
    c.imageProxy,
    async ({ req, res, query }) => {
      // A bad address is `invalid_url`, not the plain 400 of a bad input.
      const parsed = c.imageProxy.query.safeParse(query);
      if (!parsed.success) {
        sendApiError(res, new AppError('invalid_url'));
        return ANSWERED;
      }
      const slot = await proxySlots.run(async () => {
        const opened = await deps.proxyFetcher.open(parsed.data.url);
        if (!opened.ok) {
          // The table's message only: the fetcher's own names hosts, addresses and resolver errors.
          req.log?.info(
            { kind: opened.error.kind, detail: opened.error.message },
            'image proxy fetch failed',
          );
          sendApiError(res, new AppError(`proxy_${opened.error.kind}`));
          return;
        }
        res.setHeader('Content-Type', opened.value.contentType);
        res.setHeader('Cache-Control', 'public, max-age=86400');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
        // The slot is held until the last byte is out. A body that fails half-way (too large, too slow)
        // cannot change the status any more: pipeline drops the connection, so the client sees a cut
        // answer rather than a short image that a cache would keep.
        await pipeline(opened.value.body, res).catch(() => undefined);
      });
      if (!slot.ok) {
        sendApiError(res, new AppError('proxy_busy'), {
          headers: { 'Retry-After': String(IMAGE_PROXY_LIMITS.retryAfterSeconds) },
        });
      }
      // Answered, or cut off by a body that failed half-way (see above): nothing more to send.
      return ANSWERED;
    },
    { before, own: ['query'] },
  );

  if (!deps.isProduction) {
    /** A sample store page with the embed snippet, to see the widget at work (never in production). */
    route(c.demoStore, ({ req, res }) => {
      const key =
        typeof req.query.key === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(req.query.key)
          ? req.query.key
          : '';
      const lang = req.query.lang === 'en' ? 'en' : 'ar';
      res.setHeader('Cache-Control', 'no-store');
      // The widget's own requests say which page asked (the embed tab's installation check reads it).
      res.setHeader('Referrer-Policy', 'same-origin');
      res.type('html').send(`<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo store</title><link rel="icon" href="data:,">
<style>body{margin:0;font-family:system-ui,sans-serif;background:#faf7f2;color:#222}header,footer{padding:20px 24px;background:#2d2a26;color:#fff}
main{max-width:960px;margin:0 auto;padding:24px}.products{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px}
.product{background:#fff;border-radius:12px;padding:16px;height:160px}</style></head>
<body><header><strong>${lang === 'ar' ? 'متجر تجريبي' : 'Demo store'}</strong></header>
<main>${key ? '' : `<p id="no-key">Add <code>?key=&lt;your widget key&gt;</code> (Embed tab) to see your widget here.</p>`}
<div class="products">${'<div class="product"></div>'.repeat(6)}</div></main>
<footer>© Demo store</footer>
${key ? `<script src="/widget.js" data-merchant-id="${key}" data-lang="${lang}" async defer></script>` : ''}
</body></html>`);
      return ANSWERED;
    });
  }

  return router;
}
