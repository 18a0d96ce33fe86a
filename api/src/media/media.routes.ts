import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { opsContracts as c } from '@app/shared/contracts';
import { AppError, sendApiError } from '../http/errors.js';
import { ANSWERED, contractRoutes } from '../http/route.js';
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
  const route = contractRoutes(router);
  const { backend } = store;

  route(c.media, async ({ req, res, params: { name } }) => {
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
    if (backend instanceof LocalMediaBackend) await sendLocal(backend, name, res);
    else {
      await sendFromBucket(backend as S3MediaBackend, name, req, res).catch((error: unknown) => {
        if (!res.headersSent) throw error;
        res.destroy();
      });
    }
    return ANSWERED;
  });
  // Deeper paths (/media/a/b, /media//etc/passwd) are never media either.
  route(c.mediaOther, ({ res }) => sendNotFound(res));
  return router;
}

/** The file sent (or a 404, or the connection gone); rejects with an error still worth a 500. */
function sendLocal(backend: LocalMediaBackend, name: string, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    res.sendFile(name, { root: backend.dir, dotfiles: 'deny', lastModified: false }, (error?: Error) => {
      if (!error) return resolve();
      const code = (error as Error & { code?: string }).code;
      if (code === 'ECONNABORTED' || code === 'ECONNRESET' || res.headersSent) return resolve();
      if (code === 'ENOENT' || (error as Error & { status?: number }).status === 404) {
        sendNotFound(res);
        return resolve();
      }
      reject(error);
    });
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
