import {
  MAX_POST_PRODUCTS,
  type TManualProductCreate,
  type TManualProductUpdate,
  type TMerchantPost,
  type TPostUpdate,
  type TProduct,
  type TProductsList,
  type TStoredPost,
} from '@app/shared';
import type { ContentRepository } from '../content/content.repository.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import { AppError } from '../http/errors.js';
import type { Platform } from '../integrations/platform-connections.repository.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import { storedImage } from '../media/media-copier.js';
import { uploadFailureMessage, type UploadGate } from '../media/upload-gate.js';
import { resolvePlan } from '../billing/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { CatalogueProduct } from './catalogue.js';
import type { ProductCopies } from './product-copies.js';
import type { PostsRepository, ProductRow } from './posts.repository.js';

/** Catalogue results one search page shows. */
export const PRODUCTS_PAGE_SIZE = 20;

export interface PostsServiceDeps {
  posts: PostsRepository;
  accounts: Pick<InstagramAccountsRepository, 'findByUserId'>;
  content: Pick<ContentRepository, 'find'>;
  users: Pick<UsersRepository, 'findById'>;
  subscriptions: Pick<SubscriptionsRepository, 'findActive'>;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  /** The platform catalogue and its local copies (product-copies.ts). */
  copies: Pick<ProductCopies, 'catalogueFor' | 'fieldsOf' | 'copyImage'>;
  /** Merchants' uploads: limited per merchant and across the process (media/upload-gate.ts). */
  uploads: Pick<UploadGate, 'storeUpload'>;
  clock: Clock;
  logger: Logger;
}

export function productToApi(row: ProductRow): TProduct {
  return {
    id: row.id,
    source: row.source,
    external_id: row.externalId,
    name_ar: row.nameAr,
    name_en: row.nameEn,
    url: row.url,
    price_halalas: row.priceHalalas,
    sale_price_halalas: row.salePriceHalalas,
    currency: row.currency,
    available: row.available,
    image: row.image,
    removed_at: row.removedAt?.toISOString() ?? null,
  };
}

/** A catalogue result not stored yet: its id names the platform, the picker sends it back as is. */
function catalogueToApi(platform: Platform, p: CatalogueProduct, stored: ProductRow | undefined): TProduct {
  // A stored product shows the platform's latest words and prices (the picture stays our copy).
  if (stored)
    return {
      ...productToApi(stored),
      name_ar: p.nameAr,
      name_en: p.nameEn,
      price_halalas: p.priceHalalas,
      sale_price_halalas: p.salePriceHalalas,
      available: p.available,
    };
  return {
    id: `${platform}:${p.externalId}`,
    source: platform,
    external_id: p.externalId,
    name_ar: p.nameAr,
    name_en: p.nameEn,
    url: p.url,
    price_halalas: p.priceHalalas,
    sale_price_halalas: p.salePriceHalalas,
    currency: p.currency,
    available: p.available,
    image: null,
    removed_at: null,
  };
}

/**
 * The posts studio: hide and pin posts (all plans) and link products to posts (Pro, trial included).
 * Products are local copies of the store's platform catalogue (Salla, Zid), refreshed with the store's
 * content and by product webhooks, or manual products for other stores. Every change rebuilds the
 * widget snapshot at once.
 */
export class PostsService {
  constructor(private readonly deps: PostsServiceDeps) {}

  private async productsAllowed(userId: string): Promise<boolean> {
    const d = this.deps;
    const user = await d.users.findById(userId);
    const plan = resolvePlan(
      { trialEndsAt: user?.trialEndsAt ?? null, subscription: await d.subscriptions.findActive(userId) },
      d.clock.now(),
    );
    return plan.limits.productLinks && plan.status !== 'expired';
  }

  private async requireProducts(userId: string): Promise<Result<void, AppError>> {
    return (await this.productsAllowed(userId)) ? ok(undefined) : err(new AppError('products_plan_required'));
  }

  private async storedPosts(userId: string): Promise<TStoredPost[]> {
    const account = await this.deps.accounts.findByUserId(userId);
    if (!account) return [];
    return (await this.deps.content.find(account.id))?.posts ?? [];
  }

  // ---------- the Posts tab ----------

  async listPosts(userId: string): Promise<TMerchantPost[]> {
    const d = this.deps;
    const [posts, settings, links] = await Promise.all([
      this.storedPosts(userId),
      d.posts.settingsOf(userId),
      d.posts.linksOf(userId),
    ]);
    const byPost = new Map(settings.map((s) => [s.postId, s]));
    return posts.map((p) => ({
      id: p.id,
      media: p.media,
      caption: p.caption,
      timestamp: p.timestamp,
      hidden: byPost.get(p.id)?.hidden ?? false,
      pinned_position: byPost.get(p.id)?.pinnedPosition ?? null,
      products: (links.get(p.id) ?? []).map(productToApi),
    }));
  }

