import express, { Router } from 'express';
import {
  HIGHLIGHT_COVER_MAX_BYTES,
  HIGHLIGHT_COVER_TYPES,
  ZHighlightCreate,
  ZHighlightIdPath,
  ZHighlightUpdate,
  ZStoryIdPath,
  type THighlightsList,
  type TMerchantHighlight,
} from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import type { Result } from '../lib/result.js';
import type { StoriesService } from './stories.service.js';

const unwrap = <T>(result: Result<T, AppError>): T => {
  if (!result.ok) throw result.error;
  return result.value;
};

/** The merchant's story archive and highlights: /api/merchant/stories, /api/merchant/highlights. */
export function storiesRoutes(deps: { auth: AuthService; stories: StoriesService }): Router {
  const router = Router();
  const signedIn = requireAuth(deps.auth);
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get('/api/merchant/stories', signedIn, noStore, async (req, res) => {
    res.json(unwrap(await deps.stories.listStories(caller(req).user.id)));
  });

  router.delete('/api/merchant/stories/:id', signedIn, async (req, res) => {
    const id = parseInput(ZStoryIdPath, req.params.id);
    unwrap(await deps.stories.deleteStory(caller(req).user.id, id));
    res.status(204).end();
  });

  router.get('/api/merchant/highlights', signedIn, noStore, async (req, res) => {
    const body: THighlightsList = {
      highlights: unwrap(await deps.stories.listHighlights(caller(req).user.id)),
    };
    res.json(body);
  });

  router.post('/api/merchant/highlights', signedIn, async (req, res) => {
    const input = parseInput(ZHighlightCreate, req.body);
    const created: TMerchantHighlight = unwrap(
      await deps.stories.createHighlight(caller(req).user.id, input),
    );
    res.status(201).json(created);
  });

  router.patch('/api/merchant/highlights/:id', signedIn, async (req, res) => {
    const id = parseInput(ZHighlightIdPath, req.params.id);
    const input = parseInput(ZHighlightUpdate, req.body);
    res.json(unwrap(await deps.stories.updateHighlight(caller(req).user.id, id, input)));
  });

  router.delete('/api/merchant/highlights/:id', signedIn, async (req, res) => {
    const id = parseInput(ZHighlightIdPath, req.params.id);
    unwrap(await deps.stories.deleteHighlight(caller(req).user.id, id));
    res.status(204).end();
  });

  // An uploaded cover: the image bytes as the body (JPEG, PNG or WebP; the store checks the bytes too).
  const coverBody = express.raw({ type: [...HIGHLIGHT_COVER_TYPES], limit: HIGHLIGHT_COVER_MAX_BYTES });
  router.put('/api/merchant/highlights/:id/cover', signedIn, coverBody, async (req, res) => {
    const id = parseInput(ZHighlightIdPath, req.params.id);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!Buffer.isBuffer(req.body) || req.body.length === 0 || !HIGHLIGHT_COVER_TYPES.some((t) => t === type))
      throw new AppError('invalid_image');
    res.json(unwrap(await deps.stories.uploadCover(caller(req).user.id, id, req.body, type)));
  });

  return router;
}
