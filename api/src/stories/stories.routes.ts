import express, { Router } from 'express';
import { HIGHLIGHT_COVER_MAX_BYTES, HIGHLIGHT_COVER_TYPES } from '@app/shared';
import { storiesContracts as c } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { contractRoutes } from '../http/route.js';
import type { Result } from '../lib/result.js';
import type { StoriesService } from './stories.service.js';

const unwrap = <T>(result: Result<T, AppError>): T => {
  if (!result.ok) throw result.error;
  return result.value;
};

/** The merchant's story archive and highlights: /api/merchant/stories, /api/merchant/highlights. */
export function storiesRoutes(deps: { auth: AuthService; stories: StoriesService }): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth) });
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  route(c.list, async ({ req }) => unwrap(await deps.stories.listStories(caller(req).user.id)), {
    before: [noStore],
  });

  route(c.remove, async ({ req, params }) => {
    unwrap(await deps.stories.deleteStory(caller(req).user.id, params.id));
  });

  route(
    c.highlights,
    async ({ req }) => ({ highlights: unwrap(await deps.stories.listHighlights(caller(req).user.id)) }),
    { before: [noStore] },
  );

  route(c.createHighlight, async ({ req, body }) =>
    unwrap(await deps.stories.createHighlight(caller(req).user.id, body)),
  );

  route(c.updateHighlight, async ({ req, params, body }) =>
    unwrap(await deps.stories.updateHighlight(caller(req).user.id, params.id, body)),
  );

  route(c.deleteHighlight, async ({ req, params }) => {
    unwrap(await deps.stories.deleteHighlight(caller(req).user.id, params.id));
  });

  // An uploaded cover: the image bytes as the body (JPEG, PNG or WebP; the store checks the bytes too).
  const coverBody = express.raw({ type: [...HIGHLIGHT_COVER_TYPES], limit: HIGHLIGHT_COVER_MAX_BYTES });
  route(
    c.highlightCover,
    async ({ req, params, body }) => {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Buffer.isBuffer(body) || body.length === 0 || !HIGHLIGHT_COVER_TYPES.some((t) => t === type))
        throw new AppError('invalid_image');
      return unwrap(await deps.stories.uploadCover(caller(req).user.id, params.id, body, type));
    },
    { before: [coverBody] },
  );

  return router;
}