  async updatePost(
    userId: string,
    postId: string,
    input: TPostUpdate,
  ): Promise<Result<TMerchantPost, AppError>> {
    const d = this.deps;
    const posts = await this.storedPosts(userId);
    if (!posts.some((p) => p.id === postId)) return err(new AppError('post_not_found'));
    if (input.product_ids !== undefined) {
      const allowed = await this.requireProducts(userId);
      if (!allowed.ok) return allowed;
      const resolved = await this.resolveProducts(userId, input.product_ids);
      if (!resolved.ok) return resolved;
      await d.posts.setLinks(userId, postId, resolved.value.slice(0, MAX_POST_PRODUCTS));
    }
    if (input.hidden !== undefined || input.pinned_position !== undefined) {
      const outcome = await d.posts.updateSettings(
        userId,
        postId,
        { hidden: input.hidden, pinnedPosition: input.pinned_position },
        d.clock.now(),
      );
      if (outcome === 'taken') return err(new AppError('pin_position_taken'));
    }
    await d.snapshots.rebuild(userId);
    const post = (await this.listPosts(userId)).find((p) => p.id === postId);
    return post ? ok(post) : err(new AppError('post_not_found'));
  }

  /**
   * Our ids for what the picker sent: stored products as they are, catalogue results (`salla:123`) read
   * from the store's platform and copied (their picture into the media store) on first link.
   */
  private async resolveProducts(userId: string, refs: string[]): Promise<Result<string[], AppError>> {
    const d = this.deps;
    const stored = refs.filter((r) => !r.includes(':'));
    const external = refs.filter((r) => r.includes(':'));
    const found = await d.posts.findProducts(userId, stored);
    if (found.length !== stored.length || found.some((p) => p.removedAt !== null))
      return err(new AppError('unknown_products'));
    const imported = new Map<string, string>();
    if (external.length > 0) {
      const catalogue = await this.deps.copies.catalogueFor(userId);
      if (!catalogue) return err(new AppError('unknown_products'));
      for (const ref of external) {
        const [platform, externalId] = ref.split(':') as [string, string];
        if (platform !== catalogue.platform) return err(new AppError('unknown_products'));
        const [known] = await d.posts.findPlatformProducts(userId, catalogue.platform, [externalId]);
        if (known && known.removedAt === null) {
          imported.set(ref, known.id);
          continue;
        }
        const read = await catalogue.product(externalId);
        if (!read.ok) {
          d.logger.warn({ userId, ref, err: read.error }, 'catalogue product read failed');
          return err(new AppError('catalogue_unavailable'));
        }
        if (!read.value) return err(new AppError('unknown_products'));
        const row = await d.posts.upsertPlatformProduct(
          userId,
          catalogue.platform,
          externalId,
          await this.deps.copies.fieldsOf(read.value, undefined),
          d.clock.now(),
        );
        imported.set(ref, row.id);
      }
    }
    return ok(refs.map((r) => imported.get(r) ?? r));
  }

  // ---------- products ----------

