import { z } from 'zod';
import { ZStoredImage, ZStoredMediaItem, ZStoredPost } from './content.js';
import { ZText } from './text.js';

/**
 * The posts studio (issue 17): hide and pin posts, link store products to posts. What the dashboard and
 * /api/merchant/posts, /api/merchant/products exchange, and the products the widget receives in its
 * snapshot's post objects.
 */

/** Posts that may be pinned at once (positions 1..3). */
export const MAX_PINNED_POSTS = 3;
/** Products one post may carry. */
export const MAX_POST_PRODUCTS = 5;
export const PRODUCT_NAME_MAX = 200;
/** Largest uploaded product image, in bytes. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest price a product may have: 10 million riyals, in halalas (fits an integer column). */
export const PRODUCT_PRICE_MAX_HALALAS = 1_000_000_000;

export const ZProductSource = z.enum(['salla', 'zid', 'manual']);
export type TProductSource = z.infer<typeof ZProductSource>;

/**
 * A https link a store page may open: `javascript:`, `data:` and plain http are refused (a visitor's
 * click would run or leak them).
 */
export const ZHttpsUrl = ZText.trim()
  .max(2048)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'must be an https link' },
  );

/**
 * A product as the dashboard shows it. `id` is ours (a uuid) once the product is stored; a catalogue
 * search result not linked yet has `"<platform>:<its id there>"` instead, which PATCH /api/merchant/posts/:id
 * accepts in `product_ids` (the product is then copied from the platform).
 */
export const ZProduct = z.object({
  id: z.string(),
  source: ZProductSource,
  /** The product's id on the platform; null for manual products. */
  external_id: z.string().nullable(),
  name_ar: z.string().nullable(),
  name_en: z.string().nullable(),
  url: z.string(),
  price_halalas: z.number().int().nonnegative(),
  sale_price_halalas: z.number().int().nonnegative().nullable(),
  currency: z.string(),
  available: z.boolean(),
  /** Our copy of the picture (stored products). */
  image: ZStoredImage.nullable(),
  /** Deleted on the platform: unlinked from every post; shown as a notice until dismissed. */
  removed_at: z.iso.datetime().nullable(),
});
export type TProduct = z.infer<typeof ZProduct>;

/** GET /api/merchant/products?q=&page= */
export const ZProductsQuery = z.object({
  q: ZText.trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
});
export type TProductsQuery = z.infer<typeof ZProductsQuery>;

export const ZProductsList = z.object({
  /** Where the search ran: the store's platform catalogue, or the merchant's manual products. */
  catalogue: ZProductSource,
  products: z.array(ZProduct),
  page: z.number().int().positive(),
  has_more: z.boolean(),
  /** Products the platform deleted (unlinked from their posts), until the merchant dismisses them. */
  removed: z.array(ZProduct),
});
export type TProductsList = z.infer<typeof ZProductsList>;

const ZHalalas = z.number().int().min(0).max(PRODUCT_PRICE_MAX_HALALAS);
const ZProductName = ZText.trim().min(1).max(PRODUCT_NAME_MAX);

/**
 * POST /api/merchant/products: a manual product. A name in at least one language; the image is either
 * uploaded afterwards (PUT …/image) or an https URL fetched once into the media store.
 */
export const ZManualProductCreate = z
  .strictObject({
    name_ar: ZProductName.nullable().optional(),
    name_en: ZProductName.nullable().optional(),
    url: ZHttpsUrl,
    price_halalas: ZHalalas,
    sale_price_halalas: ZHalalas.nullable().optional(),
    currency: z.enum(['SAR']).optional(),
    available: z.boolean().optional(),
    image_url: ZHttpsUrl.optional(),
  })
  .refine((p) => Boolean(p.name_ar || p.name_en), { message: 'needs a name', path: ['name_ar'] })
  .refine((p) => p.sale_price_halalas == null || p.sale_price_halalas < p.price_halalas, {
    message: 'must be lower than the price',
    path: ['sale_price_halalas'],
  });
