import { z } from 'zod';
import {
  ZHighlightCreate,
  ZHighlightIdPath,
  ZHighlightsList,
  ZHighlightUpdate,
  ZMerchantHighlight,
  ZStoriesList,
  ZStoryIdPath,
} from '../schemas/stories.js';
import {
  ZManualProductCreate,
  ZManualProductUpdate,
  ZMerchantPost,
  ZMerchantPostsList,
  ZPostIdPath,
  ZPostUpdate,
  ZProduct,
  ZProductIdPath,
  ZProductsList,
  ZProductsQuery,
} from '../schemas/posts.js';
import { contract } from './contract.js';

const ZStoryParams = z.object({ id: ZStoryIdPath });
const ZHighlightParams = z.object({ id: ZHighlightIdPath });
const ZPostParams = z.object({ id: ZPostIdPath });
const ZProductParams = z.object({ id: ZProductIdPath });
/** An uploaded picture: its JPEG, PNG or WebP bytes as the body (at most 5 MB). */
const ZImageBytes = z
  .string()
  .meta({ format: 'binary', description: 'JPEG, PNG or WebP bytes, at most 5 MB' });
const UPLOAD_ERRORS = ['invalid_image', 'payload_too_large', 'uploads_limited', 'uploads_busy'] as const;

/** The stories archive and the merchant's highlights (Pro). */
export const storiesContracts = {
  list: contract({
    method: 'get',
    path: '/api/merchant/stories',
    summary: 'The archived stories, newest first',
    auth: 'merchant',
    answerKind: 'json',
    answer: ZStoriesList,
    errors: ['plan_required'],
  }),
  remove: contract({
    method: 'delete',
    path: '/api/merchant/stories/:id',
    summary: 'Delete an archived story (it leaves every highlight)',
    auth: 'merchant',
    params: ZStoryParams,
    status: 204,
    answerKind: 'empty',
    errors: ['plan_required', 'story_not_found'],
  }),
  highlights: contract({
    method: 'get',
    path: '/api/merchant/highlights',
    summary: 'The highlights in store order (Latest included)',
    auth: 'merchant',
    answerKind: 'json',
    answer: ZHighlightsList,
    errors: ['plan_required'],
  }),
  createHighlight: contract({
    method: 'post',
    path: '/api/merchant/highlights',
    summary: 'Create a highlight',
    auth: 'merchant',
    body: ZHighlightCreate,
    status: 201,
    answerKind: 'json',
    answer: ZMerchantHighlight,
    errors: ['plan_required', 'unknown_stories', 'highlights_limit'],
  }),
  updateHighlight: contract({
    method: 'patch',
    path: '/api/merchant/highlights/:id',
    summary: 'Change a highlight',
    auth: 'merchant',
    params: ZHighlightParams,
    body: ZHighlightUpdate,
    answerKind: 'json',
    answer: ZMerchantHighlight,
    errors: ['plan_required', 'merchant_highlight_not_found', 'unknown_stories', 'highlight_automatic'],
  }),
  deleteHighlight: contract({
    method: 'delete',
    path: '/api/merchant/highlights/:id',
    summary: 'Delete a custom highlight',
    auth: 'merchant',
    params: ZHighlightParams,
    status: 204,
    answerKind: 'empty',
    errors: ['plan_required', 'merchant_highlight_not_found', 'highlight_automatic'],
  }),
  highlightCover: contract({
    method: 'put',
    path: '/api/merchant/highlights/:id/cover',
    summary: "Upload a highlight's cover",
    auth: 'merchant',
    params: ZHighlightParams,
    body: ZImageBytes,
    bodyKind: 'bytes',
    answerKind: 'json',
    answer: ZMerchantHighlight,
    errors: ['plan_required', 'merchant_highlight_not_found', ...UPLOAD_ERRORS],
  }),
} as const;

/** The Posts studio: hide, pin, and products linked to posts. */
export const postsContracts = {
  list: contract({
    method: 'get',
    path: '/api/merchant/posts',
    summary: "The account's posts, newest first",
    auth: 'merchant',
    answerKind: 'json',
    answer: ZMerchantPostsList,
    errors: [],
  }),
  update: contract({
    method: 'patch',
    path: '/api/merchant/posts/:id',
    summary: 'Hide, pin, or link products to a post',
    auth: 'merchant',
    params: ZPostParams,
    body: ZPostUpdate,
    answerKind: 'json',
    answer: ZMerchantPost,
    errors: [
      'post_not_found',
      'pin_position_taken',
      'products_plan_required',
      'unknown_products',
      'catalogue_unavailable',
    ],
  }),
  products: contract({
    method: 'get',
    path: '/api/merchant/products',
    summary: "Search the store's catalogue and the manual products (Pro)",
    auth: 'merchant',
    query: ZProductsQuery,
    answerKind: 'json',
    answer: ZProductsList,
    errors: ['products_plan_required', 'catalogue_unavailable'],
  }),
  createProduct: contract({
    method: 'post',
    path: '/api/merchant/products',
    summary: 'Add a manual product (Pro)',
    auth: 'merchant',
    body: ZManualProductCreate,
    status: 201,
    answerKind: 'json',
    answer: ZProduct,
    errors: ['products_plan_required', 'product_image_failed'],
  }),
  updateProduct: contract({
    method: 'patch',
    path: '/api/merchant/products/:id',
    summary: 'Edit a manual product (Pro)',
    auth: 'merchant',
    params: ZProductParams,
    body: ZManualProductUpdate,
    answerKind: 'json',
    answer: ZProduct,
    errors: ['products_plan_required', 'product_not_found', 'product_not_manual', 'product_image_failed'],
  }),
  deleteProduct: contract({
    method: 'delete',
    path: '/api/merchant/products/:id',
    summary: "Delete a product, or dismiss a removed product's notice (Pro)",
    auth: 'merchant',
    params: ZProductParams,
    status: 204,
    answerKind: 'empty',
    errors: ['products_plan_required', 'product_not_found'],
  }),
  productImage: contract({
    method: 'put',
    path: '/api/merchant/products/:id/image',
    summary: "Upload a manual product's picture (Pro)",
    auth: 'merchant',
    params: ZProductParams,
    body: ZImageBytes,
    bodyKind: 'bytes',
    answerKind: 'json',
    answer: ZProduct,
    errors: [
      'products_plan_required',
      'product_not_found',
      'product_not_manual',
      'product_image_failed',
      ...UPLOAD_ERRORS,
    ],
  }),
} as const;
