import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TStoredImage, TStoredVideo } from '@app/shared';
import { ts, createdAt, updatedAt } from './columns.js';
import { users } from './accounts.js';

// What merchants curate: stories and highlights, hidden and pinned posts, products linked to posts.

/**
 * Stories of merchants' connected accounts, kept after Instagram drops them (24 h) so merchants can group
 * them into highlights. Media point at our media store. A story the merchant deleted stays as a bare row
 * (no media) until retention removes it, so the next poll does not archive it again while it is live.
 */
export const instagramStories = pgTable(
  'instagram_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Instagram account the story came from (Meta's data-deletion requests name it). */
    igUserId: text('ig_user_id').notNull(),
    /** Instagram's story id. */
    externalId: text('external_id').notNull(),
    mediaType: text('media_type', { enum: ['image', 'video'] }).notNull(),
    takenAt: ts('taken_at').notNull(),
    image: jsonb('image').$type<TStoredImage>(),
    video: jsonb('video').$type<TStoredVideo>(),
    durationSeconds: doublePrecision('duration_seconds'),
    archivedAt: ts('archived_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('instagram_stories_user_external_key').on(t.userId, t.externalId),
    index('instagram_stories_user_taken_at_idx').on(t.userId, t.takenAt),
    // Retention removes the oldest rows through this index.
    index('instagram_stories_taken_at_idx').on(t.takenAt),
    index('instagram_stories_ig_user_id_idx').on(t.igUserId),
  ],
);

/**
 * Highlights a merchant makes from archived stories. `latest` is the automatic one (one per merchant, on
 * by default): its stories are those of the last 7 days, never a stored list.
 */
export const merchantHighlights = pgTable(
  'merchant_highlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['custom', 'latest'] })
      .notNull()
      .default('custom'),
    title: text('title').notNull(),
    /** 0-based order in the widget's strip. */
    position: integer('position').notNull(),
    /** Only the Latest highlight can be switched off; custom ones are deleted instead. */
    enabled: boolean('enabled').notNull().default(true),
    /** The cover: an archived story's picture, or an uploaded image; neither means the first story's. */
    coverStoryId: uuid('cover_story_id').references(() => instagramStories.id, { onDelete: 'set null' }),
    coverImage: jsonb('cover_image').$type<TStoredImage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchant_highlights_user_id_idx').on(t.userId, t.position),
    uniqueIndex('merchant_highlights_one_latest')
      .on(t.userId)
      .where(sql`${t.kind} = 'latest'`),
  ],
);

/** The stories of a custom highlight, in the merchant's order. Deleting a story takes it out. */
export const merchantHighlightStories = pgTable(
  'merchant_highlight_stories',
  {
    highlightId: uuid('highlight_id')
      .notNull()
      .references(() => merchantHighlights.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => instagramStories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.highlightId, t.storyId] }),
    index('merchant_highlight_stories_story_id_idx').on(t.storyId),
  ],
);

/**
 * The merchant's choices about their Instagram posts (issue 17): hidden posts never reach the widget,
 * pinned ones (1..3) come first in that order. Keyed by the post's id in the stored content, so a refresh
 * keeps them; a row whose post is gone does nothing.
 */
export const postSettings = pgTable(
  'post_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    pinnedPosition: integer('pinned_position'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    uniqueIndex('post_settings_one_pin_per_position')
      .on(t.userId, t.pinnedPosition)
      .where(sql`${t.pinnedPosition} is not null`),
    check('post_settings_pinned_position_range', sql`${t.pinnedPosition} between 1 and 3`),
  ],
);

/**
 * Products merchants link to posts: a local copy of a Salla or Zid catalogue product (refreshed with the
 * store's content and by the platform's product webhooks), or a manual product for other stores. Money in
 * halalas. A platform product deleted on the platform is unlinked and keeps `removed_at` as the merchant's
 * notice until they dismiss it.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['salla', 'zid', 'manual'] }).notNull(),
    /** The product's id on the platform (null for manual products). */
    externalId: text('external_id'),
    nameAr: text('name_ar'),
    nameEn: text('name_en'),
    url: text('url').notNull(),
    priceHalalas: integer('price_halalas').notNull(),
    salePriceHalalas: integer('sale_price_halalas'),
    currency: text('currency').notNull().default('SAR'),
    available: boolean('available').notNull().default(true),
    /** The platform says the shopper must choose options first (Salla `options[].required`). */
    needsOptions: boolean('needs_options').notNull().default(false),
    image: jsonb('image').$type<TStoredImage>(),
    /** Where the image was copied from: an unchanged URL is not copied again. */
    imageSourceUrl: text('image_source_url'),
    refreshedAt: ts('refreshed_at'),
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('products_platform_key')
      .on(t.userId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('products_external_idx').on(t.source, t.externalId),
    check(
      'products_prices_non_negative',
      sql`${t.priceHalalas} >= 0 and coalesce(${t.salePriceHalalas}, 0) >= 0`,
    ),
  ],
);

/** The products linked to a post, in the merchant's order (at most 5). */
export const postProducts = pgTable(
  'post_products',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId, t.productId] }),
    index('post_products_product_id_idx').on(t.productId),
  ],
);
