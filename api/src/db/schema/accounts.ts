import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt, version } from './columns.js';

// Merchants and their sign-in: users, magic-link codes, sessions, refresh tokens, the dev mailbox.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    fullName: text('full_name'),
    businessName: text('business_name'),
    storeUrl: text('store_url'),
    storePlatform: text('store_platform', { enum: ['salla', 'zid', 'other'] })
      .notNull()
      .default('other'),
    passwordHash: text('password_hash'),
    needsPasswordSetup: boolean('needs_password_setup').notNull().default(false),
    trialEndsAt: ts('trial_ends_at'),
    /** Free-form user metadata (display settings, last refresh…) as the product's user_metadata. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** One-time sign-in codes. Only the SHA-256 of the code is stored; the code itself is only in the e-mail. */
export const magicLinkCodes = pgTable(
  'magic_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    email: text('email').notNull(),
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('magic_link_codes_expires_at_idx').on(t.expiresAt)],
);

/** A signed-in device: the family every rotated refresh token belongs to. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored hashed; each works once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Outside production, every outgoing e-mail is kept here and shown at /dev/mailbox. */
export const devMailbox = pgTable('dev_mailbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  link: text('link'),
  sentAt: createdAt(),
});
