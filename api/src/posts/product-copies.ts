import type { TStoredImage } from '@app/shared';
import type { SnapshotService } from '../content/snapshot.service.js';
import type {
  Platform,
  PlatformConnectionsRepository,
} from '../integrations/platform-connections.repository.js';
import type { MediaFetcher } from '../instagram/instagram.source.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { mapLimit } from '../lib/map-limit.js';
import { MediaCopier, type MediaStorePort } from '../media/media-copier.js';
import { catalogueOf, type Catalogue, type CatalogueConfig, type CatalogueProduct } from './catalogue.js';
import { isWebUrl } from './post-curation.js';
import type { PostsRepository, ProductFields, ProductRow } from './posts.repository.js';

export interface ProductCopiesDeps {
  posts: PostsRepository;
  connections: Pick<PlatformConnectionsRepository, 'findByUser' | 'find'>;
  catalogue: CatalogueConfig;
  /** The guarded fetcher for product pictures: https, public addresses, bounded, bytes checked. */
  mediaFetcher: MediaFetcher;
  mediaStore: MediaStorePort;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  clock: Clock;
  logger: Logger;
}

/**
 * The local copies of the store's platform products (Salla, Zid): read from the catalogue with their
 * picture copied, read again with each content refresh of the store and on the platform's product
 * events. The posts studio (posts.service.ts) links them to posts.
 */
export class ProductCopies {
  constructor(private readonly deps: ProductCopiesDeps) {}

  async catalogueFor(userId: string): Promise<Catalogue | undefined> {
    return catalogueOf(this.deps.catalogue, await this.deps.connections.findByUser(userId));
  }

  /** The platform's product as stored fields; the picture is copied only when its URL changed. */
  async fieldsOf(p: CatalogueProduct, previous: ProductRow | undefined): Promise<ProductFields> {
    let image: TStoredImage | null = previous?.image ?? null;
    let imageSourceUrl = previous?.imageSourceUrl ?? null;
    if (p.imageUrl !== imageSourceUrl) {
      image = p.imageUrl ? await this.copyImage(p.imageUrl) : null;
      imageSourceUrl = image ? p.imageUrl : null;
    }
    return {
      nameAr: p.nameAr,
      nameEn: p.nameEn,
      url: isWebUrl(p.url) ? p.url : '',
      priceHalalas: p.priceHalalas,
      salePriceHalalas: p.salePriceHalalas,
      currency: p.currency,
      available: p.available,
      needsOptions: p.needsOptions,
      image,
      imageSourceUrl,
      refreshedAt: this.deps.clock.now(),
    };
  }

  async copyImage(url: string): Promise<TStoredImage | null> {
    const copied = await new MediaCopier(this.deps.mediaFetcher, this.deps.mediaStore).image(url);
    if (copied.ok) return copied.value;
    this.deps.logger.warn({ url, err: copied.error.message }, 'product picture not copied');
    return null;
  }

  /**
   * Reads every live platform product of the merchant again (with each content refresh of the store):
   * new names, prices, availability and pictures; a product the platform deleted is unlinked and kept as
   * a notice. A platform that does not answer leaves the copies as they were. Answers whether anything
   * the widget shows changed.
   */
  async refreshProducts(userId: string): Promise<boolean> {
    const d = this.deps;
    const rows = await d.posts.livePlatformProducts(userId);
    if (rows.length === 0) return false;
    const catalogue = await this.catalogueFor(userId);
    if (!catalogue) return false;
    const changed = await mapLimit(
      rows.filter((r) => r.source === catalogue.platform && r.externalId),
      2,
      (row) => this.refreshOne(catalogue, row),
    );
    return changed.includes('changed');
  }

  private async refreshOne(catalogue: Catalogue, row: ProductRow): Promise<'changed' | 'failed'> {
    const d = this.deps;
    const read = await catalogue.product(row.externalId!);
    if (!read.ok) {
      d.logger.warn({ productId: row.id, err: read.error }, 'product refresh failed');
      return 'failed';
    }
    if (!read.value) {
      await d.posts.markRemoved(row.userId, row.id, d.clock.now());
      return 'changed';
    }
    await d.posts.upsertPlatformProduct(
      row.userId,
      catalogue.platform,
      row.externalId!,
      await this.fieldsOf(read.value, row),
      d.clock.now(),
    );
    return 'changed';
  }

  /**
   * A platform's product event (Salla `product.updated` / `product.deleted`, Zid `product.update` /
   * `product.delete`): applied to the store's local copy, if the merchant linked that product.
   */
  async applyPlatformEvent(
    platform: Platform,
    storeId: string,
    externalId: string,
    kind: 'updated' | 'deleted',
  ): Promise<void> {
    const d = this.deps;
    const connection = await d.connections.find(platform, storeId);
    if (!connection) return;
    const userId = connection.userId;
    const [row] = await d.posts.findPlatformProducts(userId, platform, [externalId]);
    if (!row || row.removedAt) return;
    if (kind === 'deleted') {
      await d.posts.markRemoved(userId, row.id, d.clock.now());
    } else {
      const catalogue = await this.catalogueFor(userId);
      if (!catalogue || catalogue.platform !== platform) return;
      // Thrown: the inbox keeps the delivery and cron retries it.
      if ((await this.refreshOne(catalogue, row)) === 'failed')
        throw new Error(`${platform} did not answer for product ${externalId}`);
    }
    await d.snapshots.rebuild(userId);
  }
}
