import {
  formatMoneyTogether,
  latinNumber,
  type TManualProductCreate,
  type TMerchantPost,
  type TMerchantPostsList,
  type TPostUpdate,
  type TProduct,
  type TProductsList,
} from '@app/shared';
import { postsContracts as posts } from '@app/shared/contracts';
import type { TApiResult } from '../../auth/lib/api-request';
import { createApiClient, type TFetch } from '../../../lib/api-client';

/** The Posts tab's calls: posts (hide, pin, link products) and products. `send` is the authorised fetch. */
export function createPostsApi(send: TFetch) {
  const { call } = createApiClient(send);
  return {
    posts: (): Promise<TApiResult<TMerchantPostsList>> => call(posts.list),
    update: (id: string, input: TPostUpdate): Promise<TApiResult<TMerchantPost>> =>
      call(posts.update, { params: { id }, body: input }),
    products: (q: string, page = 1): Promise<TApiResult<TProductsList>> =>
      call(posts.products, { query: { q, page } }),
    createProduct: (input: TManualProductCreate): Promise<TApiResult<TProduct>> =>
      call(posts.createProduct, { body: input }),
    deleteProduct: (id: string): Promise<TApiResult<undefined>> =>
      call(posts.deleteProduct, { params: { id } }),
    /** The picture itself is the body; the server checks its bytes. */
    uploadImage: (id: string, file: Blob): Promise<TApiResult<TProduct>> =>
      call(posts.productImage, { params: { id }, body: file }),
  };
}

export type TPostsApi = ReturnType<typeof createPostsApi>;

/** "149.50", "١٤٩٫٥٠" or "149" (riyals as typed, any digits) in halalas; undefined when it is not a price. */
export function parseRiyals(text: string): number | undefined {
  const v = latinNumber(text);
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return undefined;
  return Math.round(Number(v) * 100);
}

/**
 * A product's prices as the dashboard shows them (Western digits, like the rest of the dashboard's numbers):
 * the sale price (if any) and the price, in one form (both with decimals when either has halalas).
 */
export function riyals(halalas: readonly number[], lang: 'ar' | 'en'): string[] {
  return formatMoneyTogether(halalas).map((value) => (lang === 'ar' ? `${value} ر.س` : `${value} SAR`));
}

/** The next free pin place (1..3), or undefined when 3 posts are pinned. */
export function freePinPosition(posts: readonly TMerchantPost[]): number | undefined {
  const taken = new Set(posts.map((p) => p.pinned_position));
  return [1, 2, 3].find((n) => !taken.has(n));
}

/** A product's name in the dashboard's language, else the other one. */
export const productName = (p: Pick<TProduct, 'name_ar' | 'name_en'>, lang: 'ar' | 'en') =>
  (lang === 'en' ? p.name_en || p.name_ar : p.name_ar || p.name_en) ?? '';
