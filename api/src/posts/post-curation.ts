import { productLinkFor, type TStoredPost, type TWidgetProduct } from '@app/shared';
import type { PlatformConnectionsRepository } from '../integrations/platform-connections.repository.js';
import type { PostsRepository, ProductRow } from './posts.repository.js';

/** What the widget snapshot needs of the merchant's choices: hidden, pinned and products by post. */
export interface PostCuration {
  hidden: Set<string>;
  /** Post id → position 1..3. */
  pinned: Map<string, number>;
  /** Post id → its products as the widget shows them (empty when the plan has no product links). */
  products: Map<string, TWidgetProduct[]>;
}

/** The feed the widget shows: hidden posts left out, pinned ones first in their order, products attached. */
export function curatePosts<P extends TStoredPost>(
  posts: P[],
  curation: PostCuration | undefined,
): (P & { products?: TWidgetProduct[] })[] {
  if (!curation) return posts;
  const visible = posts.filter((p) => !curation.hidden.has(p.id));
  const pinned = visible
    .filter((p) => curation.pinned.has(p.id))
    .sort((a, b) => curation.pinned.get(a.id)! - curation.pinned.get(b.id)!);
  const rest = visible.filter((p) => !curation.pinned.has(p.id));
  return [...pinned, ...rest].map((p) => {
    const products = curation.products.get(p.id);
    return products && products.length > 0 ? { ...p, products } : p;
  });
}

/** A product page the widget can link to (a catalogue or a merchant may give anything else). */
export const isWebUrl = (url: string) => /^https?:\/\/[^/\s]+/i.test(url);

/**
 * Reads the posts studio's choices for the widget snapshot. Apart from the studio (posts.service.ts):
 * the snapshot reads the choices and the studio rebuilds the snapshot, and this needs only the tables.
 */
export class PostCurationReader {
  constructor(
    private readonly deps: {
      posts: Pick<PostsRepository, 'settingsOf' | 'linksOf'>;
      connections: Pick<PlatformConnectionsRepository, 'findByUser'>;
    },
  ) {}

  /** The merchant's choices for their snapshot; products only when the plan links them. */
  async curationOf(userId: string, productLinks: boolean): Promise<PostCuration> {
    const d = this.deps;
    const [settings, links, connection] = await Promise.all([
      d.posts.settingsOf(userId),
      productLinks ? d.posts.linksOf(userId) : Promise.resolve(new Map<string, ProductRow[]>()),
      productLinks ? d.connections.findByUser(userId) : Promise.resolve(undefined),
    ]);
    // Products of the connected Salla store can go into that store's cart from its own pages.
    const sallaStore = connection?.platform === 'salla' ? connection.row.storeId : undefined;
    const products = new Map<string, TWidgetProduct[]>();
    for (const [postId, rows] of links) {
      products.set(
        postId,
        rows
          .filter((r) => r.removedAt === null && isWebUrl(r.url))
          .map((r) => ({
            id: r.id,
            name_ar: r.nameAr,
            name_en: r.nameEn,
            url: productLinkFor(r.url, postId),
            price_halalas: r.priceHalalas,
            sale_price_halalas: r.salePriceHalalas,
            currency: r.currency,
            available: r.available,
            image: r.image,
            ...(sallaStore !== undefined && r.source === 'salla' && r.externalId
              ? {
                  salla: {
                    store_id: sallaStore,
                    product_id: r.externalId,
                    ...(r.needsOptions ? { needs_options: true } : {}),
                  },
                }
              : {}),
          })),
      );
    }
    return {
      hidden: new Set(settings.filter((s) => s.hidden).map((s) => s.postId)),
      pinned: new Map(
        settings.flatMap((s) => (s.pinnedPosition === null ? [] : [[s.postId, s.pinnedPosition] as const])),
      ),
      products,
    };
  }
}
