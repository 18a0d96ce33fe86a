import { z } from 'zod';
import { ZCacheStats } from './common.js';
import { ZContentHealthState } from './instagram.js';

/**
 * The admin API (product §2 "Admin area", §7 admin calls). Every route is authorised on the server by the
 * signed-in user's `is_admin`; no secret travels with the page.
 */

export const ADMIN_PAGE_SIZE_DEFAULT = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;

/** Query string numbers arrive as text; a blank value means "not given". */
const queryInt = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/** GET /api/admin/users?page=&page_size= */
export const ZAdminUsersQuery = z.object({
  page: queryInt(1, 1, 1_000_000),
  page_size: queryInt(ADMIN_PAGE_SIZE_DEFAULT, 1, ADMIN_PAGE_SIZE_MAX),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** One connected account as the admin list shows it (product §3 "Connected account"), plus plan and last error. */
export const ZAdminAccount = z.object({
  id: z.string(),
  user_id: z.string(),
  instagram_username: z.string(),
  /** A `/media/…` path in our media store, resolved by the page against its own origin; null before the first refresh. */
  profile_picture_url: z.string().startsWith('/media/').nullable(),
  is_verified: z.boolean(),
  followers_count: z.number().int().nonnegative().nullable(),
  media_count: z.number().int().nonnegative().nullable(),
  /** When the last successful refresh finished (ISO), or null when it never did. */
  last_fetched_at: z.string().nullable(),
  plan: z.enum(['basic', 'pro', 'trial', 'free']),
  last_error: z.string().nullable(),
  email: z.string(),
  /** Flagged when the connection needs reconnecting or the content is stale (see ZContentHealth). */
  health: ZContentHealthState,
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminUsersResponse = z.object({
  accounts: z.array(ZAdminAccount),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ADMIN_REFRESH_BODY_MESSAGE = 'Send either user_id or refresh_all: true.';

/**
 * POST /api/admin/content-refresh. One account: `{user_id, source_type:'all', force_invalidate:true}`;
 * every account: `{refresh_all:true, source_type:'all', force_invalidate:true}` (product §7; source_type is
 * always 'all', product §9).
 */
export const ZAdminRefreshRequest = z
  .strictObject({
    user_id: z.uuid('must be a user id (a UUID)').optional(),
    refresh_all: z.literal(true).optional(),
    source_type: z.literal('all'),
    force_invalidate: z.literal(true),
  })
  .refine((body) => (body.user_id === undefined) !== (body.refresh_all === undefined), {
    message: ADMIN_REFRESH_BODY_MESSAGE,
  });
export type TAdminRefreshRequest = z.infer<typeof ZAdminRefreshRequest>;

/** 202 answer; `queued` is the number of accounts made due (1 for a single account). */
export const ZAdminRefreshResponse = z.object({
  message: z.string(),
  queued: z.number().int().nonnegative(),
});
export type TAdminRefreshResponse = z.infer<typeof ZAdminRefreshResponse>;

export const ADMIN_MESSAGES = {
  refreshStarted: 'Content refresh initiated successfully',
  accountNotFound: 'No connected Instagram account for this user.',
  cacheUnavailable: 'Cache statistics are unavailable: the cache server did not answer.',
} as const;

/** The bulk refresh answer names how many accounts were queued. */
export const refreshAllStartedMessage = (count: number) =>
  `Content refresh initiated for ${count} ${count === 1 ? 'account' : 'accounts'}`;

/** GET /api/admin/cache-stats: the cache port's figures (Redis INFO or the in-process LRU's counters). */
export const ZAdminCacheStats = ZCacheStats;
export type TAdminCacheStats = z.infer<typeof ZAdminCacheStats>;

/**
 * How the admin page reads that answer: any figure may be missing or null (a cache that does not report
 * it), and the page shows 'not available' for it instead of failing the whole card set.
 */
export const ZAdminCacheStatsReading = z.object({
  total_keys: z.number().nullish(),
  hits: z.number().nullish(),
  misses: z.number().nullish(),
  hit_rate_percentage: z.number().nullish(),
  used_memory_bytes: z.number().nullish(),
  used_memory_human: z.string().nullish(),
});
export type TAdminCacheStatsReading = z.infer<typeof ZAdminCacheStatsReading>;

/** A background job that failed its last attempt (GET /api/admin/jobs/dead), waiting for an admin. */
export const ZAdminDeadJob = z.object({
  id: z.uuid(),
  name: z.string(),
  payload: z.unknown(),
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  created_at: z.iso.datetime(),
  died_at: z.iso.datetime().nullable(),
});
export const ZAdminDeadJobs = z.object({ jobs: z.array(ZAdminDeadJob) });
export type TAdminDeadJobs = z.infer<typeof ZAdminDeadJobs>;

/** POST /api/admin/jobs/:id/retry: the dead job, back in the queue with its attempts reset. */
export const ZAdminJobParams = z.object({ id: z.uuid('must be a job id (a UUID)') });
export const ZAdminJobRetried = z.object({ id: z.uuid(), status: z.literal('queued') });
