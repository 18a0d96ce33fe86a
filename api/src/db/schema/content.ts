import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TStoredHighlight, TStoredPost, TStoredProfile } from '@app/shared';
import { ts, createdAt, updatedAt, version } from './columns.js';
import { users } from './accounts.js';

// What the widget shows: accounts and their fetched content, snapshots, settings, installs, event
// counters, the media ledger and the periodic jobs' leases.

export const instagramAccounts = pgTable(
  'instagram_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instagramUsername: text('instagram_username').notNull(),
    /** Public, unguessable, URL-safe key used by the embed snippet. */
    publicWidgetKey: text('public_widget_key').notNull(),
    isValidated: boolean('is_validated').notNull().default(false),
    widgetContentReady: boolean('widget_content_ready').notNull().default(false),
    userIdExternal: text('user_id_external'),
    /**
     * Instagram's numeric user id. Kept as text: real ids exceed 2^53 and would lose digits as a
     * JavaScript number.
     */
    instagramUserId: text('instagram_user_id'),
    lastRefresh: ts('last_refresh'),
    /** When the refresh engine should next fetch this account. */
    nextRefreshAt: ts('next_refresh_at').notNull().defaultNow(),
    /** A worker's lease: while in the future, no other worker takes the account. */
    claimedUntil: ts('claimed_until'),
    claimedBy: text('claimed_by'),
    /** Failed attempts since the last success (drives the backoff). */
    refreshAttempts: integer('refresh_attempts').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('instagram_accounts_user_id_key').on(t.userId),
    uniqueIndex('instagram_accounts_public_widget_key_key').on(t.publicWidgetKey),
    // The tick reads only due rows, through this index.
    index('instagram_accounts_next_refresh_at_idx').on(t.nextRefreshAt),
  ],
);

/**
 * The last good content of an account, one row written in one statement, so a reader never sees half a
 * refresh. Media inside point at our media store, never at Instagram's CDN.
 */
export const instagramContent = pgTable('instagram_content', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => instagramAccounts.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<TStoredProfile>().notNull(),
  posts: jsonb('posts').$type<TStoredPost[]>().notNull(),
  highlights: jsonb('highlights').$type<TStoredHighlight[]>().notNull(),
  source: text('source').notNull(),
  fetchedAt: ts('fetched_at').notNull(),
  version: version(),
});

/**
 * The exact body `/api/widget/init` answers for a merchant, rebuilt after every refresh and settings
 * change. Served from memory, then the cache, then this table.
 */
export const widgetSnapshots = pgTable(
  'widget_snapshots',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicWidgetKey: text('public_widget_key').notNull(),
    body: text('body').notNull(),
    etag: text('etag').notNull(),
    version: integer('version').notNull().default(1),
    builtAt: ts('built_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('widget_snapshots_public_widget_key_key').on(t.publicWidgetKey)],
);

export const widgetPreferences = pgTable('widget_preferences', {
  /** One row per merchant (the merchant is the user). */
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The settings document: what ZWidgetSettings (shared/src/schemas/widget.ts) parses, read through it so
   * fields added since it was written get their defaults (docs/architecture.md "Widget settings").
   */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The document's format: 1 today. A change that defaults cannot express (a renamed or reshaped field)
   * raises it and converts older documents when read.
   */
  settingsSchemaVersion: integer('settings_schema_version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

/**
 * The installation check: the page origins that loaded a widget (from its init request's Origin or
 * Referer), first and last seen. Written at most once a minute per key, after the answer was sent.
 */
export const widgetInstalls = pgTable(
  'widget_installs',
  {
    publicWidgetKey: text('public_widget_key').notNull(),
    origin: text('origin').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicWidgetKey, t.origin] }),
    index('widget_installs_key_last_seen_idx').on(t.publicWidgetKey, t.lastSeenAt),
  ],
);

/**
 * What store visitors did with a merchant's widget, counted per (Saudi) day: no visitor, address or raw
 * event is ever stored. `subject` is '' for the day's total of `type`, else the post, product or
 * highlight the count is about (`post_product_click`, `post_add_to_cart`: product clicks and add-to-carts
 * made from that post's viewer).
 * API processes add to these rows with upsert increments, so any number of them can flush at once.
 */
export const widgetEventCounts = pgTable(
  'widget_event_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', {
      enum: [
        'impression',
        'post_open',
        'story_open',
        'product_click',
        'follow_click',
        'post_product_click',
        'add_to_cart',
        'post_add_to_cart',
      ],
    }).notNull(),
    subject: text('subject').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.type, t.subject] }),
    // Retention removes old days through this index.
    index('widget_event_counts_day_idx').on(t.day),
  ],
);

/**
 * Every media item (by content hash) the store holds or is about to write, for the clean-up. A store of the
 * item clears `unreferenced_since` (under this row's lock) before it checks what exists; the clean-up sets it
 * when it finds no content, story, product or highlight using the item, and deletes the files only once it
 * has stayed set for the grace period, holding this row's lock while it deletes (media-cleanup.service.ts).
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    hash: text('hash').primaryKey(),
    unreferencedSince: ts('unreferenced_since'),
  },
  (t) => [index('media_objects_unreferenced_since_idx').on(t.unreferencedSince)],
);

/**
 * Periodic jobs that one process at a time runs (any number of cron processes may try): a lease like the
 * refresh claims, and when the job is next due.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  leaseUntil: ts('lease_until'),
  nextRunAt: ts('next_run_at').notNull(),
});