  async searchProducts(userId: string, q: string, page: number): Promise<Result<TProductsList, AppError>> {
    const allowed = await this.requireProducts(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const removed = (await d.posts.removedProducts(userId)).map(productToApi);
    const catalogue = await this.deps.copies.catalogueFor(userId);
    if (!catalogue) {
      const rows = await d.posts.searchManual(
        userId,
        q,
        PRODUCTS_PAGE_SIZE + 1,
        (page - 1) * PRODUCTS_PAGE_SIZE,
      );
      return ok({
        catalogue: 'manual',
        products: rows.slice(0, PRODUCTS_PAGE_SIZE).map(productToApi),
        page,
        has_more: rows.length > PRODUCTS_PAGE_SIZE,
        removed,
      });
    }
    const found = await catalogue.search(q, page, PRODUCTS_PAGE_SIZE);
    if (!found.ok) {
      d.logger.warn({ userId, platform: catalogue.platform, err: found.error }, 'catalogue search failed');
      return err(new AppError('catalogue_unavailable'));
    }
    const stored = new Map(
      (
        await d.posts.findPlatformProducts(
          userId,
          catalogue.platform,
          found.value.products.map((p) => p.externalId),
        )
      ).map((r) => [r.externalId, r]),
    );
    // Manual products a platform merchant made are found too, on the first page.
    const manual = page === 1 ? await d.posts.searchManual(userId, q, PRODUCTS_PAGE_SIZE, 0) : [];
    return ok({
      catalogue: catalogue.platform,
      products: [
        ...found.value.products.map((p) => {
          const row = stored.get(p.externalId);
          return catalogueToApi(catalogue.platform, p, row?.removedAt ? undefined : row);
        }),
        ...manual.map(productToApi),
      ],
      page,
      has_more: found.value.hasMore,
      removed,
    });
  }

  async createManual(userId: string, input: TManualProductCreate): Promise<Result<TProduct, AppError>> {
    const allowed = await this.requireProducts(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const image = input.image_url ? await this.deps.copies.copyImage(input.image_url) : null;
    if (input.image_url && !image) return err(new AppError('product_image_failed'));
    const now = d.clock.now();
    const row = await d.posts.createManual({
      userId,
      source: 'manual',
      externalId: null,
      nameAr: input.name_ar ?? null,
      nameEn: input.name_en ?? null,
      url: input.url,
      priceHalalas: input.price_halalas,
      salePriceHalalas: input.sale_price_halalas ?? null,
      currency: input.currency ?? 'SAR',
      available: input.available ?? true,
      image,
      imageSourceUrl: image ? (input.image_url ?? null) : null,
      refreshedAt: now,
      removedAt: null,
    });
    return ok(productToApi(row));
  }

  private async manualProduct(userId: string, id: string): Promise<Result<ProductRow, AppError>> {
    const row = await this.deps.posts.findProduct(userId, id);
    if (!row) return err(new AppError('product_not_found'));
    if (row.source !== 'manual') return err(new AppError('product_not_manual'));
    return ok(row);
  }

  async updateManual(
    userId: string,
    id: string,
    input: TManualProductUpdate,
  ): Promise<Result<TProduct, AppError>> {
    const allowed = await this.requireProducts(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const found = await this.manualProduct(userId, id);
    if (!found.ok) return found;
    const row = found.value;
    const nameAr = input.name_ar === undefined ? row.nameAr : input.name_ar;
    const nameEn = input.name_en === undefined ? row.nameEn : input.name_en;
    if (!nameAr && !nameEn) return err(new AppError('invalid_input', 'name_ar: needs a name'));
    const price = input.price_halalas ?? row.priceHalalas;
    const sale = input.sale_price_halalas === undefined ? row.salePriceHalalas : input.sale_price_halalas;
    if (sale !== null && sale >= price)
      return err(new AppError('invalid_input', 'sale_price_halalas: must be lower than the price'));
    let image = row.image;
    let imageSourceUrl = row.imageSourceUrl;
    if (input.image_url !== undefined && input.image_url !== row.imageSourceUrl) {
      image = await this.deps.copies.copyImage(input.image_url);
      if (!image) return err(new AppError('product_image_failed'));
      imageSourceUrl = input.image_url;
    }
    const updated = await d.posts.updateProduct(
      userId,
      id,
      {
        nameAr,
        nameEn,
        url: input.url ?? row.url,
        priceHalalas: price,
        salePriceHalalas: sale,
        available: input.available ?? row.available,
        image,
        imageSourceUrl,
      },
      d.clock.now(),
    );
    await d.snapshots.rebuild(userId);
    return updated ? ok(productToApi(updated)) : err(new AppError('product_not_found'));
  }

  /** An uploaded picture for a manual product, stored with the same renditions as every other picture. */
  async uploadImage(
    userId: string,
    id: string,
    bytes: Buffer,
    contentType: string,
  ): Promise<Result<TProduct, AppError>> {
    const allowed = await this.requireProducts(userId);
    if (!allowed.ok) return allowed;
    const d = this.deps;
    const found = await this.manualProduct(userId, id);
    if (!found.ok) return found;
    const gated = await d.uploads.storeUpload(userId, bytes, contentType);
    if (!gated.ok) return gated;
    const stored = gated.value;
    if (!stored.ok || stored.value.kind !== 'image')
      return err(new AppError('product_image_failed', uploadFailureMessage(stored)));
    const image = storedImage(stored.value);
    const updated = await d.posts.updateProduct(userId, id, { image, imageSourceUrl: null }, d.clock.now());
    await d.snapshots.rebuild(userId);
    return updated ? ok(productToApi(updated)) : err(new AppError('product_not_found'));
  }

  /** Deletes a product (a manual one, or dismisses a removed platform product's notice); unlinks it everywhere. */
  async deleteProduct(userId: string, id: string): Promise<Result<void, AppError>> {
    const allowed = await this.requireProducts(userId);
    if (!allowed.ok) return allowed;
    if (!(await this.deps.posts.deleteProduct(userId, id))) return err(new AppError('product_not_found'));
    await this.deps.snapshots.rebuild(userId);
    return ok(undefined);
  }
}
