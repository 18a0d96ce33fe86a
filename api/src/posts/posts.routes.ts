import express, { Router } from 'express';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  ZManualProductCreate,
  ZManualProductUpdate,
  ZPostIdPath,
  ZPostUpdate,
  ZProductIdPath,
  ZProductsQuery,
  type TMerchantPostsList,
} from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import type { Result } from '../lib/result.js';
import type { PostsService } from './posts.service.js';

const unwrap = <T>(result: Result<T, AppError>): T => {
  if (!result.ok) throw result.error;
  return result.value;
};

/** The posts studio: /api/merchant/posts (hide, pin, link products) and /api/merchant/products. */
export function postsRoutes(deps: { auth: AuthService; posts: PostsService }): Router {
  const router = Router();
  const signedIn = requireAuth(deps.auth);
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get('/api/merchant/posts', signedIn, noStore, async (req, res) => {
    const body: TMerchantPostsList = await deps.posts.listPosts(caller(req).user.id);
    res.json(body);
  });

  router.patch('/api/merchant/posts/:id', signedIn, async (req, res) => {
    const id = parseInput(ZPostIdPath, req.params.id);
    const input = parseInput(ZPostUpdate, req.body);
    res.json(unwrap(await deps.posts.updatePost(caller(req).user.id, id, input)));
  });

  router.get('/api/merchant/products', signedIn, noStore, async (req, res) => {
    const { q, page } = parseInput(ZProductsQuery, req.query);
    res.json(unwrap(await deps.posts.searchProducts(caller(req).user.id, q, page)));
  });

  router.post('/api/merchant/products', signedIn, async (req, res) => {
    const input = parseInput(ZManualProductCreate, req.body);
    res.status(201).json(unwrap(await deps.posts.createManual(caller(req).user.id, input)));
  });

  router.patch('/api/merchant/products/:id', signedIn, async (req, res) => {
    const id = parseInput(ZProductIdPath, req.params.id);
    const input = parseInput(ZManualProductUpdate, req.body);
    res.json(unwrap(await deps.posts.updateManual(caller(req).user.id, id, input)));
  });

  router.delete('/api/merchant/products/:id', signedIn, async (req, res) => {
    const id = parseInput(ZProductIdPath, req.params.id);
    unwrap(await deps.posts.deleteProduct(caller(req).user.id, id));
    res.status(204).end();
  });

  // An uploaded picture: the image bytes as the body (JPEG, PNG or WebP; the store checks the bytes too).
  const imageBody = express.raw({ type: [...PRODUCT_IMAGE_TYPES], limit: PRODUCT_IMAGE_MAX_BYTES });
  router.put('/api/merchant/products/:id/image', signedIn, imageBody, async (req, res) => {
    const id = parseInput(ZProductIdPath, req.params.id);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!Buffer.isBuffer(req.body) || req.body.length === 0 || !PRODUCT_IMAGE_TYPES.some((t) => t === type))
      throw new AppError('product_image_failed');
    res.json(unwrap(await deps.posts.uploadImage(caller(req).user.id, id, req.body, type)));
  });

  return router;
}
