import { Router, type RequestHandler, type Response } from 'express';
import { AppError, sendApiError } from '../http/errors.js';
import { MEDIA_NAME_PATTERN, type MediaStore } from './media.store.js';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

function sendNotFound(res: Response): void {
  sendApiError(res, new AppError('not_found', 'No such media.'));
}

/**
 * Serves the media store to widgets on other sites. Names are content hashes, so a response never
 * changes: cache it forever, anywhere.
 */
export function mediaRoutes(store: Pick<MediaStore, 'dir'>): Router {
  const router = Router();

  const serveMedia: RequestHandler<{ name: string }> = (req, res, next) => {
    const { name } = req.params;
    // Only names we generate reach the filesystem; "..", slashes and encoded tricks all fail here.
    if (!MEDIA_NAME_PATTERN.test(name)) return sendNotFound(res);
    const extension = name.slice(name.lastIndexOf('.') + 1);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Helmet's default (same-origin) would stop store pages from loading these images.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    // The name is a content hash: a strong validator that is the same on every server, unlike mtime.
    res.setHeader('ETag', `"${name.slice(0, name.lastIndexOf('.'))}"`);
    res.sendFile(name, { root: store.dir, dotfiles: 'deny', lastModified: false }, (error?: Error) => {
      if (!error) return;
      const code = (error as Error & { code?: string }).code;
      if (code === 'ECONNABORTED' || code === 'ECONNRESET' || res.headersSent) return;
      if (code === 'ENOENT' || (error as Error & { status?: number }).status === 404) {
        // Headers meant for a file must not make a 404 cacheable for a year.
        res.removeHeader('Cache-Control');
        res.removeHeader('ETag');
        return sendNotFound(res);
      }
      next(error);
    });
  };

  router.get('/media/:name', serveMedia);
  // Deeper paths (/media/a/b, /media//etc/passwd) are never media either.
  router.all('/media/*rest', (_req, res) => sendNotFound(res));
  return router;
}
