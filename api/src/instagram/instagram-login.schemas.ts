import { z } from 'zod';
import { ZGraphMedia, ZGraphPaging, ZGraphTimestamp } from './graph.schemas.js';

/**
 * What Instagram's API with Instagram Login answers (api.instagram.com and graph.instagram.com), as far as
 * we read it. Outside shapes, like graph.schemas.ts: mapped to our own types by the client.
 */

/**
 * An Instagram id. Meta documents them as numeric strings, but some answers carry bare JSON numbers beyond
 * 2^53 (`"user_id": 17841405793187218` in the oauth/access_token reference): the client parses bodies with
 * `parseJsonKeepingBigIntegers`, so those arrive here as strings with every digit; a small number is
 * accepted and written out.
 */
export const ZInstagramId = z.union([
  z.string().regex(/^\d{1,40}$/, 'not an Instagram id'),
  z
    .number()
    .int()
    .nonnegative()
    .refine((v) => Number.isSafeInteger(v), 'an id beyond 2^53 lost its digits')
    .transform((v) => String(v)),
]);

/** One granted token as the code exchange gives it; `permissions` comes as a comma list or an array. */
const ZShortLivedToken = z.object({
  access_token: z.string().min(1),
  user_id: ZInstagramId.optional().catch(undefined),
  permissions: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined),
});

/**
 * `POST /oauth/access_token`: flat in the endpoint's reference (`{access_token, user_id}`), wrapped in
 * `data: [...]` on the Business Login page. Both are read.
 */
export const ZCodeExchangeAnswer = z.union([
  ZShortLivedToken,
  z.object({ data: z.array(ZShortLivedToken).min(1) }).transform((v) => v.data[0]!),
]);

/** `GET /access_token?grant_type=ig_exchange_token` and `GET /refresh_access_token`. */
export const ZLongLivedToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().int().positive(),
});

const ZCount = z.number().int().nonnegative();

/**
 * One account as `GET /me?fields=user_id,username,…` describes it. `user_id` is the professional account's
 * Instagram id, `id` the app-scoped id; an answer may carry either or both (the User reference's example
 * has only `id`). Counts and optional fields that come in a shape we do not expect are dropped, not fatal.
 */
const ZInstagramMeAccount = z
  .object({
    id: ZInstagramId.optional().catch(undefined),
    user_id: ZInstagramId.optional().catch(undefined),
    username: z.string().min(1),
    name: z.string().optional().catch(undefined),
    account_type: z.string().optional().catch(undefined),
    profile_picture_url: z.string().optional().catch(undefined),
    followers_count: ZCount.optional().catch(undefined),
    follows_count: ZCount.optional().catch(undefined),
    media_count: ZCount.optional().catch(undefined),
  })
  .refine((me) => me.user_id !== undefined || me.id !== undefined, {
    message: 'neither user_id nor id',
    path: ['user_id'],
  });

/** `GET /me`: flat (the User reference), or wrapped in `data: [...]` (the Get Started page). */
export const ZInstagramMe = z.union([
  ZInstagramMeAccount,
  z.object({ data: z.array(ZInstagramMeAccount).min(1) }).transform((v) => v.data[0]!),
]);
export type InstagramMe = z.infer<typeof ZInstagramMe>;

/** `GET /me/media`: one page. */
export const ZInstagramMediaPage = z.object({
  data: z.array(ZGraphMedia),
  paging: ZGraphPaging.optional(),
});

/** `GET /me/stories`: the last 24 h. */
export const ZInstagramStory = z.object({
  id: z.string().min(1),
  media_type: z.enum(['IMAGE', 'VIDEO']),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  permalink: z.string().optional(),
  timestamp: ZGraphTimestamp,
});
export const ZInstagramStoriesPage = z.object({
  data: z.array(ZInstagramStory),
  paging: ZGraphPaging.optional(),
});
