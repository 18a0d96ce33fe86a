import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { postProducts, postSettings, products } from '../db/schema.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PostSettingRow = typeof postSettings.$inferSelect;

/** The platform's fields of a product, as a refresh or webhook rewrites them. */
export type ProductFields = Pick<
  NewProduct,
  | 'nameAr'
  | 'nameEn'
  | 'url'
  | 'priceHalalas'
  | 'salePriceHalalas'
  | 'currency'
  | 'available'
  | 'needsOptions'
  | 'image'
  | 'imageSourceUrl'
  | 'refreshedAt'
>;

/** LIKE wildcards in a merchant's search are matched literally. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Hidden and pinned posts, and the products linked to posts (issue 17). */
export class PostsRepository {
  constructor(private readonly db: Database) {}

  // ---------- hide and pin ----------

  async settingsOf(userId: string): Promise<PostSettingRow[]> {
    return this.db.select().from(postSettings).where(eq(postSettings.userId, userId));
  }

  /**
   * Hides/shows and pins/unpins one post. A position another post holds is swapped with this post's own
   * when it has one; otherwise it answers 'taken' and changes nothing.
   */
  async updateSettings(
    userId: string,
    postId: string,
    patch: { hidden?: boolean | undefined; pinnedPosition?: number | null | undefined },
    now: Date,
  ): Promise<'ok' | 'taken'> {
    return this.db.transaction(async (tx) => {
      // One merchant's pins change one at a time: their rows are locked in a fixed order first.
      await tx.execute(
        sql`select 1 from ${postSettings} where ${postSettings.userId} = ${userId} order by ${postSettings.postId} for update`,
      );
      const [current] = await tx
        .select()
        .from(postSettings)
        .where(and(eq(postSettings.userId, userId), eq(postSettings.postId, postId)));
      const wanted = patch.pinnedPosition;
      if (wanted !== undefined && wanted !== null && wanted !== current?.pinnedPosition) {
        const [holder] = await tx
          .select()
          .from(postSettings)
          .where(
            and(
              eq(postSettings.userId, userId),
              eq(postSettings.pinnedPosition, wanted),
              ne(postSettings.postId, postId),
            ),
          );
        if (holder) {
          const mine = current?.pinnedPosition ?? null;
          if (mine === null) return 'taken';
          // Swap: free this post's place, then move the holder into it.
          await tx
            .update(postSettings)
            .set({ pinnedPosition: null })
            .where(and(eq(postSettings.userId, userId), eq(postSettings.postId, postId)));
          await tx
            .update(postSettings)
            .set({ pinnedPosition: mine, updatedAt: now })
            .where(and(eq(postSettings.userId, userId), eq(postSettings.postId, holder.postId)));
        }
      }
      const values = {
        hidden: patch.hidden ?? current?.hidden ?? false,
        pinnedPosition: wanted === undefined ? (current?.pinnedPosition ?? null) : wanted,
      };
      await tx
        .insert(postSettings)
        .values({ userId, postId, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: [postSettings.userId, postSettings.postId],
          set: { ...values, updatedAt: now },
        });
      return 'ok';
    });
  }

  // ---------- products linked to posts ----------

  /** Every linked product of the merchant, by post, in each post's order. */
  async linksOf(userId: string): Promise<Map<string, ProductRow[]>> {
    const rows = await this.db
      .select({ postId: postProducts.postId, product: products })
      .from(postProducts)
      .innerJoin(products, eq(products.id, postProducts.productId))
      .where(eq(postProducts.userId, userId))
      .orderBy(asc(postProducts.postId), asc(postProducts.position));
    const byPost = new Map<string, ProductRow[]>();
    for (const { postId, product } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), product]);
    return byPost;
  }

  /** Replaces a post's products with these, in this order. */
  async setLinks(userId: string, postId: string, productIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(postProducts)
        .where(and(eq(postProducts.userId, userId), eq(postProducts.postId, postId)));
      if (productIds.length > 0)
        await tx
          .insert(postProducts)
          .values(productIds.map((productId, position) => ({ userId, postId, productId, position })));
    });
  }

  // ---------- products ----------

  async findProducts(userId: string, ids: string[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(products)
      .where(and(eq(products.userId, userId), inArray(products.id, ids)));
  }

  async findProduct(userId: string, id: string): Promise<ProductRow | undefined> {
    const [row] = await this.findProducts(userId, [id]);
    return row;
  }

  async findPlatformProducts(
    userId: string,
    source: 'salla' | 'zid',
    externalIds: string[],
  ): Promise<ProductRow[]> {
    if (externalIds.length === 0) return [];
    return this.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.userId, userId),
          eq(products.source, source),
          inArray(products.externalId, externalIds),
        ),
      );
  }

  /** Stores (or rewrites) the local copy of a platform product; a product back on the platform is live again. */
  async upsertPlatformProduct(
    userId: string,
    source: 'salla' | 'zid',
    externalId: string,
    fields: ProductFields,
    now: Date,
  ): Promise<ProductRow> {
    const [row] = await this.db
      .insert(products)
      .values({ userId, source, externalId, ...fields, removedAt: null, updatedAt: now })
      .onConflictDoUpdate({
        target: [products.userId, products.source, products.externalId],
        targetWhere: isNotNull(products.externalId),
        set: { ...fields, removedAt: null, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('product upsert returned nothing');
    return row;
  }

  async updateProduct(userId: string, id: string, patch: Partial<NewProduct>, now: Date) {
    const [row] = await this.db
      .update(products)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(products.userId, userId), eq(products.id, id)))
      .returning();
    return row;
  }

  async createManual(product: NewProduct): Promise<ProductRow> {
    const [row] = await this.db.insert(products).values(product).returning();
    if (!row) throw new Error('product insert returned nothing');
    return row;
  }

  /** Deletes a product (its links go with it); answers whether it existed. */
  async deleteProduct(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(products)
      .where(and(eq(products.userId, userId), eq(products.id, id)))
      .returning({ id: products.id });
    return rows.length > 0;
  }

  /** The merchant's manual products whose name matches, newest first. */
  async searchManual(userId: string, q: string, limit: number, offset: number): Promise<ProductRow[]> {
    const match = q ? or(ilike(products.nameAr, likeOf(q)), ilike(products.nameEn, likeOf(q))) : undefined;
    return this.db
      .select()
      .from(products)
      .where(and(eq(products.userId, userId), eq(products.source, 'manual'), match))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset(offset);
  }

  /** Products the platform deleted, kept as the merchant's notice until dismissed. */
  async removedProducts(userId: string): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(products)
      .where(and(eq(products.userId, userId), isNotNull(products.removedAt)))
      .orderBy(desc(products.removedAt));
  }

  /** The merchant's live platform products (a content refresh reads each again). */
  async livePlatformProducts(userId: string): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(products)
      .where(and(eq(products.userId, userId), ne(products.source, 'manual'), isNull(products.removedAt)));
  }

  /** A product deleted on the platform: unlinked from every post and marked for the merchant's notice. */
  async markRemoved(userId: string, id: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(postProducts)
        .where(and(eq(postProducts.userId, userId), eq(postProducts.productId, id)));
      await tx
        .update(products)
        .set({ removedAt: now, updatedAt: now })
        .where(and(eq(products.userId, userId), eq(products.id, id)));
    });
  }
}
