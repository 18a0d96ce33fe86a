import { pipeline } from 'node:stream/promises';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError, sendApiError } from '../http/errors.js';
import { LocalMediaBackend } from './media.backend.js';
import { MEDIA_CONTENT_TYPES, MEDIA_NAME_PATTERN, type MediaStore } from './media.store.js';
import { IMMUTABLE_CACHE_CONTROL, type S3MediaBackend } from './s3-media.backend.js';

function sendNotFound(res: Response): void {
  // Headers meant for a file must not make a 404 cacheable for a year.
  res.removeHeader('Cache-Control');
  res.removeHeader('ETag');
  sendApiError(res, new AppError('not_found', 'No such media.'));
}

/** One range of the forms S3 answers (`a-b`, `a-`, `-n`); anything else is served whole, as RFC 9110 allows. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * Serves the media store to widgets on other sites, from whichever backend is configured. Names are
 * content hashes, so a response never changes: cache it forever, anywhere.
 */
export function mediaRoutes(store: Pick<MediaStore, 'backend'>): Router {
  const router = Router();
  const { backend } = store;

  const serveMedia: RequestHandler<{ name: string }> = (req, res, next) => {
    const { name } = req.params;
    // Only names we generate reach the store; "..", slashes and encoded tricks all fail here.
    if (!MEDIA_NAME_PATTERN.test(name)) return sendNotFound(res);
    const extension = name.slice(name.lastIndexOf('.') + 1);
    res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Helmet's default (same-origin) would stop store pages from loading these images.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', MEDIA_CONTENT_TYPES[extension] ?? 'application/octet-stream');
    // The name is a content hash: a strong validator that is the same on every server, unlike mtime.
    res.setHeader('ETag', `"${name.slice(0, name.lastIndexOf('.'))}"`);
    if (backend instanceof LocalMediaBackend) return sendLocal(backend, name, res, next);
    sendFromBucket(backend as S3MediaBackend, name, req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else next(error);
    });
  };

  router.get('/media/:name', serveMedia);
  // Deeper paths (/media/a/b, /media//etc/passwd) are never media either.
  router.all('/media/*rest', (_req, res) => sendNotFound(res));
  return router;
}

function sendLocal(backend: LocalMediaBackend, name: string, res: Response, next: NextFunction): void {
  res.sendFile(name, { root: backend.dir, dotfiles: 'deny', lastModified: false }, (error?: Error) => {
    if (!error) return;
    const code = (error as Error & { code?: string }).code;
    if (code === 'ECONNABORTED' || code === 'ECONNRESET' || res.headersSent) return;
    if (code === 'ENOENT' || (error as Error & { status?: number }).status === 404) return sendNotFound(res);
    next(error);
  });
}

/** The bucket's object streamed through: HEAD, a single byte range (video seeking) and If-None-Match. */
async function sendFromBucket(backend: S3MediaBackend, name: string, req: Request, res: Response) {
  res.setHeader('Accept-Ranges', 'bytes');
  // The ETag is the content hash: a client holding it holds exactly these bytes, so no bucket call is needed.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (req.method === 'HEAD') {
    const bytes = await backend.size(name);
    if (bytes === undefined) return sendNotFound(res);
    res.setHeader('Content-Length', String(bytes));
    res.status(200).end();
    return;
  }
  let range = req.headers.range && SINGLE_RANGE.test(req.headers.range) ? req.headers.range : undefined;
  const suffix = range?.startsWith('bytes=-') ? Number(range.slice('bytes=-'.length)) : undefined;
  if (suffix !== undefined && suffix > 0) {
    // The last n bytes, asked for as an explicit range: not every S3-compatible server reads `-n` right.
    const bytes = await backend.size(name);
    if (bytes === undefined) return sendNotFound(res);
    range = bytes === 0 ? range : `bytes=${Math.max(0, bytes - suffix)}-${bytes - 1}`;
  }
  const read = await backend.open(name, range);
  if (!read.found) return sendNotFound(res);
  if (read.unsatisfiable) {
    res.removeHeader('Cache-Control');
    res.setHeader('Content-Range', `bytes */${read.total}`);
    res.status(416).end();
    return;
  }
  res.setHeader('Content-Length', String(read.bytes));
  if (read.contentRange) {
    res.setHeader('Content-Range', read.contentRange);
    res.status(206);
  }
  await pipeline(read.body, res);
}