export type TManualProductCreate = z.infer<typeof ZManualProductCreate>;

/** PATCH /api/merchant/products/:id (manual products only). */
export const ZManualProductUpdate = z.strictObject({
  name_ar: ZProductName.nullable().optional(),
  name_en: ZProductName.nullable().optional(),
  url: ZHttpsUrl.optional(),
  price_halalas: ZHalalas.optional(),
  sale_price_halalas: ZHalalas.nullable().optional(),
  available: z.boolean().optional(),
  image_url: ZHttpsUrl.optional(),
});
export type TManualProductUpdate = z.infer<typeof ZManualProductUpdate>;

/** A stored product's id, or a catalogue search result's `"salla:<id>"` / `"zid:<id>"`. */
export const ZProductRef = z.union([
  z.uuid(),
  z.string().regex(/^(salla|zid):[A-Za-z0-9_-]{1,64}$/, 'is not a product id'),
]);

export const ZProductIdPath = z.uuid({ message: 'is not a product id' });
/** A post's id in the stored content (Instagram's ids, or the demo source's). */
export const ZPostIdPath = ZText.max(100).regex(/^[A-Za-z0-9_.:-]+$/, 'is not a post id');

/** One post as the Posts tab lists it (newest first). */
export const ZMerchantPost = z.object({
  id: z.string(),
  media: ZStoredMediaItem,
  caption: z.string(),
  timestamp: z.string(),
  hidden: z.boolean(),
  pinned_position: z.number().int().min(1).max(MAX_PINNED_POSTS).nullable(),
  products: z.array(ZProduct),
});
export type TMerchantPost = z.infer<typeof ZMerchantPost>;

/** GET /api/merchant/posts */
export const ZMerchantPostsList = z.array(ZMerchantPost);
export type TMerchantPostsList = z.infer<typeof ZMerchantPostsList>;

/** PATCH /api/merchant/posts/:id */
export const ZPostUpdate = z.strictObject({
  hidden: z.boolean().optional(),
  pinned_position: z.number().int().min(1).max(MAX_PINNED_POSTS).nullable().optional(),
  product_ids: z
    .array(ZProductRef)
    .max(MAX_POST_PRODUCTS)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a product')
    .optional(),
});
export type TPostUpdate = z.infer<typeof ZPostUpdate>;

/**
 * A product in the widget snapshot's post objects. `url` already carries the post's utm parameters;
 * the widget shows `name_<its language>` and falls back to the other one.
 */
export const ZWidgetProduct = z.object({
  id: z.string(),
  name_ar: z.string().nullable(),
  name_en: z.string().nullable(),
  url: z.string(),
  price_halalas: z.number().int().nonnegative(),
  sale_price_halalas: z.number().int().nonnegative().nullable(),
  currency: z.string(),
  available: z.boolean(),
  image: ZStoredImage.nullable(),
  /**
   * A Salla product of the merchant's connected Salla store: that store's id and the product's id there.
   * On that store's own pages the widget can put it in the shopper's cart through Salla's storefront SDK.
   */
  salla: z
    .object({
      store_id: z.string(),
      product_id: z.string(),
      /** Required options are chosen on the product page: the card offers only the link there. */
      needs_options: z.boolean().optional(),
    })
    .optional(),
});
export type TWidgetProduct = z.infer<typeof ZWidgetProduct>;

/** A post in the widget snapshot: the stored post and, when linked, its products (Pro). */
export const ZWidgetPost = ZStoredPost.extend({ products: z.array(ZWidgetProduct).optional() });
export type TWidgetPost = z.infer<typeof ZWidgetPost>;

/** The link a product card opens: the product page with Lamha's utm parameters for the post. */
export function productLinkFor(url: string, postId: string): string {
  try {
    const link = new URL(url);
    link.searchParams.set('utm_source', 'lamha');
    link.searchParams.set('utm_medium', 'instagram');
    link.searchParams.set('utm_content', postId);
    return link.toString();
  } catch {
    return url;
  }
}
