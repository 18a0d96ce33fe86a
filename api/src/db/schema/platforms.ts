import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns.js';
import { users } from './accounts.js';

// Store platforms (Salla, Zid) and Meta logins (Instagram, Facebook): connections, store links, the
// webhook inbox and data deletion requests.

const platformConnectionColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The platform's store / merchant id. */
  storeId: text('store_id').notNull(),
  /** Tokens are stored encrypted (AES-GCM, key from the environment), never in clear. */
  accessTokenEnc: text('access_token_enc'),
  refreshTokenEnc: text('refresh_token_enc'),
  tokenExpiresAt: ts('token_expires_at'),
  scope: text('scope'),
  /** needs_reauthorisation: renewing the tokens failed; the merchant reinstalls to authorise again. */
  status: text('status', { enum: ['active', 'uninstalled', 'needs_reauthorisation'] })
    .notNull()
    .default('active'),
  needsPasswordSetup: boolean('needs_password_setup').notNull().default(false),
  /** Zid's storefront script: registered through its API, retried with backoff by cron until it is. */
  scriptStatus: text('script_status', { enum: ['pending', 'registered', 'failed'] }),
  scriptError: text('script_error'),
  scriptAttempts: integer('script_attempts').notNull().default(0),
  scriptNextAttemptAt: ts('script_next_attempt_at'),
  /**
   * Zid's store webhooks (product changes) are created per store through its API after install, retried
   * with backoff like the script, and deleted at uninstall. Salla subscribes once, in the app's settings.
   */
  webhooksStatus: text('webhooks_status', { enum: ['pending', 'registered', 'failed'] }),
  webhooksError: text('webhooks_error'),
  webhooksAttempts: integer('webhooks_attempts').notNull().default(0),
  webhooksNextAttemptAt: ts('webhooks_next_attempt_at'),
  /** The store's name and URL as the platform last reported them (a change there updates the account). */
  platformStoreName: text('platform_store_name'),
  platformStoreUrl: text('platform_store_url'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  installedAt: ts('installed_at'),
  uninstalledAt: ts('uninstalled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sallaConnections = pgTable('salla_connections', platformConnectionColumns(), (t) => [
  uniqueIndex('salla_connections_user_id_key').on(t.userId),
  uniqueIndex('salla_connections_store_id_key').on(t.storeId),
]);

export const zidConnections = pgTable('zid_connections', platformConnectionColumns(), (t) => [
  uniqueIndex('zid_connections_user_id_key').on(t.userId),
  uniqueIndex('zid_connections_store_id_key').on(t.storeId),
]);

/**
 * A store install whose e-mail belongs to an account that existed before it. The store is linked to that
 * account only when its owner confirms through the one-time link e-mailed to them (stored hashed, valid
 * 24 h, deleted on use); until then no connection exists, so the store's widget shows nothing and the
 * platform's events cannot touch the account. The install's tokens wait here, sealed.
 */
export const storeLinkRequests = pgTable(
  'store_link_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['salla', 'zid'] }).notNull(),
    storeId: text('store_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    storeName: text('store_name'),
    storeUrl: text('store_url'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: ts('token_expires_at'),
    scope: text('scope'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_link_requests_store_key').on(t.platform, t.storeId),
    uniqueIndex('store_link_requests_token_hash_key').on(t.tokenHash),
    index('store_link_requests_user_id_idx').on(t.userId),
  ],
);

/**
 * Every webhook delivery from Salla or Zid, keyed by the hash of its raw body: a retried delivery is
 * recognised and changes nothing the second time. Processed after the 2xx answer; pending ones are
 * retried by cron.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    platform: text('platform', { enum: ['salla', 'zid'] }).notNull(),
    event: text('event').notNull(),
    storeId: text('store_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [index('webhook_deliveries_pending_idx').on(t.status, t.receivedAt)],
);

/**
 * The columns of a Meta login connection (Instagram Login, Facebook Login): one per merchant, the
 * long-lived token sealed like the Salla/Zid tokens, `needs_reconnect` when Meta refused it (error 190) or
 * a refresh failed. Both tables have exactly these columns, so one repository serves both.
 */
const metaConnectionColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The Instagram professional account's id, as text: real ids exceed 2^53. */
  igUserId: text('ig_user_id').notNull(),
  /**
   * Every id the login named this person or account by (Instagram Login: the code exchange's `user_id`,
   * `/me`'s `user_id` and `id`, app-scoped; Facebook Login: the Instagram account's id and the Facebook
   * user's app-scoped id). Meta's deauthorize and data-deletion requests may use any of them.
   */
  igIds: text('ig_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  username: text('username').notNull(),
  accountType: text('account_type'),
  /** Connected through the dev consent page: its content is generated sample content. */
  demo: boolean('demo').notNull().default(false),
  accessTokenEnc: text('access_token_enc'),
  /** When the current long-lived token was issued (refreshes need it to be at least 24 h old). */
  tokenIssuedAt: ts('token_issued_at'),
  tokenExpiresAt: ts('token_expires_at'),
  status: text('status', { enum: ['active', 'needs_reconnect'] })
    .notNull()
    .default('active'),
  lastError: text('last_error'),
  lastErrorAt: ts('last_error_at'),
  /** The last health e-mail sent for this connection (one, then at most weekly). */
  healthNotifiedAt: ts('health_notified_at'),
  /** The last time the stories of this account were read (polled at least every 4 h). */
  storiesPolledAt: ts('stories_polled_at'),
  connectedAt: ts('connected_at').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A merchant's own Instagram professional account, connected through Instagram Login: its posts (and its
 * stories, if `/me/stories` answers). An Instagram account connects to one merchant at a time.
 */
export const instagramConnections = pgTable('instagram_connections', metaConnectionColumns(), (t) => [
  uniqueIndex('instagram_connections_user_id_key').on(t.userId),
  index('instagram_connections_ig_user_id_idx').on(t.igUserId),
  index('instagram_connections_ig_ids_idx').using('gin', t.igIds),
  index('instagram_connections_token_expires_at_idx').on(t.tokenExpiresAt),
  // The story poll reads only due rows, through this index.
  index('instagram_connections_stories_polled_at_idx').on(t.storiesPolledAt),
]);

/**
 * The same merchant's Instagram account reached through Facebook Login for Business (the account linked
 * to a Facebook Page): the documented source of its stories (`GET /{ig-user-id}/stories` with a Facebook
 * user token). The token is the long-lived Facebook user token (about 60 days, refreshed before expiry).
 */
export const facebookConnections = pgTable('facebook_connections', metaConnectionColumns(), (t) => [
  uniqueIndex('facebook_connections_user_id_key').on(t.userId),
  index('facebook_connections_ig_user_id_idx').on(t.igUserId),
  index('facebook_connections_ig_ids_idx').using('gin', t.igIds),
  index('facebook_connections_token_expires_at_idx').on(t.tokenExpiresAt),
  index('facebook_connections_stories_polled_at_idx').on(t.storiesPolledAt),
]);

/**
 * Meta's data-deletion requests: the confirmation code answers the status page Meta links people to.
 * Kept after the data are gone, so the page can say so.
 */
export const instagramDeletionRequests = pgTable('instagram_deletion_requests', {
  confirmationCode: text('confirmation_code').primaryKey(),
  igUserId: text('ig_user_id').notNull(),
  status: text('status', { enum: ['received', 'completed'] })
    .notNull()
    .default('received'),
  accounts: integer('accounts').notNull().default(0),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});
