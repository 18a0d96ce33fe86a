import express, { Router } from 'express';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@app/shared';
import { postsContracts as c } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { contractRoutes } from '../http/route.js';
import type { Result } from '../lib/result.js';
import type { PostsService } from './posts.service.js';

const unwrap = <T>(result: Result<T, AppError>): T => {
  if (!result.ok) throw result.error;
  return result.value;
};

/** The posts studio: /api/merchant/posts (hide, pin, link products) and /api/merchant/products. */
export function postsRoutes(deps: { auth: AuthService; posts: PostsService }): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth) });
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  route(c.list, ({ req }) => deps.posts.listPosts(caller(req).user.id), { before: [noStore] });

  route(c.update, async ({ req, params, body }) =>
    unwrap(await deps.posts.updatePost(caller(req).user.id, params.id, body)),
  );

  route(
    c.products,
    async ({ req, query }) =>
      unwrap(await deps.posts.searchProducts(caller(req).user.id, query.q, query.page)),
    { before: [noStore] },
  );

  route(c.createProduct, async ({ req, body }) =>
    unwrap(await deps.posts.createManual(caller(req).user.id, body)),
  );

  route(c.updateProduct, async ({ req, params, body }) =>
    unwrap(await deps.posts.updateManual(caller(req).user.id, params.id, body)),
  );

  route(c.deleteProduct, async ({ req, params }) => {
    unwrap(await deps.posts.deleteProduct(caller(req).user.id, params.id));
  });

  // An uploaded picture: the image bytes as the body (JPEG, PNG or WebP; the store checks the bytes too).
  const imageBody = express.raw({ type: [...PRODUCT_IMAGE_TYPES], limit: PRODUCT_IMAGE_MAX_BYTES });
  route(
    c.productImage,
    async ({ req, params, body }) => {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Buffer.isBuffer(body) || body.length === 0 || !PRODUCT_IMAGE_TYPES.some((t) => t === type))
        throw new AppError('product_image_failed');
      return unwrap(await deps.posts.uploadImage(caller(req).user.id, params.id, body, type));
    },
    { before: [imageBody] },
  );

  return router;
}
